#!/usr/bin/env bash
# The README's test command, and what CI runs: installs what is missing, then runs every test,
# with a throw-away PostgreSQL server on loopback for the PostgreSQL store's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
scripts/with-postgres.sh swift test "$@"
