#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer, as scripts/test.sh runs it, failing on any report.
# About twice the time of test.sh (a separate build in .build/tsan), so it is not part of CI;
# the README's "Errors and limits" gives the last result.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-packages.sh
export ANALOGKIT_REQUIRE_REAL_SERVERS=1
# Tests that TSan itself cannot run say so and skip (see Tests/Support/ThreadSanitizerRun.swift).
export ANALOGKIT_THREAD_SANITIZER=1
# ignore_noninstrumented_modules: libvips, GLib and FFmpeg are not instrumented, so the memory they
# allocate and hand between their own threads is not checked; our code on their threads is, with
# the hand-offs marked in Sources/CThreadSanitizer. scripts/tsan.supp lists the one dependency
# whose locks TSan cannot see.
export TSAN_OPTIONS="halt_on_error=0 ignore_noninstrumented_modules=1 suppressions=$PWD/scripts/tsan.supp ${TSAN_OPTIONS:-}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
scripts/with-postgres.sh swift test --sanitize=thread --scratch-path .build/tsan "$@" 2>&1 | tee "$log" || status=$?
reports=$(grep -c '^WARNING: ThreadSanitizer' "$log" || true)
echo "tsan.sh: swift test exited $status; ThreadSanitizer reports: $reports"
[ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
