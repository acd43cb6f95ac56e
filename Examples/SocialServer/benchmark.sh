#!/usr/bin/env bash
# Load on social-server with wrk: the home feed's first page (20 posts) and one post's view, for the
# probe user of social-feed-bench's network (10,000 users, 200,000 posts, 2,000,000 likes, 100,000
# follows; the probe follows 200 people), beside /health, a one-line route of the same Hummingbird
# server, as the ceiling. wrk is closed-loop: CONNECTIONS clients send as fast as answers come.
#
#   Examples/SocialServer/benchmark.sh [SECONDS] [CONNECTIONS]          # SQLite, one instance
#   scripts/with-postgres.sh Examples/SocialServer/benchmark.sh 10 32   # and PostgreSQL, two instances behind nginx
#
# FEED_DB names the seeded SQLite file (seeded by `swift run -c release social-feed-bench --runs 1`
# when missing). The benchmark works on a copy, with one session row added for the probe.
# SOCIAL_SERVER and FEED_BENCH_POSTGRES name other builds of the binaries (default: release, built
# if missing); figures only mean something from a release build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-10}
connections=${2:-32}
db=${FEED_DB:-/tmp/social-feed-bench-10000-200000-2000000-100000.sqlite}
release=$root/.build/release
cd "$root"
server=${SOCIAL_SERVER:-$release/social-server}
copier=${FEED_BENCH_POSTGRES:-$release/social-feed-bench-postgres}
[ -x "$server" ] || swift build -c release --product social-server
if [ ! -f "$db" ]; then
    swift build -c release --product social-feed-bench
    "$release/social-feed-bench" --database "$db" --runs 1
fi

work=$(mktemp -d /tmp/social-benchmark.XXXXXX)
# shellcheck source=instances.sh
. "$here/instances.sh"

probe=usr_00000000000000000000000000000000
token=benchmark-session-token-for-the-probe-user-0000
hash=$(printf %s "$token" | sha256sum | cut -d' ' -f1)
sqlite3 "$db" ".backup '$work/feed.sqlite'"
sqlite3 "$work/feed.sqlite" \
    "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (x'$hash', '$probe', 0, 4e9);"
post=$(sqlite3 "$work/feed.sqlite" \
    "SELECT p.id FROM posts p JOIN follows f ON f.followee_id = p.author_id WHERE f.follower_id = '$probe' LIMIT 1;")

# One wrk run: label, URL; prints a table row (requests/s, median, p99).
measure() {
    local label=$1 url=$2
    curl -sf -o /dev/null -H "Authorization: Bearer $token" "$url" || { echo "$label: $url fails" >&2; exit 1; }
    wrk -t2 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$url" >"$work/wrk.txt"
    local rps p50 p99
    rps=$(awk '/^Requests\/sec/ {print $2}' "$work/wrk.txt")
    p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")
    p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
    printf '| %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p99"
}

echo "wrk -t2 -c$connections -d${seconds}s --latency; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| route | requests/s | median | p99 |"
echo "|---|---|---|---|"
start_instance sqlite "sqlite:$work/feed.sqlite" --log-level warning --rate-limit 0
measure "SQLite: GET /health (ceiling)" "http://127.0.0.1:$port/health"
measure "SQLite: GET /feed/home?limit=20" "http://127.0.0.1:$port/feed/home?limit=20"
measure "SQLite: GET /posts/{id}" "http://127.0.0.1:$port/posts/$post"

if [ -n "${ANALOGKIT_POSTGRES_URL:-}" ]; then
    [ -x "$copier" ] || swift build -c release --product social-feed-bench-postgres
    "$copier" --sqlite "$db" --runs 1 >"$work/copy.log"
    psql "$ANALOGKIT_POSTGRES_URL" -q -c "INSERT INTO feed_bench.sessions VALUES (decode('$hash', 'hex'), '$probe', 0, 4e9)"
    store="$ANALOGKIT_POSTGRES_URL&schema=feed_bench"
    start_instance first "$store" --log-level warning --rate-limit 0 --trusted-proxy 127.0.0.1
    first=$port
    start_instance second "$store" --log-level warning --rate-limit 0 --trusted-proxy 127.0.0.1
    second=$port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    start_nginx "$port" "$first" "$second"
    measure "PostgreSQL ×2 + nginx: GET /health (ceiling)" "http://127.0.0.1:$port/health"
    measure "PostgreSQL ×2 + nginx: GET /feed/home?limit=20" "http://127.0.0.1:$port/feed/home?limit=20"
    measure "PostgreSQL ×2 + nginx: GET /posts/{id}" "http://127.0.0.1:$port/posts/$post"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
