#!/usr/bin/env bash
# How long `filmkit apply --lut` takes to read a 33³ and a 65³ `.cube` file (issue 44: at most
# 20 ms and 150 ms). Each is timed as a whole `filmkit apply --lut` on a 16 × 16 photo, against
# the same command with a 2³ table in the same round (start-up, decoding, applying and encoding
# are the same in both), alternating the order every round; the difference of the medians is the
# reading. Prints markdown rows in Benchmarks/compare.sh's table (which runs this as its `luts`
# section).
# Usage: Benchmarks/lut-parse.sh [RUNS]   (default 9)
# Environment: FILMKIT, a filmkit binary to time (default: the release build, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=SCRIPTDIR/lib.sh
source Benchmarks/lib.sh
runs=${1:-9}
if [ -z "${FILMKIT:-}" ]; then
    swift build -c release --product filmkit >/dev/null
    FILMKIT="$(swift build -c release --show-bin-path)/filmkit"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cube SIZE FILE: a SIZE³ table written as graders' tools write one (six decimals), not an
# identity (an inverted, slightly warmed one, so no digit pattern repeats).
cube() {
    awk -v n="$1" 'BEGIN {
        printf "TITLE \"benchmark %d\"\nLUT_3D_SIZE %d\n", n, n
        for (b = 0; b < n; b++) for (g = 0; g < n; g++) for (r = 0; r < n; r++)
            printf "%.6f %.6f %.6f\n", 1 - r / (n - 1) * 0.97, 1 - g / (n - 1), 0.02 + (1 - b / (n - 1)) * 0.95
    }' >"$2"
}
for size in 2 33 65; do cube "$size" "$work/$size.cube"; done
vips black "$work/photo.png" 16 16 --bands 3

apply() { "$FILMKIT" apply --lut "$work/$1.cube" "$work/photo.png" "$work/out-$1.png"; }
times2="" times33="" times65=""
for ((round = 0; round < runs; round++)); do
    case $((round % 3)) in
    0) order="2 33 65" ;;
    1) order="33 65 2" ;;
    *) order="65 2 33" ;;
    esac
    for size in $order; do
        elapsed=$(elapsed_ms apply "$size")
        case $size in
        2) times2+="$elapsed"$'\n' ;;
        33) times33+="$elapsed"$'\n' ;;
        *) times65+="$elapsed"$'\n' ;;
        esac
    done
done
base=$(printf '%s' "$times2" | median)
for size in 33 65; do
    [ "$size" = 33 ] && total=$(printf '%s' "$times33" | median) target=20
    [ "$size" = 65 ] && total=$(printf '%s' "$times65" | median) target=150
    parse=$(awk -v t="$total" -v b="$base" 'BEGIN { d = t - b; print (d < 0) ? 0 : d }')
    met=$(awk -v p="$parse" -v t="$target" 'BEGIN { print (p <= t) ? "yes" : "no" }')
    printf '| reading a %d³ .cube (%s bytes): filmkit apply --lut on 16 × 16 px, %s ms, minus the same with a 2³ table, %s ms (ms) | %s | – | – | – | ≤ %d ms | %s |\n' \
        "$size" "$(stat -c %s "$work/$size.cube")" "$total" "$base" "$parse" "$target" "$met"
done
