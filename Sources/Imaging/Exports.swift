// FileSystemPath (file names as bytes) lives in FileSafety, the small target of file helpers the
// kits share without libvips; re-exported so that `import Imaging` keeps it, as before it moved.
@_exported import FileSafety
