#!/usr/bin/env bash
# Develops a 36-exposure roll of 12-megapixel photos with the release `filmkit` and reports
# frames per second and CPU use (from GNU time's "Percent of CPU").
# Usage: Benchmarks/roll-develop.sh [stock]   (default stock: kodak-portra-400)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=SCRIPTDIR/lib.sh
source Benchmarks/lib.sh
stock="${1:-kodak-portra-400}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product filmkit >/dev/null
tool="$(swift build -c release --show-bin-path)/filmkit"
make_photo 12 "$work/12mp.jpg"
echo "photo: $(vipsheader "$work/12mp.jpg")"

"$tool" roll load Bench --stock "$stock" --size 36 --library "$work/lib" >/dev/null
photos=()
for _ in $(seq 36); do photos+=("$work/12mp.jpg"); done
"$tool" roll shoot Bench "${photos[@]}" --library "$work/lib" >/dev/null

/usr/bin/time -v "$tool" roll develop Bench --library "$work/lib" >"$work/out" 2>"$work/time"
seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$work/time")
cpu=$(awk -F': ' '/Percent of CPU/ { print $2 }' "$work/time")
cpu_seconds=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$work/time")
rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time")
echo "cores: $(nproc)  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "developed 36 frames in ${seconds} s: $(awk -v s="$seconds" 'BEGIN { printf "%.2f", 36 / s }') frames/s, CPU ${cpu}, peak RSS ${rss} KB"
echo "CPU time: ${cpu_seconds} s, $(awk -v c="$cpu_seconds" 'BEGIN { printf "%.2f", c / 36 }') s per frame"
