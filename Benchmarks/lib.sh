# shellcheck shell=bash
# Shell functions shared by Benchmarks/compare.sh, Benchmarks/roll-develop.sh and the examples'
# measure.sh scripts, so that each input is made and each peer command run the same way
# everywhere. Source it from bash; it only defines functions and variables.

# make_photo MEGAPIXELS FILE: a camera-sized 3:2 sRGB JPEG (quality 92) from the bundled sample,
# enlarged, with fine noise so that it has a real photo's entropy (an enlarged sample alone
# compresses unrealistically well). Run from the repository root. Uses FILE's folder for scratch.
make_photo() {
    local megapixels=$1 file=$2 width height scratch
    scratch=$(mktemp -d "$(dirname "$file")/photo.XXXXXX")
    width=$(awk -v mp="$megapixels" 'BEGIN { printf "%d", sqrt(mp * 1000000 * 1.5) }')
    height=$((width * 2 / 3))
    # rocket.jpg is Adobe RGB (1998): converted to sRGB first, so the photo is what the film pass's
    # target names (a 24 MP sRGB JPEG), not an ingest conversion as well.
    vips icc_transform Examples/Samples/rocket.jpg "$scratch/srgb.v" srgb --embedded
    vips resize "$scratch/srgb.v" "$scratch/big.v" "$(awk -v w="$width" 'BEGIN { print w / 640 }')" \
        --vscale "$(awk -v h="$height" 'BEGIN { print h / 427 }')" --kernel cubic
    vips gaussnoise "$scratch/noise.v" "$(vipsheader -f width "$scratch/big.v")" \
        "$(vipsheader -f height "$scratch/big.v")" --sigma 6
    vips bandjoin "$scratch/noise.v $scratch/noise.v $scratch/noise.v" "$scratch/noise3.v"
    vips add "$scratch/big.v" "$scratch/noise3.v" "$scratch/sum.v"
    vips cast "$scratch/sum.v" "${file}[Q=92]" uchar
    rm -rf "$scratch"
}

# elapsed_ms COMMAND…: runs the command (output discarded) and prints its wall time in ms; a
# failing command stops the script.
elapsed_ms() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

# median: the median of the numbers on standard input, one a line.
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# process_time COMMAND…: runs the command (standard output discarded) under GNU time and prints
# "WALL CPU" in seconds, CPU being user plus system time of the command and its children.
process_time() {
    local report
    report=$(mktemp)
    /usr/bin/time -f '%e %U %S' -o "$report" "$@" >/dev/null || { echo "failed: $*" >&2; rm -f "$report"; exit 1; }
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$report"
    rm -f "$report"
}

# The raw frames RecorderKit's measurements feed to ffmpeg: `recorder-benchmark raw` writes them.
raw_frame_size=1920x1080
raw_frame_rate=30

# ffmpeg_raw_time GENERATOR FRAMES FFMPEG-OUTPUT-ARGUMENTS…: pipes FRAMES raw RGB frames from
# `GENERATOR raw` into ffmpeg with the given output arguments and prints ffmpeg's own "WALL CPU"
# in seconds (the generator is another process, not counted).
ffmpeg_raw_time() {
    local generator=$1 frames=$2
    shift 2
    "$generator" raw --frames "$frames" | process_time ffmpeg -v error -f rawvideo -pix_fmt rgb24 \
        -s "$raw_frame_size" -r "$raw_frame_rate" -i - "$@"
}

# The ffmpeg output arguments that match RecorderKit: its ring buffer's JPEG frames (quality 85,
# about ffmpeg's -q:v 3) and its H.264 clips (libx264 ultrafast, zerolatency, constant QP 23, one thread,
# full-range 4:2:0, a key frame a second, no B-frames).
# shellcheck disable=SC2034 # used by the scripts that source this file
ffmpeg_mjpeg_arguments=(-c:v mjpeg -q:v 3 -f null -)
# shellcheck disable=SC2034
ffmpeg_h264_arguments=(-c:v libx264 -preset ultrafast -tune zerolatency -qp 23 -threads 1 -g 30 -bf 0 -pix_fmt yuvj420p)

# recorder_ingest BENCHMARK FRAMES [OPTION…]: runs `BENCHMARK ingest` (recorder-benchmark) on FRAMES
# frames (the options go to it: `--audio 1`, `--width 3840 --height 2160`) and prints "FPS
# CPU-MS-PER-FRAME PEAK-RSS-MB". The CPU time includes making each frame (a photo with a box drawn
# on it, in the same loop), so it is an upper bound of RecorderKit's own. (Running the generator
# alone does not tell that share: its `raw` mode also writes every frame out, which costs as much
# again.)
recorder_ingest() {
    local benchmark=$1 frames=$2
    shift 2
    "$benchmark" ingest --frames "$frames" "$@" | awk '{
        for (i = 1; i <= NF; i++) {
            if ($(i + 1) == "fps;") fps = $i
            if ($i == "CPU") cpu = $(i + 1)
            if ($i == "RSS" && peak == "") peak = $(i + 1)
        }
        printf "%.1f %.2f %.1f\n", fps, cpu, peak
    }'
}

