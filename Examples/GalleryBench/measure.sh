#!/usr/bin/env bash
# Issue 6's speed figures for GalleryKit thumbnails (a measurement, not a test):
#  1. a 256-px thumbnail of a 24 MP JPEG: gallery-bench (GalleryKit's uncached thumbnail, whole
#     process) against vipsthumbnail and ImageMagick's convert -thumbnail, runs alternating, medians;
#     and the same thumbnail timed inside one process;
#  2. uncached thumbnails of 500 photos, with the CPU use /usr/bin/time reports (200 % = both cores).
# Usage: Examples/GalleryBench/measure.sh [runs per command, default 15] [photos, default 500]
set -euo pipefail
runs=${1:-15}
photos=${2:-500}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gallerykit-measure.XXXXXX")
trap 'rm -rf "$work"' EXIT

swift build -c release --product gallery-bench --package-path "$root" >/dev/null
bench="$root/.build/release/gallery-bench"

# A 24 MP JPEG with photo-like detail (a sample upscaled 9.4×, plus grain), quality 92, ~10 MB.
big="$work/big.jpg"
vips resize "$root/Examples/Samples/rocket.jpg" "$work/smooth.v" 9.4
vips gaussnoise "$work/noise.v" 6016 4014 --sigma 10
vips add "$work/smooth.v" "$work/noise.v" "$work/sum.v"
vips cast "$work/sum.v" "$work/sum8.v" uchar
vips jpegsave "$work/sum8.v" "$big" --Q 92
rm "$work"/*.v
echo "source: $(vipsheader "$big"), $(stat -c %s "$big") bytes"

python3 - "$runs" "$big" "$work" "$bench" <<'PY'
import statistics, subprocess, sys, time
runs, big, work, bench = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
commands = {
    "vipsthumbnail": ["vipsthumbnail", big, "-s", "256", "-o", f"{work}/vips.jpg"],
    # a new library each run (created, migrated, removed: the first-launch cost included)
    "gallerykit-new": [bench, "thumbnail", big, "256", f"{work}/gallerykit.jpg"],
    # the library exists, as an app's does; each run asks for a photo not yet thumbnailed
    "gallerykit": [bench, "thumbnail", big, "256", f"{work}/gallerykit.jpg", f"{work}/library"],
    "imagemagick": ["convert", big, "-thumbnail", "256x256", f"{work}/magick.jpg"],
}
times = {name: [] for name in commands}
names = list(commands)
for name in names:  # one warm-up each
    subprocess.run(commands[name], check=True)
for round in range(runs):
    shift = round % len(names)
    order = names[shift:] + names[:shift]  # rotate so no command always goes first
    for name in order:
        start = time.perf_counter()
        subprocess.run(commands[name], check=True)
        times[name].append(time.perf_counter() - start)
median = {name: statistics.median(values) for name, values in times.items()}
for name in names:
    print(f"{name:14} median {median[name] * 1000:7.1f} ms  (min {min(times[name]) * 1000:.1f}, max {max(times[name]) * 1000:.1f}, {runs} runs)")
print(f"gallerykit / vipsthumbnail = {median['gallerykit'] / median['vipsthumbnail']:.2f}  (target <= 1.2)")
print(f"gallerykit-new / vipsthumbnail = {median['gallerykit-new'] / median['vipsthumbnail']:.2f}")
print(f"imagemagick / gallerykit   = {median['imagemagick'] / median['gallerykit']:.2f}  (target >= 4)")
print(f"imagemagick / vipsthumbnail = {median['imagemagick'] / median['vipsthumbnail']:.2f}  (the ceiling for any libvips-based thumbnail)")
PY

echo "GalleryKit in one process (no process start-up or library creation per thumbnail):"
"$bench" timed "$big" 256 15

echo "Saving the 24 MP JPEG with EXIF (lossless transcode through libjpeg, then fsync):"
"$bench" save-timed "$big" 10

# 500 distinct paths (hard links to the one 24 MP file: each is a separate, uncached entry).
mkdir "$work/photos"
for i in $(seq -w 1 "$photos"); do ln "$big" "$work/photos/photo-$i.jpg"; done
echo "$photos photos, 256 px, fresh cache:"
/usr/bin/time -f "wall %e s, user %U s, system %S s, CPU %P" "$bench" batch "$work/photos" 256
