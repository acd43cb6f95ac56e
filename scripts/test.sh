#!/usr/bin/env bash
# The README's test command, and what CI runs: installs what is missing, then runs every test,
# with a throw-away PostgreSQL server on loopback for the PostgreSQL store's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
# Everything the tests need is installed now: a missing server or program fails a test, not skips it.
export ANALOGKIT_REQUIRE_REAL_SERVERS=1
scripts/with-postgres.sh swift test "$@"
