#!/usr/bin/env bash
# Before/after sheets of the grain of issue #43 in docs/: a flat mid-grey (level 118) per stock,
# before (the lattice value noise of commit bb69bac, built from that commit's sources with the
# amplitude and cell its StockLook gave) and after (`filmkit apply`, this tree). Not in CI.
#   docs/grain-768.png      768 × 512 renders, 192 × 128 crops enlarged 4×, before above after
#   docs/grain-24mp-bw.png  6000 × 4000 renders, 192 × 192 crops enlarged 4×, every B&W stock
#   docs/grain-24mp-colour.png  the same for Portra 400, Portra 800 and CineStill 800T
# Usage: Benchmarks/grain/sheets.sh [path/to/filmkit]   (run from the repository root)
set -euo pipefail
filmkit=${1:-.build/debug/filmkit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
old=bb69bace1a62fb9e688415a293d7d8c9ffe27069
mkdir -p "$work/old/include"
for file in AkvFilm.c AkvGrain.c AkvGrain.h AkvHalation.c AkvHalation.h AkvReadAhead.c AkvReadAhead.h \
    AkvFilmKernel.h AkvClones.h AkvHandoff.h; do
    git show "$old:Sources/CVipsShim/$file" >"$work/old/$file"
done
git show "$old:Sources/CVipsShim/include/AkvFilm.h" >"$work/old/include/AkvFilm.h"
echo 'const char akv_vips_buffers = 0;' >"$work/old/buffers.c"
clang -O2 -w $(pkg-config --cflags vips) -I"$work/old" -I"$work/old/include" -ISources/CThreadSanitizer/include \
    -o "$work/old-grain" Benchmarks/grain/old-grain.c "$work"/old/*.c Sources/CThreadSanitizer/AkvThreadSanitizer.c \
    $(pkg-config --libs vips) -lm

# old_parameters STOCK SHORT_SIDE: the old StockLook's grain levels at mid-grey, cell and chroma.
old_parameters() {
    python3 - "$1" "$2" <<'PY'
import json, math, sys
stock = json.load(open(f"Sources/FilmKit/Resources/Stocks/{sys.argv[1]}.json"))
short = float(sys.argv[2])
g = stock["grain"]
if "printGrainIndex" in g:
    levels = 0.55 * (g["printGrainIndex"] - 20)
else:
    r = g["rmsGranularity"]
    levels = {"black-and-white": r, "color-negative": 2.4 * r, "cine": 2.4 * r, "slide": 0.7 * r}[stock["type"]]
amount = min(1, levels / 32)
size = 0.6 + 0.3 * math.log2(max(stock["iso"], 25) / 100)
clump = size * short / 1000
averaging = min(1, max(0.5, clump))
print(amount * 32 * averaging, max(1, clump), 0 if stock["type"] == "black-and-white" else 0.6)
PY
}

# tile STOCK WIDTH HEIGHT CROP OUT: before above after, a CROP-square from the centre, 4× nearest.
tile() {
    local stock=$1 width=$2 height=$3 crop=$4 out=$5 left top
    left=$(((width - crop) / 2))
    top=$(((height - crop) / 2))
    read -r levels cell chroma < <(old_parameters "$stock" "$height")
    "$work/old-grain" "$work/before.v" "$width" "$height" 118 "$levels" "$cell" "$chroma" 7
    vips black "$work/b.v" "$width" "$height" --bands 3
    vips linear "$work/b.v" "$work/g.v" 1 118
    vips cast "$work/g.v" "$work/flat.png" uchar
    "$filmkit" apply --filter "$stock" --param halation=0 --param vignette=0 --seed 7 "$work/flat.png" "$work/after.png"
    vips crop "$work/before.v" "$work/bc.v" "$left" "$top" "$crop" "$crop"
    vips crop "$work/after.png" "$work/ac.v" "$left" "$top" "$crop" "$crop"
    vips join "$work/bc.v" "$work/ac.v" "$work/pair.v" vertical --shim 4 --background 255
    vips resize "$work/pair.v" "$out" 4 --kernel nearest
}

sheet() {
    local out=$1 width=$2 height=$3 crop=$4
    shift 4
    local joined=""
    for stock in "$@"; do
        tile "$stock" "$width" "$height" "$crop" "$work/$stock.v"
        if [ -z "$joined" ]; then
            joined=$work/$stock.v
        else
            vips join "$joined" "$work/$stock.v" "$work/row-$stock.v" horizontal --shim 16 --background 255
            joined=$work/row-$stock.v
        fi
    done
    vips copy "$joined" "$out"
}

sheet docs/grain-768.png 768 512 128 kodak-portra-400 kodak-tri-x-400 ilford-delta-3200
sheet docs/grain-24mp-bw.png 6000 4000 192 kodak-t-max-400 kodak-tri-x-400 ilford-hp5-plus ilford-delta-3200
sheet docs/grain-24mp-colour.png 6000 4000 192 kodak-portra-400 kodak-portra-800 cinestill-800t
ls -la docs/grain-*.png
