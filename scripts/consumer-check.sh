#!/usr/bin/env bash
# A new user's package, outside the repository, built from the README alone: the ReadmeSnippets package
# (every Swift snippet of README.md and of the DocC articles, which scripts/readme-snippets.py holds
# identical to the documents) is copied to a temporary folder and depends on this checkout by path.
# It must build, its tests (the README's test snippets, on the shipped mocks) must pass, and the
# RecorderKit snippet must run to its end. The README's Package.swift is checked with
# `swift package dump-package`.
#
# The copy sees only the SDK's public API, as any other package does (`package` declarations are
# visible to the SDK's own targets only). It builds in the checkout's own scratch path (.build) with
# the checkout's Package.resolved, so the SDK's modules that `swift build`/`scripts/test.sh` already
# compiled are reused and only the snippets are compiled: llbuild reruns a command only when its
# arguments or inputs change, and the SDK's targets compile with the same arguments as a dependency
# as they do as the root package. (A scratch path of its own would compile the whole SDK a second
# time: 742 s of the 864 s this check took before.) SwiftPM drops from .build/checkouts the packages
# the snippets do not need (swift-argument-parser, swift-prometheus, swift-docc-plugin), and the
# next build of the SDK checks them out again: that is why CI runs this check last.
#
#     bash scripts/consumer-check.sh            # prints the time each step took
#     bash scripts/consumer-check.sh --fresh    # as a new user: own scratch path, newest dependencies
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/analogkit-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export ANALOGKIT_SDK="$root"

fresh=false
[ "${1:-}" = "--fresh" ] && fresh=true

step() {
    local name="$1"
    shift
    local started=$SECONDS
    echo "consumer-check: $name" >&2
    "$@"
    echo "consumer-check: $name took $((SECONDS - started)) s" >&2
}

python3 "$root/scripts/readme-snippets.py"

# The manifests the README and the articles show (ReadmeSnippets/Manifest/**/Package.swift), each
# with the SDK by path instead of by URL, must be read by SwiftPM.
manifests=0
while IFS= read -r manifest; do
    manifests=$((manifests + 1))
    folder="$work/manifest-$manifests"
    mkdir -p "$folder/Sources/MyApp" "$folder/Tests/MyAppTests"
    sed "s|.package(url: \"https://github.com/analogkit/analogkit\", from: \"0.1.0\")|.package(name: \"analogkit\", path: \"$root\")|" \
        "$manifest" >"$folder/Package.swift"
    grep -q "path: \"$root\"" "$folder/Package.swift" || { echo "$manifest no longer names the SDK's URL" >&2; exit 1; }
    touch "$folder/Sources/MyApp/main.swift" "$folder/Tests/MyAppTests/MyAppTests.swift"
    step "${manifest#"$root/"}" swift package --package-path "$folder" --scratch-path "$folder/.build" dump-package >/dev/null
done < <(find "$root/ReadmeSnippets/Manifest" -name Package.swift | sort)
[ "$manifests" -gt 0 ] || { echo "no manifest in ReadmeSnippets/Manifest" >&2; exit 1; }

mkdir -p "$work/consumer" "$work/tmp"
(cd "$root/ReadmeSnippets" && tar --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - .) | tar -C "$work/consumer" -xf -
cd "$work/consumer"
scratch=()
if ! $fresh; then
    cp "$root/Package.resolved" Package.resolved
    scratch=(--scratch-path "$root/.build")
fi
step "build every snippet" swift build "${scratch[@]}"
step "the README's tests, on the shipped mocks" swift test "${scratch[@]}"
# The recorder's buffer and clips go under TMPDIR: this run's own folder.
step "run the RecorderKit snippet" env TMPDIR="$work/tmp" timeout 600 swift run "${scratch[@]}" snippet-recorder | tee "$work/recorder.log"
grep -q '\.mp4 ' "$work/recorder.log" || { echo "the RecorderKit snippet wrote no clip" >&2; exit 1; }
echo "consumer-check: passed in $SECONDS s"
