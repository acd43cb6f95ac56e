#!/bin/sh
# Measures RecorderKit's ingest targets on this machine (release build):
#   1. ingest speed and CPU time per 1920×1080 frame (600 frames, no events);
#   2. peak memory over 18 000 frames (10 minutes of 30 fps video, unpaced) with an event every 30 s;
#   3. the CPU time ffmpeg's MJPEG encoder spends on the same raw frames, and the generator's own share.
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --product recorder-benchmark >/dev/null
bin=.build/release/recorder-benchmark
frames=${FRAMES:-600}

echo "== RecorderKit ingest"
$bin ingest --frames "$frames"

echo "== generator alone (subtract from the ingest CPU time)"
/usr/bin/time -f "generator: %U s user + %S s system for $frames frames" $bin raw --frames "$frames" >/dev/null

for quality in "" "-q:v 3"; do
    echo "== ffmpeg -c:v mjpeg $quality (same raw frames through a pipe)"
    # shellcheck disable=SC2086
    $bin raw --frames "$frames" | /usr/bin/time -f "ffmpeg: %U s user + %S s system for $frames frames, %e s wall" \
        ffmpeg -v error -f rawvideo -pix_fmt rgb24 -s 1920x1080 -r 30 -i - -c:v mjpeg $quality -f null -
done

if [ "${LONG:-0}" = 1 ]; then
    echo "== long run: 18000 frames, an event every 900 frames"
    $bin ingest --frames 18000 --event-every 900 --report-every 1800
fi
