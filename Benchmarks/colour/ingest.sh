#!/usr/bin/env bash
# The cost of converting a photo from its embedded profile on the way in (#42's target: at most
# 15 % more than the same file without one). The same 24 MP photo, encoded once as sRGB and once
# as Display P3 (embedded profile), goes through `filmkit apply --filter kodak-portra-400`; the
# two runs alternate, the order rotated every round, and the medians of wall and CPU time
# (user + system) are compared. CPU time is the steadier figure on a shared machine.
#
# Usage: Benchmarks/colour/ingest.sh [RUNS]   (default 7)
# Environment: FILMKIT (a filmkit binary; default: built here in release mode), MEGAPIXELS (24).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=SCRIPTDIR/../lib.sh
source Benchmarks/lib.sh

runs=${1:-7}
case $runs in
[1-9] | [1-9][0-9]) ;;
*)
    echo "usage: $0 [RUNS]" >&2
    exit 64
    ;;
esac
if [ -z "${FILMKIT:-}" ]; then
    swift build -c release --product filmkit >/dev/null
    FILMKIT=$(swift build -c release --show-bin-path)/filmkit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_photo "${MEGAPIXELS:-24}" "$work/srgb.jpg"
vips icc_transform "$work/srgb.jpg" "$work/p3.jpg[Q=92]" p3 --embedded

# One run: "WALL CPU" in ms.
measure() { process_time "$FILMKIT" apply --filter kodak-portra-400 "$1" "$work/out.jpg" | awk '{ print $1 * 1000, $2 * 1000 }'; }

srgb="" p3=""
for ((round = 0; round < runs; round++)); do
    if ((round % 2 == 0)); then
        srgb+="$(measure "$work/srgb.jpg")"$'\n'
        p3+="$(measure "$work/p3.jpg")"$'\n'
    else
        p3+="$(measure "$work/p3.jpg")"$'\n'
        srgb+="$(measure "$work/srgb.jpg")"$'\n'
    fi
done
column() { printf '%s' "$1" | awk -v c="$2" '{ print $c }' | median; }
printf '| task | Display P3 (embedded profile) | sRGB | ratio | target | met |\n|---|---|---|---|---|---|\n'
for index in 1 2; do
    label=$([ "$index" = 1 ] && echo "wall" || echo "CPU")
    awk -v label="$label" -v p="$(column "$p3" "$index")" -v s="$(column "$srgb" "$index")" 'BEGIN {
        printf "| Portra 400 on a %s MP JPEG, %s (ms) | %d | %d | %.2f× | ≤ 1.15× | %s |\n", \
            ENVIRON["MEGAPIXELS"] ? ENVIRON["MEGAPIXELS"] : 24, label, p, s, p / s, (p / s <= 1.15) ? "yes" : "no"
    }'
done
echo
echo "Machine: $(nproc) cores; load average at the end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%d); $runs rounds each, alternating."
