#!/usr/bin/env bash
# Regenerates the halation pictures of FilmKit's guide with today's code: CineStill 800T through
# `filmkit apply`, without halation (--param halation=0) and with it, side by side; each panel is
# the full frame with, below it, its glints cropped and enlarged twice.
#
#   bash scripts/docs-images/halation.sh            # both: docs/halation-coffee.jpg, docs/halation-rocket.jpg
#   bash scripts/docs-images/halation.sh coffee     # one of them
#   FILMKIT=path/to/filmkit bash scripts/docs-images/halation.sh   # another build (default .build/debug)
#
# Needs libvips' command-line tools (vips, vipsheader) and the DejaVu Sans font.
set -euo pipefail
cd "$(dirname "$0")/../.."
FILMKIT=${FILMKIT:-.build/debug/filmkit}
[ -x "$FILMKIT" ] || { echo "halation.sh: no $FILMKIT (swift build --product filmkit)" >&2; exit 1; }

# name, source photo, the crop enlarged below the frame: left top width height.
table="
coffee Examples/Samples/coffee.png 100 195 300 100
rocket Examples/Samples/rocket.jpg 110 340 320 85
"
background="26 26 26"

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# panel IMAGE LABEL NAME LEFT TOP WIDTH HEIGHT → $w/NAME.png: the frame, the label, the crop ×2, the label.
panel() {
    local image=$1 label=$2 name=$3 left=$4 top=$5 width=$6 height=$7 frame_width text_width
    frame_width=$(vipsheader -f width "$image")
    vips extract_area "$image" "$w/crop.v" "$left" "$top" "$width" "$height"
    vips resize "$w/crop.v" "$w/crop2.v" 2 --kernel lanczos3
    # The label: light grey text, centred on the background grey.
    vips text "$w/text.v" "$label" --font "DejaVu Sans 11" --dpi 96
    text_width=$(vipsheader -f width "$w/text.v")
    vips linear "$w/text.v" "$w/text2.v" 0.84 0 --uchar
    vips embed "$w/text2.v" "$w/label.v" $(((frame_width - text_width) / 2)) 5 "$frame_width" 26 \
        --extend background --background 0
    vips bandjoin "$w/label.v $w/label.v $w/label.v" "$w/label3.v"
    vips linear "$w/label3.v" "$w/labelbg.v" 0.88 26 --uchar
    vips cast "$image" "$w/image.v" uchar
    vips extract_band "$w/image.v" "$w/image3.v" 0 --n 3
    vips cast "$w/crop2.v" "$w/crop2u.v" uchar
    vips extract_band "$w/crop2u.v" "$w/crop3.v" 0 --n 3
    vips join "$w/image3.v" "$w/labelbg.v" "$w/a.png" vertical
    vips join "$w/a.png" "$w/crop3.v" "$w/b.png" vertical
    vips join "$w/b.png" "$w/labelbg.v" "$w/$name.png" vertical
}

# picture NAME SOURCE LEFT TOP WIDTH HEIGHT → docs/halation-NAME.jpg
picture() {
    local name=$1 source=$2 out="docs/halation-$1.jpg" height width
    shift 2
    "$FILMKIT" apply --filter cinestill-800t --param halation=0 --seed 7 "$source" "$w/off-frame.png"
    "$FILMKIT" apply --filter cinestill-800t --seed 7 "$source" "$w/on-frame.png"
    panel "$w/off-frame.png" "CineStill 800T without halation" off "$@"
    panel "$w/on-frame.png" "CineStill 800T: glow from estimated scene exposure" on "$@"
    height=$(vipsheader -f height "$w/off.png")
    width=$(vipsheader -f width "$w/off.png")
    vips embed "$w/off.png" "$w/off2.png" 0 0 $((width + 12)) "$height" --extend background --background "$background"
    vips join "$w/off2.png" "$w/on.png" "$w/row.png" horizontal
    width=$(vipsheader -f width "$w/row.png")
    vips embed "$w/row.png" "$w/all.png" 12 8 $((width + 24)) $((height + 8)) \
        --extend background --background "$background"
    vips jpegsave "$w/all.png" "$out" --Q 85 --strip
    vipsheader "$out"
}

names=("$@")
[ "${#names[@]}" -gt 0 ] || mapfile -t names < <(awk 'NF { print $1 }' <<<"$table")
for name in "${names[@]}"; do
    row=$(awk -v name="$name" '$1 == name' <<<"$table")
    [ -n "$row" ] || { echo "halation.sh: no picture named $name" >&2; exit 64; }
    # shellcheck disable=SC2086 # the row's fields are the arguments
    picture $row
done
