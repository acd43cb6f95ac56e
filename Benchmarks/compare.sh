#!/usr/bin/env bash
# Runs the same work with AnalogKit's tools and with peer tools on the same inputs, alternating
# the two in every round, and prints the median wall time of each and their ratio per task, with
# the target the SDK's issues set. Usage: Benchmarks/compare.sh [RUNS] (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
scripts/install-system-packages.sh
swift build -c release --product filmkit >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Camera-sized inputs from a bundled sample: enlarged, with fine noise so the JPEG has a real
# photo's entropy (an enlarged sample alone compresses unrealistically well).
make_photo() { # megapixels file
    local width height
    width=$(awk -v mp="$1" 'BEGIN { printf "%d", sqrt(mp * 1000000 * 1.5) }')
    height=$((width * 2 / 3))
    vips resize Examples/Samples/rocket.jpg "$work/big.v" "$(awk -v w="$width" 'BEGIN { print w / 640 }')" \
        --vscale "$(awk -v h="$height" 'BEGIN { print h / 427 }')" --kernel cubic
    vips gaussnoise "$work/noise.v" "$(vipsheader -f width "$work/big.v")" "$(vipsheader -f height "$work/big.v")" --sigma 6
    vips bandjoin "$work/noise.v $work/noise.v $work/noise.v" "$work/noise3.v"
    vips add "$work/big.v" "$work/noise3.v" "$work/sum.v"
    vips cast "$work/sum.v" "$2[Q=92]" uchar
    rm -f "$work"/*.v
}
make_photo 24 "$work/24mp.jpg"

elapsed_ms() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf '| task | AnalogKit median (ms) | peer | peer median (ms) | ratio | target | met |\n'
printf '|---|---|---|---|---|---|---|\n'

# compare TASK TARGET-KIND TARGET PEER-NAME -- OURS… -- PEER…
# TARGET-KIND "max": ratio ours/peer must be at most TARGET; "faster": peer/ours at least TARGET.
compare() {
    local task=$1 kind=$2 target=$3 peer=$4
    shift 5
    local ours=() theirs=()
    while [ "$1" != "--" ]; do ours+=("$1"); shift; done
    shift
    theirs=("$@")
    local ours_times="" peer_times=""
    for _ in $(seq "$runs"); do
        ours_times+="$(elapsed_ms "${ours[@]}")"$'\n'
        peer_times+="$(elapsed_ms "${theirs[@]}")"$'\n'
    done
    local ours_median peer_median
    ours_median=$(printf '%s' "$ours_times" | median)
    peer_median=$(printf '%s' "$peer_times" | median)
    awk -v task="$task" -v o="$ours_median" -v p="$peer_median" -v peer="$peer" -v kind="$kind" -v t="$target" 'BEGIN {
        if (kind == "max") { ratio = o / p; met = (ratio <= t) ? "yes" : "no"; goal = "≤ " t "×" }
        else if (kind == "faster") { ratio = o / p; met = (p / o >= t) ? "yes" : "no"; goal = "≥ " t "× faster" }
        else { ratio = o / p; met = "–"; goal = "–" }
        printf "| %s | %d | %s | %d | %.2f× | %s | %s |\n", task, o, peer, p, ratio, goal, met
    }'
}

for stock in $("$bin/filmkit" list --category stock | awk '/^  [a-z]/ { print $1 }'); do
    compare "stock $stock, 24 MP JPEG" max 3 "vips copy" -- \
        "$bin/filmkit" apply --filter "$stock" "$work/24mp.jpg" "$work/ours.jpg" -- \
        vips copy "$work/24mp.jpg" "$work/peer.jpg[Q=90]"
done

compare "film recipe (curve, noise, vignette), 24 MP" none 0 "ImageMagick convert" -- \
    "$bin/filmkit" apply --filter kodak-portra-400 "$work/24mp.jpg" "$work/ours.jpg" -- \
    convert "$work/24mp.jpg" -sigmoidal-contrast 3x50% -attenuate 0.3 +noise Gaussian -vignette 0x400 -quality 90 \
    "$work/peer.jpg"

echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sm); $(date -u +%Y-%m-%d); $runs runs each, alternating."