# ffmpeg_pcm_time GENERATOR FRAMES: encodes the 48 kHz stereo PCM that `GENERATOR ingest --audio 1`
# pushes beside FRAMES frames (`GENERATOR pcm` writes it) with ffmpeg's AAC encoder at the
# recorder's default 128 kbit/s, and prints ffmpeg's "WALL CPU" in seconds.
ffmpeg_pcm_time() {
    "$1" pcm --frames "$2" | process_time ffmpeg -v error -f f32le -ar 48000 -ac 2 -i - -c:a aac -b:a 128k -f null -
}

# make_live_stream SECONDS FILE [audio]: a 1920×1080, 30 fps H.264 stream as IP cameras send it (a
# key frame a second, no B-frames, about 4 Mbit/s; fine noise so that the encoder spends its bits
# as on a real scene), made once and reused. With `audio`, it also has the sound such a camera
# sends: AAC, 48 kHz stereo, 128 kbit/s (a 1 kHz tone). Longer than 90 s, it repeats a 90 s stream
# (copied, not re-encoded), which is all a recording benchmark needs.
make_live_stream() {
    local seconds=$1 file=$2 audio=${3:-} base
    local -a sound=()
    [ "$audio" = audio ] && sound=(-f lavfi -i "sine=frequency=1000:sample_rate=48000" -c:a aac -b:a 128k -ac 2)
    [ -s "$file" ] && return 0
    mkdir -p "$(dirname "$file")"
    if [ "$seconds" -gt 90 ]; then
        base=$(dirname "$file")/live-1080p30-90s${audio:+-$audio}.mp4
        make_live_stream 90 "$base" "$audio"
        ffmpeg -nostdin -v error -y -stream_loop -1 -i "$base" -c copy -t "$seconds" "$file.partial.mp4"
    else
        ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30,noise=alls=8:allf=t" \
            ${sound[@]+"${sound[@]}"} -t "$seconds" -c:v libx264 -preset ultrafast -tune zerolatency -g 30 \
            -keyint_min 30 -bf 0 -b:v 4M -maxrate 4M -bufsize 8M -pix_fmt yuv420p "$file.partial.mp4"
    fi
    mv "$file.partial.mp4" "$file"
}

# start_rtsp_server FILE LOG: serves FILE through GStreamer's RTSP server on loopback (one shared
# stream for every client, as a camera's), waits until it listens, and prints its URL. The
# server's process id is in LOG's first line ("pid N"); stop it with `stop_rtsp_server LOG`.
start_rtsp_server() {
    local file=$1 log=$2 port
    /usr/bin/python3 Tests/LiveServers/rtsp-server.py --file "$file" --shared >"$log.out" 2>&1 &
    echo "pid $!" >"$log"
    for _ in $(seq 1 300); do
        port=$(awk '/^listening/ { print $2 }' "$log.out")
        [ -n "$port" ] && { echo "rtsp://127.0.0.1:$port/stream"; return 0; }
        sleep 0.1
    done
    echo "the RTSP server did not start: $(cat "$log.out")" >&2
    return 1
}

stop_rtsp_server() { kill "$(awk '/^pid/ { print $2 }' "$1")" 2>/dev/null || true; }

# passthrough_against_ffmpeg HOST URL SECONDS WORK: records URL for SECONDS with recorder-host in
# passthrough (an event every 30 s) and, at the same time, with `ffmpeg -rtsp_transport tcp -i URL
# -c copy`; prints "OUR-CPU-S OUR-PEAK-MB PEER-CPU-S PEER-PEAK-MB CLIPS" (CPU is user plus system).
passthrough_against_ffmpeg() {
    local host=$1 url=$2 seconds=$3 work=$4
    mkdir -p "$work"
    /usr/bin/time -f '%U %S %M' -o "$work/ours.time" "$host" --source "$url" --passthrough --seconds "$seconds" \
        --event-every 30 --width 1920 --height 1080 --buffer "$work/buffer" --output "$work/clips" >"$work/ours.log" 2>&1 &
    local ours=$!
    /usr/bin/time -f '%U %S %M' -o "$work/peer.time" ffmpeg -nostdin -v error -rtsp_transport tcp -i "$url" -c copy \
        -t "$seconds" -y "$work/peer.mp4" &
    local peer=$!
    wait "$ours" "$peer"
    local clips
    clips=$(grep -c '^clip ' "$work/ours.log" || true)
    awk -v clips="$clips" 'NR == FNR { ours = $1 + $2; ours_peak = $3 / 1024; next }
        { printf "%.2f %.1f %.2f %.1f %d\n", ours, ours_peak, $1 + $2, $3 / 1024, clips }' "$work/ours.time" "$work/peer.time"
}
