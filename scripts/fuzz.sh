#!/usr/bin/env bash
# Builds AnalogKit's libFuzzer targets (Fuzz/) and runs each for a while on a copy of its seed
# corpus. Fails if any target crashes (its input is kept in .build/fuzz/artifacts).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]      default: 60 seconds each, every target
#   bash scripts/fuzz.sh --runs N [TARGET...]        stop each after N executions instead
#
# Targets: cube (the .cube parser and the 3D kernel), stock (stock JSON), image (Imaging's
# loaders), exif (the EXIF shim, in C), devices (camera mapping files and the selector). Swift targets are built with `-sanitize=fuzzer,address`,
# the C one with clang's `-fsanitize=fuzzer,address`. A crash input is replayed with
# `.build/fuzz/bin/<target> <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=(-max_total_time=60)
if [ "${1:-}" = "--runs" ]; then
    limit=(-runs="$2")
    shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    limit=(-max_total_time="$1")
    shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cube stock image exif devices)

scripts/install-system-packages.sh
out=.build/fuzz
mkdir -p "$out/bin" "$out/artifacts"

echo "== building the fuzz targets"
swift build -c release --package-path Fuzz --scratch-path "$out/swift" \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld 2>&1 \
    | grep -v "prohibited flag(s): -pthread" || true
for target in FuzzCube FuzzStock FuzzImage FuzzDeviceMapping; do
    cp "$out/swift/release/$target" "$out/bin/$target"
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
    case "$target" in
        cube) binary=FuzzCube max_len=4096 ;;
        stock) binary=FuzzStock max_len=8192 ;;
        image) binary=FuzzImage max_len=16384 ;;
        exif) binary=FuzzExif max_len=16384 ;;
        devices) binary=FuzzDeviceMapping max_len=4096 ;;
        *) echo "unknown target '$target' (cube, stock, image, exif, devices)" >&2; exit 2 ;;
    esac
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
