#!/usr/bin/env bash
# ThreadSanitizer over the whole test suite: every test target, built with `--sanitize=thread`
# in a build folder of its own (.build/tsan, so the normal build is kept), with the throw-away
# PostgreSQL server the suite needs. Fails on any data race report.
#
#   bash scripts/tsan.sh [swift test arguments]      e.g. --filter FilmKitTests
#
# Suppressions (scripts/tsan.supp) cover only third-party code TSan cannot see into; each says why.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
export TSAN_OPTIONS="suppressions=$PWD/scripts/tsan.supp history_size=4 ${TSAN_OPTIONS:-}"
export ANALOGKIT_REQUIRE_REAL_SERVERS="${ANALOGKIT_REQUIRE_REAL_SERVERS:-1}"
scripts/with-postgres.sh swift test --sanitize=thread --scratch-path .build/tsan "$@"
