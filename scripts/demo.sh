#!/usr/bin/env bash
# The README's demo command: installs what is missing, then runs the bundled samples through the
# built-in film looks and writes before/after pictures and a contact sheet to out/demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
swift run film-demo "${1:-out/demo}"
