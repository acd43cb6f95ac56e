#!/usr/bin/env bash
# Builds the DocC documentation of every library module with warnings treated as errors, then
# checks what DocC does not (scripts/docs-check.py): every public symbol curated in a Topics group
# of its module's catalog, a `- Throws:` line on every public throwing function, and the product
# graph of the overview article (FilmKit's "AnalogKit's products") matching `swift package describe`.
#
#   bash scripts/docs-check.sh            # every library module
#   bash scripts/docs-check.sh FilmKit    # some of them
#
# It does not rebuild what `swift build` or scripts/test.sh compiled. The symbol graphs are
# extracted from the modules in .build (swift-symbolgraph-extract with each module's own search
# paths, read from the build's llbuild manifest; the same options swift-docc-plugin gives it:
# public symbols, synthesized members, extension blocks), and `docc convert` runs on each catalog,
# two at a time. (swift-docc-plugin's generate-documentation plans and runs one SwiftPM build per
# module, about 12 s each even when nothing changed, and extracts the graphs afterwards.)
# The archives land in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive; preview one with
# `swift package --disable-sandbox preview-documentation --target FilmKit`.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p .build/docs-check
swift package dump-package >.build/docs-check/package.json
if [ "$#" -gt 0 ]; then
    modules=("$@")
else
    # Every target of every library product, once, in the order Package.swift lists them.
    mapfile -t modules < <(python3 -c '
import json, sys
package = json.load(sys.stdin)
seen = []
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            if target not in seen:
                seen.append(target)
print("\n".join(seen))' <.build/docs-check/package.json)
fi

echo "docs-check: building (nothing to do after scripts/test.sh)"
swift build 2>&1 | grep -v "prohibited flag(s): -pthread" | tail -3
bin="$(swift build --show-bin-path)"
manifest=.build/debug.yaml
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
graphs=.build/docs-check/symbol-graphs
outputs=.build/plugins/Swift-DocC/outputs
rm -rf "$graphs"
mkdir -p "$graphs" "$outputs"
[ -d "$bin/Modules" ] && [ -f "$manifest" ] || { echo "docs-check: no build in .build" >&2; exit 1; }

extract() {
    local module="$1" arguments reexported
    mapfile -t arguments < <(python3 scripts/docs-check.py --search-paths "$manifest" "$module")
    # A module's `@_exported import`s (FilmKit's SeededRandom) are documented as its own symbols.
    reexported="$(grep -rhoE '^@_exported import [A-Za-z_]+' "Sources/$module" --include='*.swift' |
        awk '{print $3}' | paste -sd, -)" || true
    [ -z "$reexported" ] || arguments+=("-experimental-allowed-reexported-modules=$reexported")
    mkdir -p "$graphs/$module"
    "$toolchain/swift-symbolgraph-extract" -module-name "$module" "${arguments[@]}" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs/$module"
}
convert() {
    local module="$1"
    rm -rf "$outputs/$module.doccarchive"
    "$toolchain/docc" convert "Sources/$module/Documentation.docc" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$outputs/$module.doccarchive" --warnings-as-errors >"$graphs/$module.log" 2>&1 ||
        { echo "docs-check: DocC failed for $module:" >&2; cat "$graphs/$module.log" >&2; return 1; }
    echo "docs-check: $module"
}
export -f extract convert
export graphs outputs manifest toolchain
jobs=$(nproc)
started=$SECONDS
echo "docs-check: symbol graphs of ${#modules[@]} modules: ${modules[*]}"
printf '%s\n' "${modules[@]}" | xargs -P "$jobs" -I{} bash -c 'extract {}'
echo "docs-check: extracted in $((SECONDS - started)) s; converting"
started=$SECONDS
# Every check runs, and any failure fails the script.
status=0
printf '%s\n' "${modules[@]}" | xargs -P "$jobs" -I{} bash -c 'convert {}' || status=1
echo "docs-check: converted in $((SECONDS - started)) s"
python3 scripts/docs-check.py "$graphs" "${modules[@]}" || status=1
python3 scripts/docs-check.py --check-product-graph .build/docs-check/package.json || status=1
exit $status
