#!/usr/bin/env bash
# The README's test command, and what CI runs: installs what is missing, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
swift test "$@"
