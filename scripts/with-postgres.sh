#!/usr/bin/env bash
# Runs COMMAND… with a throw-away PostgreSQL server on loopback and ANALOGKIT_POSTGRES_URL pointing
# at an empty database on it (and ANALOGKIT_POSTGRES_REQUIRED=1, so the PostgreSQL tests run rather
# than skip); the server and its data directory are removed when COMMAND ends, whatever its status.
#
#   scripts/with-postgres.sh swift test --filter SocialModelTests
#
# Installs Debian's `postgresql` package if it is missing. Runs the server as the `postgres` user
# (PostgreSQL refuses to run as root). Set ANALOGKIT_POSTGRES_PORT to choose the port (default: a
# free one from 54320 up).
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENT…]" >&2
    exit 64
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "with-postgres: installing Debian's postgresql package" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")

run_as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

port=${ANALOGKIT_POSTGRES_PORT:-}
if [ -z "$port" ]; then
    port=54320
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
fi

data=$(mktemp -d /tmp/analogkit-postgres.XXXXXX)
chmod 700 "$data"
[ "$(id -u)" -eq 0 ] && chown postgres: "$data"
log="$data/server.log"

stop() {
    run_as_postgres "$bin/pg_ctl" -D "$data/cluster" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$data"
}
trap stop EXIT INT TERM

run_as_postgres "$bin/initdb" -D "$data/cluster" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
# fsync off: the data is thrown away, and tests should not wait on the disk. Enough connections
# for the test suite, which opens a small pool per store and runs tests in parallel.
run_as_postgres "$bin/pg_ctl" -D "$data/cluster" -l "$log" -w -t 60 \
    -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
-c full_page_writes=off -c max_connections=400" start >/dev/null
run_as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres analogkit

export ANALOGKIT_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/analogkit?sslmode=disable"
# The server is there, so PostgreSQL tests must run: an unreachable server fails them instead of skipping.
export ANALOGKIT_POSTGRES_REQUIRED=1
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') at $ANALOGKIT_POSTGRES_URL" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
