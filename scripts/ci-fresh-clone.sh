#!/usr/bin/env bash
# The CI figure: clones this repository's committed HEAD into a new folder (nothing of .build is
# shared) and runs `CI=true bash .ci/run` there, logging each step's time ("ci: ... took N s").
# Run it on an otherwise idle machine: other builds on the same cores inflate every step.
#
#   bash scripts/ci-fresh-clone.sh [LOG]      # default log: /tmp/analogkit-ci-<time>.log
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
log="${1:-/tmp/analogkit-ci-$(date -u +%Y%m%dT%H%M%SZ).log}"
parent="$(mktemp -d "${TMPDIR:-/tmp}/analogkit-ci.XXXXXX")"
# mktemp's folder is private (0700); tests run the tools as `nobody` (ReadOnlyRollLibraryTests),
# who must be able to reach them, as in a CI checkout.
chmod 755 "$parent"
clone="$parent/analogkit"
git clone -q "$root" "$clone"
echo "ci-fresh-clone: $clone at $(git -C "$clone" rev-parse --short HEAD); log: $log"
started=$SECONDS
status=0
(cd "$clone" && CI=true bash .ci/run) >"$log" 2>&1 || status=$?
grep -E "^ci: .* took [0-9]+ s|^ci: passed" "$log" || true
echo "ci-fresh-clone: exit $status after $((SECONDS - started)) s (the budget is 2700 s)"
exit $status
