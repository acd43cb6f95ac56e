#!/usr/bin/env bash
# The README's test command, and what CI runs: installs what is missing, then runs every test,
# with a throw-away PostgreSQL server on loopback for the PostgreSQL store's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
# Everything the tests need is installed now: a missing server or program fails a test, not skips it.
export ANALOGKIT_REQUIRE_REAL_SERVERS=1
if [ $# -gt 0 ]; then
    exec scripts/with-postgres.sh swift test "$@"
fi
# The recorder's live-source suites read their sources in real time (lavfi and RTSP at their
# native rate) and wait for them with deadlines. Beside the CPU-bound image suites, which keep
# both cores of a 2-core machine busy for minutes, they missed those deadlines in CI; so they
# run on their own, after everything else.
live='RecorderKitTests\.(LiveSourceTests|LiveAudioTests|CaptureDeviceSourceTests)'
scripts/with-postgres.sh swift test --skip "$live"
swift test --filter "$live"
