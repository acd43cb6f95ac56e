#!/usr/bin/env bash
# Measures RecorderKit's ingest targets on this machine (release build):
#   1. ingest speed and CPU time per 1920×1080 frame (600 frames, no events; the CPU time includes
#      making the frames, so it is an upper bound);
#   2. the CPU time ffmpeg's MJPEG encoder spends on the same raw frames;
#   3. with LONG=1, peak memory over 18 000 frames (10 minutes of 30 fps video, unpaced) with an
#      event every 30 s;
#   4. with UHD=1, ingest speed and peak memory on 3840×2160 frames (300 of them), silent and with
#      sound;
#   5. with LIVE=1, a passthrough recording of a 1080p30 H.264 RTSP stream (GStreamer's server on
#      loopback) for LIVE_SECONDS (default 600) with an event every 30 s, beside
#      `ffmpeg -rtsp_transport tcp -i URL -c copy` recording the same stream at the same time: CPU and
#      peak memory of each. LIVE_SECONDS=60 is a quick check.
# The commands are shared with Benchmarks/compare.sh through Benchmarks/lib.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=SCRIPTDIR/../../Benchmarks/lib.sh
source Benchmarks/lib.sh
swift build -c release --product recorder-benchmark >/dev/null
bin=.build/release/recorder-benchmark
if [ "${LIVE:-0}" = 1 ]; then swift build -c release --product recorder-host >/dev/null; fi
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

if [ "${UHD:-0}" = 1 ]; then
    echo "== RecorderKit ingest, 300 frames of 3840×2160, silent, then with 48 kHz stereo sound"
    "$bin" ingest --frames 300 --width 3840 --height 2160
    "$bin" ingest --frames 300 --width 3840 --height 2160 --audio 1
fi

if [ "${LIVE:-0}" = 1 ]; then
    seconds=${LIVE_SECONDS:-600}
    media=${TMPDIR:-/tmp}/analogkit-benchmarks/live-1080p30-$((seconds + 30))s.mp4
    work=$(mktemp -d)
    trap 'stop_rtsp_server "$work/server"; rm -rf "$work"' EXIT
    echo "== making a $((seconds + 30)) s 1920×1080 30 fps H.264 stream (once; cached in $(dirname "$media"))"
    make_live_stream $((seconds + 30)) "$media"
    url=$(start_rtsp_server "$media" "$work/server")
    echo "== passthrough recording of $url for $seconds s, an event every 30 s, beside ffmpeg -c copy"
    passthrough_against_ffmpeg .build/release/recorder-host "$url" "$seconds" "$work/run" | awk -v s="$seconds" '{
        printf "RecorderKit: %.2f s CPU (%.2f %% of a core), peak RSS %.1f MB, %d clips\n", $1, $1 / s * 100, $2, $5
        printf "ffmpeg -c copy: %.2f s CPU (%.2f %% of a core), peak RSS %.1f MB\n", $3, $3 / s * 100, $4
        printf "ratio: %.2f× the CPU of ffmpeg\n", ($3 > 0 ? $1 / $3 : 0) }'
fi
