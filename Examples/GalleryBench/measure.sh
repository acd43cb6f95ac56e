#!/usr/bin/env bash
# Issue 6's speed figures for GalleryKit thumbnails (a measurement, not a test):
#  1. a 256-px thumbnail of a 24 MP JPEG, one process each and in batches, against vipsthumbnail
#     and ImageMagick: the thumbnail section of Benchmarks/compare.sh (runs alternating, medians);
#  2. the same thumbnail timed inside one process, and saving the JPEG with EXIF;
#  3. uncached thumbnails of 500 photos, with the CPU use /usr/bin/time reports (200 % = both cores).
# Usage: Examples/GalleryBench/measure.sh [runs per command, default 15] [photos, default 500]
set -euo pipefail
runs=${1:-15}
photos=${2:-500}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
# shellcheck source=SCRIPTDIR/../../Benchmarks/lib.sh
source Benchmarks/lib.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/gallerykit-measure.XXXXXX")
trap 'rm -rf "$work"' EXIT

bash Benchmarks/compare.sh "$runs" thumbnails

swift build -c release --product gallery-bench >/dev/null
bench="$root/.build/release/gallery-bench"
big="$work/big.jpg"
make_photo 24 "$big"
echo "source: $(vipsheader "$big"), $(stat -c %s "$big") bytes"

echo "GalleryKit in one process (no process start-up or library creation per thumbnail):"
"$bench" timed "$big" 256 15

echo "Saving the 24 MP JPEG with EXIF (lossless transcode through libjpeg, then fsync):"
"$bench" save-timed "$big" 10

# Distinct paths (hard links to the one 24 MP file: each is a separate, uncached entry).
mkdir "$work/photos"
for i in $(seq -w 1 "$photos"); do ln "$big" "$work/photos/photo-$i.jpg"; done
echo "$photos photos, 256 px, fresh cache:"
/usr/bin/time -f "wall %e s, user %U s, system %S s, CPU %P" "$bench" batch "$work/photos" 256
