#!/usr/bin/env bash
# Two social-server instances on one PostgreSQL database behind Debian's nginx on loopback, from
# nginx.conf.template (round-robin, WebSocket upgrades passed through). Prints the address and
# serves until Ctrl-C, then stops all three.
#
#   ANALOGKIT_STORE_URL=postgres://… Examples/SocialServer/scale-out.sh [PORT]
#   scripts/with-postgres.sh Examples/SocialServer/scale-out.sh       # a throw-away database
#
# SOCIAL_SERVER names the binary (default: .build/release/social-server, built if missing);
# SOCIAL_SERVER_ARGS adds options to both instances (e.g. --password-iterations 210000).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
store=${ANALOGKIT_STORE_URL:-${ANALOGKIT_POSTGRES_URL:-}}
if [ -z "$store" ]; then
    echo "scale-out: set ANALOGKIT_STORE_URL to a postgres:// URL (or run under scripts/with-postgres.sh)" >&2
    exit 64
fi
nginx=/usr/sbin/nginx
[ -x "$nginx" ] || { echo "scale-out: $nginx is missing (Debian package nginx-light)" >&2; exit 69; }
server=${SOCIAL_SERVER:-$root/.build/release/social-server}
if [ ! -x "$server" ]; then
    (cd "$root" && swift build -c release --product social-server)
fi

port=${1:-8080}
work=$(mktemp -d /tmp/social-scale-out.XXXXXX)
pids=()
stop() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap stop EXIT INT TERM

# Starts one instance on a port of its choosing and prints that port.
start_instance() {
    local name=$1
    # shellcheck disable=SC2086
    "$server" --store "$store" --hostname 127.0.0.1 --port 0 --outbox "$work/outbox" ${SOCIAL_SERVER_ARGS:-} \
        >"$work/$name.out" 2>"$work/$name.log" &
    pids+=($!)
    for _ in $(seq 600); do
        if grep -q "listening on" "$work/$name.out" 2>/dev/null; then
            sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out"
            return
        fi
        sleep 0.1
    done
    echo "scale-out: $name did not start; its log:" >&2
    cat "$work/$name.log" >&2
    exit 1
}
first=$(start_instance first)
second=$(start_instance second)
for instance in "$first" "$second"; do
    until curl -sf "http://127.0.0.1:$instance/ready" >/dev/null; do sleep 0.2; done
done

mkdir -p "$work/nginx"
sed -e "s|@PREFIX@|$work/nginx|g" -e "s|@PORT@|$port|g" -e "s|@FIRST_PORT@|$first|g" \
    -e "s|@SECOND_PORT@|$second|g" "$here/nginx.conf.template" >"$work/nginx/nginx.conf"
"$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
pids+=($!)
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.1; done
echo "social-server ×2 (ports $first, $second) behind nginx at http://127.0.0.1:$port (logs: $work; Ctrl-C stops)"
wait "${pids[-1]}"
