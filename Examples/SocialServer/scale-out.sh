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
[ -x /usr/sbin/nginx ] || { echo "scale-out: /usr/sbin/nginx is missing (Debian package nginx-light)" >&2; exit 69; }
server=${SOCIAL_SERVER:-$root/.build/release/social-server}
[ -x "$server" ] || (cd "$root" && swift build -c release --product social-server)
listen=${1:-8080}
work=$(mktemp -d /tmp/social-scale-out.XXXXXX)
# shellcheck source=instances.sh
. "$here/instances.sh"

# shellcheck disable=SC2086
start_instance first "$store" --trusted-proxy 127.0.0.1 ${SOCIAL_SERVER_ARGS:-}
first=$port
# shellcheck disable=SC2086
start_instance second "$store" --trusted-proxy 127.0.0.1 ${SOCIAL_SERVER_ARGS:-}
second=$port
start_nginx "$listen" "$first" "$second"
echo "social-server ×2 (ports $first, $second) behind nginx at http://127.0.0.1:$listen (logs: $work; Ctrl-C stops)"
wait "${pids[-1]}"
