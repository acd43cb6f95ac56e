#!/usr/bin/env bash
# Measures RecorderKit's ingest targets on this machine (release build):
#   1. ingest speed and CPU time per 1920×1080 frame (600 frames, no events; the CPU time includes
#      making the frames, so it is an upper bound);
#   2. the CPU time ffmpeg's MJPEG encoder spends on the same raw frames;
#   3. with LONG=1, peak memory over 18 000 frames (10 minutes of 30 fps video, unpaced) with an
#      event every 30 s.
# The commands are shared with Benchmarks/compare.sh through Benchmarks/lib.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=SCRIPTDIR/../../Benchmarks/lib.sh
source Benchmarks/lib.sh
swift build -c release --product recorder-benchmark >/dev/null
bin=.build/release/recorder-benchmark
frames=${FRAMES:-600}

echo "== RecorderKit ingest, $frames frames"
recorder_ingest "$bin" "$frames" |
    awk '{ printf "RecorderKit: %s fps, %s ms CPU per frame (making the frames included), peak RSS %s MB\n", $1, $2, $3 }'

echo "== ffmpeg ${ffmpeg_mjpeg_arguments[*]} (same raw frames through a pipe)"
ffmpeg_raw_time "$bin" "$frames" "${ffmpeg_mjpeg_arguments[@]}" |
    awk -v n="$frames" '{ printf "ffmpeg: %.2f ms CPU per frame, %.1f s wall\n", $2 * 1000 / n, $1 }'

if [ "${LONG:-0}" = 1 ]; then
    for mjpeg in 0 1; do
        echo "== long run: 18000 frames, an event every 900 frames, $([ $mjpeg = 1 ] && echo MJPEG || echo H.264) clips"
        "$bin" ingest --frames 18000 --event-every 900 --report-every 1800 --mjpeg "$mjpeg"
    done
fi
