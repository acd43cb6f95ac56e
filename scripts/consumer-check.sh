#!/usr/bin/env bash
# A new user's package, outside the repository, built from the README alone: the ReadmeSnippets package
# (every Swift snippet of README.md, which scripts/readme-snippets.py holds identical to the
# README) is copied to a temporary folder and depends on this checkout by path. It must build, its
# tests (the README's test snippets, on the shipped mocks) must pass, and the RecorderKit snippet
# must run to its end. The README's Package.swift is checked with `swift package dump-package`.
#
#     bash scripts/consumer-check.sh        # prints the time each step took
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/analogkit-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export ANALOGKIT_SDK="$root"

step() {
    local name="$1"
    shift
    local started=$SECONDS
    echo "consumer-check: $name" >&2
    "$@"
    echo "consumer-check: $name took $((SECONDS - started)) s" >&2
}

python3 "$root/scripts/readme-snippets.py"

# The README's manifest, with the SDK by path instead of by URL.
mkdir -p "$work/manifest/Sources/MyApp" "$work/manifest/Tests/MyAppTests"
sed "s|.package(url: \"https://github.com/analogkit/analogkit\", from: \"0.1.0\")|.package(name: \"analogkit\", path: \"$root\")|" \
    "$root/ReadmeSnippets/Manifest/Package.swift" >"$work/manifest/Package.swift"
grep -q "path: \"$root\"" "$work/manifest/Package.swift" || { echo "the README's manifest no longer names the SDK's URL" >&2; exit 1; }
touch "$work/manifest/Sources/MyApp/main.swift" "$work/manifest/Tests/MyAppTests/MyAppTests.swift"
step "the README's Package.swift" swift package --package-path "$work/manifest" dump-package >/dev/null

mkdir -p "$work/consumer" "$work/tmp"
(cd "$root/ReadmeSnippets" && tar --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - .) | tar -C "$work/consumer" -xf -
cd "$work/consumer"
step "build every snippet" swift build
step "the README's tests, on the shipped mocks" swift test
# The recorder's buffer and clips go under TMPDIR: this run's own folder.
step "run the RecorderKit snippet" env TMPDIR="$work/tmp" timeout 600 swift run recorder | tee "$work/recorder.log"
grep -q '\.mp4 ' "$work/recorder.log" || { echo "the RecorderKit snippet wrote no clip" >&2; exit 1; }
echo "consumer-check: passed in $SECONDS s"
