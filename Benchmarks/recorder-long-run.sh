#!/usr/bin/env bash
# RecorderKit's long run (not in CI): a day of a 1080p30 H.264 camera recorded in passthrough with
# continuous recording on (60 s segments) under a 2 GB storage budget, an event every 10 minutes.
# The camera is a generated 90 s stream (Benchmarks/lib.sh's make_live_stream: a key frame a second,
# about 4 Mbit/s) looped by FFmpeg's concat demuxer, so its timestamps run on without a break, and
# read unpaced: the simulated hours pass much faster than real time. Disk use is sampled from the
# file system every 50 ms; at the end every event's clip must still be there. Prints the simulated
# hours, the rate, disk use against the budget, the clips and peak RSS (`recorder-benchmark longrun`).
#
#   bash Benchmarks/recorder-long-run.sh                  # 24 h, at most 25 minutes of wall clock
#   HOURS=2 MINUTES=5 bash Benchmarks/recorder-long-run.sh
#   CONFIG=debug bash Benchmarks/recorder-long-run.sh     # the debug build (no release build needed)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=SCRIPTDIR/lib.sh
source Benchmarks/lib.sh
config=${CONFIG:-release}
swift build -c "$config" --product recorder-benchmark >/dev/null
media=${TMPDIR:-/tmp}/analogkit-benchmarks/live-1080p30-90s.mp4
echo "== making a 90 s 1920×1080 30 fps H.264 stream (once; cached in $(dirname "$media"))"
make_live_stream 90 "$media"
echo "== $(stat -c %s "$media") bytes; recording it looped, $config build"
".build/$config/recorder-benchmark" longrun "$media" --file-seconds 90 --hours "${HOURS:-24}" \
    --minutes "${MINUTES:-25}" --budget-mb "${BUDGET_MB:-2000}" --event-minutes "${EVENT_MINUTES:-10}" \
    --segment-seconds "${SEGMENT_SECONDS:-60}"
