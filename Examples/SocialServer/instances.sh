# Sourced by scale-out.sh and benchmark.sh: starting social-server instances and nginx in front of
# two of them, all stopped (and $work removed) when the script exits. Needs $server (the binary)
# and $work (a scratch folder).
pids=()
stop_all() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap stop_all EXIT INT TERM

# start_instance NAME STORE [OPTION…]: starts an instance on a port of its choosing, waits until it
# is ready and sets $port to that port.
start_instance() {
    local name=$1 store=$2
    shift 2
    "$server" --store "$store" --hostname 127.0.0.1 --port 0 --outbox "$work/outbox" "$@" \
        >"$work/$name.out" 2>"$work/$name.log" &
    pids+=($!)
    port=""
    for _ in $(seq 600); do
        port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out" 2>/dev/null)
        [ -n "$port" ] && break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        echo "$name did not start; its log:" >&2
        cat "$work/$name.log" >&2
        exit 1
    fi
    until curl -sf "http://127.0.0.1:$port/ready" >/dev/null; do sleep 0.2; done
}

# start_nginx PORT FIRST_PORT SECOND_PORT: nginx on PORT in front of the two instances, from
# nginx.conf.template; returns once it answers.
start_nginx() {
    mkdir -p "$work/nginx"
    sed -e "s|@PREFIX@|$work/nginx|g" -e "s|@PORT@|$1|g" -e "s|@FIRST_PORT@|$2|g" -e "s|@SECOND_PORT@|$3|g" \
        "$(dirname "${BASH_SOURCE[0]}")/nginx.conf.template" >"$work/nginx/nginx.conf"
    /usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
    pids+=($!)
    until curl -sf "http://127.0.0.1:$1/health" >/dev/null; do sleep 0.1; done
}
