#!/usr/bin/env bash
# Builds the DocC documentation of every library module with warnings treated as errors, then
# checks what DocC does not (scripts/docs-check.py): every public symbol curated in a Topics group
# of its module's catalog, and a `- Throws:` line on every public throwing function.
#
#   bash scripts/docs-check.sh            # every library module
#   bash scripts/docs-check.sh FilmKit    # some of them
#
# The archives land in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive; preview one with
# `swift package --disable-sandbox preview-documentation --target FilmKit`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -gt 0 ]; then
    modules=("$@")
else
    # Every target of every library product, once, in the order Package.swift lists them.
    mapfile -t modules < <(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
seen = []
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            if target not in seen:
                seen.append(target)
print("\n".join(seen))')
fi

arguments=()
for module in "${modules[@]}"; do arguments+=(--target "$module"); done
echo "docs-check: generating documentation for ${#modules[@]} modules: ${modules[*]}"
swift package --disable-sandbox generate-documentation "${arguments[@]}" --warnings-as-errors

# SwiftPM extracts the symbol graphs under a folder named after the package's identity (the
# checkout's directory name), so take the newest graphs of each module.
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in "${modules[@]}"; do
    newest=$(ls -td .build/*/extracted-symbols/*/"$module" 2>/dev/null | head -1)
    if [ -z "$newest" ]; then
        echo "docs-check: no symbol graph was extracted for $module" >&2
        exit 1
    fi
    ln -s "$PWD/$newest" "$graphs/$module"
done
python3 scripts/docs-check.py "$graphs" "${modules[@]}"
