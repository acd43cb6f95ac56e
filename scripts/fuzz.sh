#!/usr/bin/env bash
# Builds AnalogKit's libFuzzer targets (Fuzz/) and runs each for a while on a copy of its seed
# corpus. Fails if any target crashes (its input is kept in .build/fuzz/artifacts).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]      SECONDS each (default 60), every target
#   bash scripts/fuzz.sh --total SECONDS [TARGET...] SECONDS shared equally among the targets (CI: 300)
#   bash scripts/fuzz.sh --runs N [TARGET...]        stop each after N executions instead
#
# The targets are the table below: cube (the .cube parser and the 3D kernel), stock (stock JSON),
# image (Imaging's loaders), exif (the EXIF shim, in C), devices (camera mapping files and the
# selector), query and json-shape (SocialModelHTTP's query parameters and JSON shape bounds, through
# the SPI of SocialModelHTTPParsing, which needs neither Hummingbird nor SwiftNIO), text (hashtags and
# mentions, SocialModelText, which needs only Foundation), packet (RecorderKit's
# check that drops cut H.264/H.265 passthrough packets, through its SPI). Two more run only when
# named, for their build (Hummingbird and the whole social stack, sanitized) would not fit CI's
# time: routes (every GET operation of openapi.json through the real router, signed in) and
# multipart (POST /posts with arbitrary multipart bodies). Only the named targets are built.
# Swift targets are built with `-sanitize=fuzzer,address`, the C one with clang's
# `-fsanitize=fuzzer,address`.
# A crash input is replayed with `.build/fuzz/bin/<binary> <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."

# name, the binary (a product of Fuzz/Package.swift, or FuzzExif: built with clang below), -max_len,
# and "named" for a target that runs only when named.
table="
cube FuzzCube 4096
stock FuzzStock 8192
image FuzzImage 16384
exif FuzzExif 16384
devices FuzzDeviceMapping 4096
query FuzzQuery 4096
json-shape FuzzJSONShape 4096
text FuzzText 4096
packet FuzzPacket 4096
routes FuzzRoutes 4096 named
multipart FuzzMultipart 8192 named
"
names() { awk 'NF && $4 != "named" { print $1 }' <<<"$table"; }
all_names() { awk 'NF { print $1 }' <<<"$table"; }
field() { awk -v name="$1" -v column="$2" '$1 == name { print $column }' <<<"$table"; }

limit=(-max_total_time=60)
total=""
if [ "${1:-}" = "--runs" ]; then
    limit=(-runs="$2")
    shift 2
elif [ "${1:-}" = "--total" ]; then
    total="$2"
    shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    limit=(-max_total_time="$1")
    shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(names)
for target in "${targets[@]}"; do
    [ -n "$(field "$target" 2)" ] || { echo "unknown target '$target' ($(all_names | tr '\n' ' '))" >&2; exit 2; }
done
if [ -n "$total" ]; then
    limit=(-max_total_time=$((total / ${#targets[@]})))
fi

scripts/install-system-packages.sh
out=.build/fuzz
mkdir -p "$out/bin" "$out/artifacts"

echo "== building the fuzz targets"
# SwiftPM reuses its build plan while the manifest is unchanged, and the plan lists each target's
# files: a Swift or C file added since would be left out (a type not found, or undefined symbols
# at link time). A source newer than the plan makes SwiftPM plan again (the compiling stays
# incremental).
plan="$out/swift/release.yaml"
if [ -f "$plan" ] && [ -n "$(find Sources Fuzz -newer "$plan" \( -name '*.c' -o -name '*.swift' \) -print -quit)" ]; then
    rm -f "$plan" "$out"/swift/*/release/description.json
fi
# A failed build fails the script (only grep finding nothing to print is not a failure). One
# product at a time, the named ones only; they share the compiled modules.
for target in "${targets[@]}"; do
    binary=$(field "$target" 2)
    [ "$binary" != FuzzExif ] || continue
    swift build -c release --package-path Fuzz --scratch-path "$out/swift" --product "$binary" \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld 2>&1 \
        | { grep -v "prohibited flag(s): -pthread" || true; }
    cp "$out/swift/release/$binary" "$out/bin/$binary"
done
clang -O1 -g -fsanitize=fuzzer,address -fuse-ld=lld -ISources/CExifShim/include Fuzz/ExifShim/fuzz_exif.c \
    Sources/CExifShim/CExifShim.c -lexif -ljpeg -o "$out/bin/FuzzExif"

# libvips keeps caches for the life of the process, which LeakSanitizer would report at exit; the
# Swift runtime's own backtracer would read memory ASan has poisoned after a crash.
export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1:${ASAN_OPTIONS:-}"
export SWIFT_BACKTRACE=enable=no
# One libvips worker: the inputs are tiny, and a thread pool per input costs more than the decoding.
export VIPS_CONCURRENCY=1
failed=()
for target in "${targets[@]}"; do
    binary=$(field "$target" 2)
    max_len=$(field "$target" 3)
    corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    cp -n Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
    echo "== $target: ${limit[*]}"
    log="$out/$target.log"
    if "$out/bin/$binary" "${limit[@]}" -max_len="$max_len" -timeout=20 -rss_limit_mb=3072 \
        -artifact_prefix="$out/artifacts/$target-" -print_final_stats=1 "$corpus" >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
        seconds=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo "?")
        echo "   $runs executions in $seconds s, no crash"
    else
        echo "   CRASH: see $log and $out/artifacts/" >&2
        tail -30 "$log" >&2
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]}" >&2
    exit 1
fi
