#!/usr/bin/env bash
# Runs the same work with AnalogKit and with peer tools on the same inputs, alternating them in
# every round (the order rotated each round, so none always goes first), and prints a markdown
# table of the medians, their ratio, and the target the SDK's issues set for each task.
#
# Usage: Benchmarks/compare.sh [--quick] [RUNS] [SECTION…]
#   RUNS      rounds per comparison (default 5; --quick makes it 2)
#   SECTION   stocks, thumbnails, recorder, roll or luts (default: all five)
# Environment: BATCH (thumbnails in the batch comparison, default 10), INGEST_FRAMES (default 300),
# INGEST_4K_FRAMES (3840×2160 ingest, silent and with sound, default 240; 0 skips it),
# RECIPE=0 (skip the three-minute ImageMagick film recipe).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=SCRIPTDIR/lib.sh
source Benchmarks/lib.sh

runs=5
sections=()
for argument in "$@"; do
    case $argument in
    --quick) runs=2 ;;
    [1-9] | [1-9][0-9]) runs=$argument ;;
    stocks | thumbnails | recorder | roll | luts) sections+=("$argument") ;;
    *)
        echo "usage: $0 [--quick] [RUNS] [stocks|thumbnails|recorder|roll|luts]…" >&2
        exit 64
        ;;
    esac
