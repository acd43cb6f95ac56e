#!/usr/bin/env bash
# Contract test: schemathesis (PyPI, in a venv under .build/) sends generated requests, valid and
# not, to every operation of Sources/SocialModelHTTP/openapi.json on a social-server over the
# in-memory store on loopback, signed in as a real user, and fails on any 5xx, any status code
# the document does not list, or any response that does not match its schema.
#
#   scripts/contract-test.sh [EXAMPLES]    # generated cases per operation (default 25)
#
# Seeded (--seed), so a run repeats exactly. SOCIAL_SERVER names the binary (default: the debug
# build, built if missing); CONTRACT_DOCUMENT another document (a broken copy shows the checks bite).
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-25}
venv=.build/schemathesis-venv
if [ ! -x "$venv/bin/st" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "schemathesis==4.32.5"
fi
server=${SOCIAL_SERVER:-.build/debug/social-server}
[ -x "$server" ] || swift build --product social-server

work=$(mktemp -d /tmp/analogkit-contract.XXXXXX)
pid=""
stop() {
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap stop EXIT INT TERM

"$server" --store memory --hostname 127.0.0.1 --port 0 --outbox "$work/outbox" --password-iterations 210000 \
    --rate-limit 0 --log-level warning >"$work/out" 2>"$work/log" &
pid=$!
for _ in $(seq 300); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n 's/^social-server listening on //p' "$work/out")
[ -n "$base" ] || { echo "contract-test: social-server did not start" >&2; cat "$work/log" >&2; exit 1; }

# A verified user to sign in as: register, read the token from the outbox, verify, sign in.
password=Contract-Test-Password-1
json() { curl -sf -H 'Content-Type: application/json' -d "$2" "$base$1"; }
json /accounts "{\"email\":\"ada@example.com\",\"username\":\"ada\",\"password\":\"$password\",\"name\":\"\",\"surname\":\"\"}"
for _ in $(seq 200); do ls "$work"/outbox/*.json >/dev/null 2>&1 && break; sleep 0.05; done  # sent in the background
token=$(python3 -c 'import json,sys,glob; print(json.load(open(sorted(glob.glob(sys.argv[1] + "/*.json"))[-1]))["token"])' "$work/outbox")
json /accounts/verification "{\"token\":\"$token\"}" >/dev/null
session=$(json /sessions "{\"email\":\"ada@example.com\",\"password\":\"$password\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# Signing out (here or everywhere) or deleting the account would turn the rest of the run into
# 401s. Rate limits are off: one client sending thousands of requests would otherwise test mostly
# the 429. GET /live (liveUpdates) stays out, as schemathesis 4 cannot check it: it sends the
# documented upgrade headers through `requests`, so a signed-in case is answered 101 and the
# connection becomes a WebSocket, which `requests` cannot go on with (schemathesis reports the
# 101 as a failure; it has no WebSocket support), and a run signed in never sees anything else. Every
# non-101 answer of /live is JSON now (401 for a refused token, 400 malformed-upgrade for a bad
# handshake, 405 for a GET without Upgrade), tested over sockets by the Swift tests
# (WebSocketUpgradeTests, LiveRouteTests, LiveUpgradeRefusalTests, LiveAcrossInstancesTests).
"$venv/bin/st" run ${CONTRACT_DOCUMENT:-Sources/SocialModelHTTP/openapi.json} --url "$base" \
    --header "Authorization: Bearer $session" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-operation-id signOut --exclude-operation-id signOutEverywhere --exclude-operation-id deleteAccount --exclude-operation-id liveUpdates \
    --max-examples "$examples" --seed 21 --workers 1 --phases examples,coverage,fuzzing \
    --report junit --report-dir "$work/report" --warnings off
