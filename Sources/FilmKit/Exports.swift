// SplitMix64 lives in SeededRandom (a small target the pixel-free tests use without libvips);
// re-exported so that `import FilmKit` keeps it, as before it moved.
@_exported import SeededRandom