done
[ ${#sections[@]} -gt 0 ] || sections=(stocks thumbnails recorder roll luts)
wants() { [[ " ${sections[*]} " == *" $1 "* ]]; }
batch=${BATCH:-10}
ingest_frames=${INGEST_FRAMES:-300}
ingest_4k_frames=${INGEST_4K_FRAMES:-240}
clip_frames=150

scripts/install-system-packages.sh
bin=$(swift build -c release --show-bin-path)
build() { swift build -c release --product "$1" >/dev/null; }
# filmkit is linked as a Swift command-line tool is shipped on Linux, with the Swift runtime inside
# (`--static-swift-stdlib`): a stock row times a whole process of about half a second, and loading
# the runtime's shared libraries cost 12 ms of it (a 60 × 40 photo: 97 ms dynamic, 85 ms static,
# `vips copy` 72 ms).
wants stocks && swift build -c release --product filmkit --static-swift-stdlib >/dev/null &&
    swift build -c release --package-path Benchmarks --product film-frames >/dev/null
wants thumbnails && build gallery-bench
wants recorder && build recorder-benchmark &&
    swift build -c release --package-path Benchmarks --product clip-export >/dev/null
clip_export=Benchmarks/.build/release/clip-export
film_frames=Benchmarks/.build/release/film-frames
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

# quote WORD…: the words as one string that eval splits back into the same words.
quote() { printf '%q ' "$@"; }

# race ROUNDS COMMAND…: runs each command (a string for eval) once a round, rotating the order
# every round, and prints the median wall time of each in ms, one a line.
race() {
    local rounds=$1 round index pick
    shift
    local count=$#
    local -a commands=("$@") times=()
    for ((round = 0; round < rounds; round++)); do
        for ((index = 0; index < count; index++)); do
            pick=$(((index + round) % count))
            times[pick]+="$(elapsed_ms eval "${commands[pick]}")"$'\n'
        done
    done
    for ((index = 0; index < count; index++)); do printf '%s' "${times[index]}" | median; done
}

# row TASK OURS PEER-NAME PEER KIND TARGET: a table row. KIND "max": the ratio OURS/PEER must be
# at most TARGET; "faster": PEER/OURS (shown as "N× faster") must be at least TARGET; anything
# else: no target.
row() {
    awk -v task="$1" -v o="$2" -v peer="$3" -v p="$4" -v kind="$5" -v t="$6" '
        function show(x) { return x >= 100 ? sprintf("%d", x) : sprintf("%.2f", x) }
        BEGIN {
            ratio = sprintf("%.2f×", o / p)
            if (kind == "max") { goal = "≤ " t "×"; met = (o / p <= t) ? "yes" : "no" }
            else if (kind == "faster") {
                ratio = sprintf("%.2f× faster", p / o); goal = "≥ " t "× faster"; met = (p / o >= t) ? "yes" : "no"
            }
            else { goal = "–"; met = "–" }
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", task, show(o), peer, show(p), ratio, goal, met
        }'
}

# goal_row TASK OURS TARGET-TEXT MET: a row with an absolute target rather than a peer.
goal_row() { printf '| %s | %s | – | – | – | %s | %s |\n' "$1" "$2" "$3" "$4"; }

# at_least VALUE TARGET: "yes" if VALUE >= TARGET, otherwise "no".
at_least() { awk -v v="$1" -v t="$2" 'BEGIN { print (v >= t) ? "yes" : "no" }'; }

printf '| task | AnalogKit | peer | peer | ratio | target | met |\n'
printf '|---|---|---|---|---|---|---|\n'

if wants stocks || wants thumbnails; then make_photo 24 "$work/24mp.jpg"; fi

if wants stocks; then
    for stock in $("$bin/filmkit" list --category stock | awk '/^  [a-z]/ { print $1 }'); do
        mapfile -t medians < <(race "$runs" \
            "$(quote "$bin/filmkit" apply --filter "$stock" "$work/24mp.jpg" "$work/ours.jpg")" \
            "$(quote vips copy "$work/24mp.jpg" "$work/peer.jpg[Q=90]")")
        row "stock $stock, 24 MP JPEG in and out (ms)" "${medians[0]}" "vips copy" "${medians[1]}" max 1.5
    done
    # `vintage` softens the frame (a guided filter, an operation of its own) before its film pass;
    # issue 43 holds it to the stocks' target.
    mapfile -t medians < <(race "$runs" \
        "$(quote "$bin/filmkit" apply --filter vintage "$work/24mp.jpg" "$work/ours.jpg")" \
        "$(quote vips copy "$work/24mp.jpg" "$work/peer.jpg[Q=90]")")
    row "look vintage, 24 MP JPEG in and out (ms)" "${medians[0]}" "vips copy" "${medians[1]}" max 1.5
    # Ingest: the same photo encoded in and tagged as Display P3 costs its conversion to sRGB
    # (LittleCMS through libvips) on top of the film pass; the issue's target is at most 15 % more.
    vips icc_transform "$work/24mp.jpg" "$work/p3.jpg[Q=92]" p3 --embedded
    mapfile -t medians < <(race "$runs" \
        "$(quote "$bin/filmkit" apply --filter kodak-portra-400 "$work/p3.jpg" "$work/ours.jpg")" \
        "$(quote "$bin/filmkit" apply --filter kodak-portra-400 "$work/24mp.jpg" "$work/ours.jpg")")
    row "Portra 400 on a Display P3 24 MP JPEG, converted to sRGB first (ms)" "${medians[0]}" \
        "the same on its sRGB copy" "${medians[1]}" max 1.15
    # Peak memory: the film pass streams the JPEG, so the frame is never whole in memory.
    peak=$(/usr/bin/time -f %M "$bin/filmkit" apply --filter cinestill-800t "$work/24mp.jpg" "$work/ours.jpg" 2>&1 |
        tail -1)
    goal_row "peak memory of a stock (CineStill 800T) on 24 MP" "$((peak / 1024)) MB" "< 400 MB" \
        "$(awk -v p="$peak" 'BEGIN { print (p < 400 * 1024) ? "yes" : "no" }')"
    # Video: a stock on 1920×1080 frames through VideoLook, one after another, and RecorderKit's
    # H.264 clip export with the stock as its export filter (the median of RUNS runs each).
    for stock in kodak-portra-400 cinestill-800t; do
        reports=""
        for ((round = 0; round < runs; round++)); do reports+="$("$film_frames" --stock "$stock")"$'\n'; done
        fps=$(printf '%s' "$reports" | awk '/^frames/ { print $4 }' | median)
        cpu=$(printf '%s' "$reports" | awk '/^frames/ { print $7 }' | median)
        goal_row "stock $stock on 1920×1080 frames (VideoLook), 300 frames" "$fps fps, CPU $cpu ms a frame" \
            "≥ 60 fps" "$(at_least "$fps" 60)"
        fps=$(printf '%s' "$reports" | awk '/^export/ { print $6 }' | median)
        goal_row "recorder H.264 clip export with $stock, 150 frames 1920×1080" "$fps fps" "≥ 60 fps" \
            "$(at_least "$fps" 60)"
    done
    # ImageMagick takes about three minutes for this on 24 MP (its noise is the slow part): one
    # round, which keeps the whole comparison within about a quarter of an hour; RECIPE=0 skips it.
    [ "${RECIPE:-1}" = 0 ] || mapfile -t medians < <(race 1 \
        "$(quote "$bin/filmkit" apply --filter kodak-portra-400 "$work/24mp.jpg" "$work/ours.jpg")" \
        "$(quote convert "$work/24mp.jpg" -sigmoidal-contrast 3x50% -attenuate 0.3 +noise Gaussian \
            -vignette 0x40 -quality 90 "$work/peer.jpg")")
    [ "${RECIPE:-1}" = 0 ] ||
        row "film recipe (curve, noise, vignette), 24 MP (ms)" "${medians[0]}" "ImageMagick convert" \
            "${medians[1]}" none 0
fi

if wants thumbnails; then
    gallery=$bin/gallery-bench
    # One process per thumbnail. GalleryKit's library exists already, as an app's does (each run
    # asks for a photo it has no thumbnail of); a second variant creates the library every run.
    mapfile -t medians < <(race "$runs" \
        "$(quote "$gallery" thumbnail "$work/24mp.jpg" 256 "$work/ours.jpg" "$work/library")" \
        "$(quote vipsthumbnail "$work/24mp.jpg" -s 256 -o "$work/vips.jpg")" \
        "$(quote convert "$work/24mp.jpg" -thumbnail 256x256 "$work/magick.jpg")" \
        "$(quote "$gallery" thumbnail "$work/24mp.jpg" 256 "$work/ours.jpg")")
    task="256 px thumbnail of 24 MP, one process each (ms)"
    row "$task" "${medians[0]}" vipsthumbnail "${medians[1]}" max 1.2
    row "$task" "${medians[0]}" "ImageMagick convert -thumbnail" "${medians[2]}" faster 4
    row "same, GalleryKit library created in each run (ms)" "${medians[3]}" vipsthumbnail "${medians[1]}" none 0

    # A batch in one process: distinct paths (hard links), so each is a cache miss.
    mkdir "$work/photos" "$work/vips" "$work/magick"
    for i in $(seq -w 1 "$batch"); do ln "$work/24mp.jpg" "$work/photos/photo-$i.jpg"; done
    photos=("$work"/photos/*.jpg)
    mapfile -t medians < <(race "$runs" \
        "$(quote "$gallery" batch "$work/photos" 256)" \
        "$(quote vipsthumbnail "${photos[@]}" -s 256 -o "$work/vips/%s.jpg")" \
        "$(quote mogrify -path "$work/magick" -thumbnail 256x256 "${photos[@]}")")
    per() { awk -v t="$1" -v n="$batch" 'BEGIN { print t / n }'; }
    task="256 px thumbnails of 24 MP, batch of $batch in one process (ms per thumbnail)"
    row "$task" "$(per "${medians[0]}")" vipsthumbnail "$(per "${medians[1]}")" max 1.2
    row "$task" "$(per "${medians[0]}")" "ImageMagick mogrify -thumbnail" "$(per "${medians[2]}")" faster 4
    read -r wall cpu < <(process_time "$gallery" batch "$work/photos" 256)
    share=$(awk -v w="$wall" -v c="$cpu" 'BEGIN { printf "%d", c / w * 100 }')
    goal_row "batch of $batch uncached thumbnails, CPU use" "$share %" "both cores (≥ 150 %)" "$(at_least "$share" 150)"
fi

if wants recorder; then
    recorder=$bin/recorder-benchmark
    # Ingest: RecorderKit's CPU per frame (making the frames included: an upper bound) against
    # ffmpeg's MJPEG encoder on the same raw frames; with sound (48 kHz stereo PCM pushed beside
    # each frame, AAC in the recorder) against the same without, and the sound's share against
    # ffmpeg's AAC encoder on the same PCM. Alternating which goes first.
    ours="" sound="" peers="" aac=""
    for ((round = 0; round < runs; round++)); do
        if ((round % 2 == 0)); then
            ours+="$(recorder_ingest "$recorder" "$ingest_frames")"$'\n'
            sound+="$(recorder_ingest "$recorder" "$ingest_frames" --audio 1)"$'\n'
        fi
        peers+="$(ffmpeg_raw_time "$recorder" "$ingest_frames" "${ffmpeg_mjpeg_arguments[@]}")"$'\n'
        aac+="$(ffmpeg_pcm_time "$recorder" "$ingest_frames")"$'\n'
        if ((round % 2 == 1)); then
            sound+="$(recorder_ingest "$recorder" "$ingest_frames" --audio 1)"$'\n'
            ours+="$(recorder_ingest "$recorder" "$ingest_frames")"$'\n'
        fi
    done
    median_of() { printf '%s' "$1" | awk -v c="$2" '{ print $c }' | median; }
    fps=$(median_of "$ours" 1) cpu=$(median_of "$ours" 2) peak=$(median_of "$ours" 3)
    sound_fps=$(median_of "$sound" 1) sound_cpu=$(median_of "$sound" 2) sound_peak=$(median_of "$sound" 3)
    peer_cpu=$(printf '%s' "$peers" | awk -v n="$ingest_frames" '{ print $2 * 1000 / n }' | median)
    aac_cpu=$(printf '%s' "$aac" | awk -v n="$ingest_frames" '{ print $2 * 1000 / n }' | median)
    row "recorder ingest, 1920×1080, CPU per frame, making the frames included (ms)" "$cpu" "ffmpeg -c:v mjpeg -q:v 3" "$peer_cpu" max 1
    goal_row "recorder ingest, 1920×1080, $ingest_frames frames" "$fps fps, peak RSS $peak MB" "≥ 60 fps" \
        "$(at_least "$fps" 60)"
    row "recorder ingest with sound (AAC 48 kHz stereo), 1920×1080, CPU per frame (ms)" "$sound_cpu" \
        "the same without sound" "$cpu" max 1.15
    row "the sound's share of that, CPU per 1/30 s (ms)" "$(awk -v a="$sound_cpu" -v b="$cpu" 'BEGIN { print a - b }')" \
        "ffmpeg -c:a aac -b:a 128k, same PCM" "$aac_cpu" max 2
    goal_row "recorder ingest with sound, 1920×1080, $ingest_frames frames" \
        "$sound_fps fps, peak RSS $sound_peak MB" "≥ 60 fps" "$(at_least "$sound_fps" 60)"

    # 4K: the same ingest at 3840×2160, silent and with sound (no peer; the targets are absolute).
    if ((ingest_4k_frames > 0)); then
        ours="" sound=""
        for ((round = 0; round < runs; round++)); do
            if ((round % 2 == 0)); then
                ours+="$(recorder_ingest "$recorder" "$ingest_4k_frames" --width 3840 --height 2160)"$'\n'
            fi
            sound+="$(recorder_ingest "$recorder" "$ingest_4k_frames" --width 3840 --height 2160 --audio 1)"$'\n'
            if ((round % 2 == 1)); then
                ours+="$(recorder_ingest "$recorder" "$ingest_4k_frames" --width 3840 --height 2160)"$'\n'
            fi
        done
        for kind in silent sound; do
            results=$([ "$kind" = silent ] && echo "$ours" || echo "$sound")
            fps=$(median_of "$results" 1) cpu=$(median_of "$results" 2) peak=$(median_of "$results" 3)
            label=$([ "$kind" = silent ] && echo "recorder ingest" || echo "recorder ingest with sound")
            goal_row "$label, 3840×2160, $ingest_4k_frames frames" \
                "$(printf '%.1f fps, CPU %.1f ms a frame, peak RSS %.1f MB' "$fps" "$cpu" "$peak")" \
                "≥ 30 fps, < 200 MB" "$(awk -v f="$fps" -v p="$peak" 'BEGIN { print (f >= 30 && p < 200) ? "yes" : "no" }')"
        done
    fi

    # Clip export: a 5-second clip of the same raw frames, RecorderKit's export alone (the frames
    # are recorded first, untimed) against ffmpeg encoding them with the same codec settings.
    # Each prints "WALL-MS CPU-MS".
    ours_export() {
        "$recorder" raw --frames "$clip_frames" | "$clip_export" --codec "$1" --frames "$clip_frames" |
            awk '{ for (i = 1; i <= NF; i++) { if ($i == "wall") w = $(i + 1); if ($i == "CPU") c = $(i + 1) }
                   print w, c }'
    }
    peer_export() {
        ffmpeg_raw_time "$recorder" "$clip_frames" "$@" -y "$work/peer.mp4" | awk '{ print $1 * 1000, $2 * 1000 }'
    }
    for codec in h264 mjpeg; do
        if [ "$codec" = h264 ]; then
            peer_arguments=("${ffmpeg_h264_arguments[@]}")
            peer_name="ffmpeg libx264 ultrafast"
        else
            peer_arguments=(-c:v mjpeg -q:v 5 -pix_fmt yuvj420p)
            peer_name="ffmpeg -c:v mjpeg -q:v 5"
        fi
        ours="" peers=""
        for ((round = 0; round < runs; round++)); do
            if ((round % 2 == 0)); then ours+="$(ours_export "$codec")"$'\n'; fi
            peers+="$(peer_export "${peer_arguments[@]}")"$'\n'
            if ((round % 2 == 1)); then ours+="$(ours_export "$codec")"$'\n'; fi
        done
        for column in 1 2; do
            label=$([ "$column" = 1 ] && echo "wall" || echo "CPU")
            row "clip export, 5 s of 1920×1080, $codec, $label (ms)" \
                "$(printf '%s' "$ours" | awk -v c="$column" '{ print $c }' | median)" "$peer_name" \
                "$(printf '%s' "$peers" | awk -v c="$column" '{ print $c }' | median)" none 0
        done
    done
fi

if wants recorder; then
    # Passthrough clip export: the last 5 s of a 1080p30 H.264 stream recorded in passthrough,
    # remuxed (the target is 50 ms of CPU); then of the same stream with an AAC track, whose
    # packets are kept too, against `ffmpeg -c copy` of the same 5 s (a whole process: its start
    # and probing are in its figure, our recording is not in ours).
    passthrough_cpu() {
        "$clip_export" --passthrough "$1" --seconds 5 | awk '{ for (i = 1; i <= NF; i++) if ($i == "CPU") print $(i + 1) }'
    }
    stream=$work/live-1080p30-20s.mp4
    make_live_stream 20 "$stream"
    ours=""
    for ((round = 0; round < runs; round++)); do ours+="$(passthrough_cpu "$stream")"$'\n'; done
    cpu=$(printf '%s' "$ours" | median)
    goal_row "passthrough clip export, 5 s of a 1080p30 H.264 stream (remux), CPU" "$cpu ms" "< 50 ms" \
        "$(awk -v c="$cpu" 'BEGIN { print (c < 50) ? "yes" : "no" }')"
    stream=$work/live-1080p30-20s-audio.mp4
    make_live_stream 20 "$stream" audio
    ours="" peers=""
    for ((round = 0; round < runs; round++)); do
        if ((round % 2 == 0)); then ours+="$(passthrough_cpu "$stream")"$'\n'; fi
        peers+="$(process_time ffmpeg -nostdin -v error -ss 15 -i "$stream" -t 5 -c copy -y "$work/peer-copy.mp4" |
            awk '{ print $2 * 1000 }')"$'\n'
        if ((round % 2 == 1)); then ours+="$(passthrough_cpu "$stream")"$'\n'; fi
    done
    cpu=$(printf '%s' "$ours" | median)
    row "passthrough clip export with its AAC track, 5 s of 1080p30 H.264, CPU (ms)" "$cpu" "ffmpeg -ss 15 -t 5 -c copy" \
        "$(printf '%s' "$peers" | median)" max 1
    goal_row "passthrough clip export with its AAC track, CPU" "$cpu ms" "< 50 ms" \
        "$(awk -v c="$cpu" 'BEGIN { print (c < 50) ? "yes" : "no" }')"
fi

if wants roll; then
    # Roll development has no peer: frames per second and how much of the two cores it uses.
    rates="" shares=""
    for ((round = 0; round < (runs + 2) / 3; round++)); do
        report=$(bash Benchmarks/roll-develop.sh)
        rates+="$(echo "$report" | awk '/^developed/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "frames/s,") print $i }')"$'\n'
        shares+="$(echo "$report" | awk '/^developed/ { for (i = 1; i <= NF; i++) if ($i == "CPU") print $(i + 1) + 0 }')"$'\n'
    done
    rate=$(printf '%s' "$rates" | median)
    share=$(printf '%s' "$shares" | median)
    goal_row "roll development, 36 × 12 MP, kodak-portra-400" "$rate frames/s, $share % CPU" \
        "both cores (≥ 150 % CPU)" "$(at_least "$share" 150)"
fi

if wants luts; then
    # Reading `.cube` files: `filmkit apply --lut` with a 33³ and a 65³ table against the same
    # with a 2³ one, in alternating rounds (three runs a round).
    wants stocks || build filmkit
    FILMKIT="$bin/filmkit" bash Benchmarks/lut-parse.sh "$((runs * 3))"
fi

echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sm);" \
    "load average at the end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%d);" \
    "$runs rounds each, alternating; $(($(date +%s) - started)) s."
