#!/usr/bin/env bash
# Hostile load on social-server, on loopback only and bounded in time (issue 46):
#
#  1. 300 slowloris connections (a header line now and then, never a whole head) and 1,500 idle
#     sockets, kept up for SECONDS (reopened as the server closes them), from 127.0.0.2, while a
#     normal client on 127.0.0.1 calls /health and an API route: its latencies (p50/p99/max) and
#     errors, and the server's open descriptors before, during and after (back to the baseline
#     once the timeouts have run).
#  2. Four hostile PNG uploads at once (7000×7000 16-bit, 0.3 MB each, refused from the header)
#     and four heavy but allowed ones (6000×6000 8-bit, decoded in the photo pool), while /health
#     is called every 20 ms: its latencies.
#
#   Examples/SocialServer/hostile-load.sh [SECONDS]    # 60 unless said otherwise
#
# SOCIAL_SERVER names the binary (default: the release build, built if missing). The server runs
# in memory with its default limits, on a free port; everything ends when the script does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-60}
server=${SOCIAL_SERVER:-$root/.build/release/social-server}
[ -x "$server" ] || (cd "$root" && swift build -c release --product social-server)
work=$(mktemp -d /tmp/social-hostile.XXXXXX)
trap 'rm -rf "$work"' EXIT
exec python3 - "$server" "$seconds" "$work" <<'PYTHON'
import http.client, json, os, re, resource, selectors, signal, socket, struct, subprocess, sys, threading, time, zlib

server_path, seconds, work = sys.argv[1], float(sys.argv[2]), sys.argv[3]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))

proc = subprocess.Popen(
    [server_path, "--store", "memory", "--hostname", "127.0.0.1", "--port", "0",
     "--outbox", os.path.join(work, "outbox"), "--password-iterations", "210000", "--log-level", "warning"],
    stdout=subprocess.PIPE, stderr=open(os.path.join(work, "server.log"), "w"), text=True)
deadline = time.time() + 60
port = None
while time.time() < deadline:
    line = proc.stdout.readline()
    match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
    if match:
        port = int(match.group(1)); break
if port is None:
    proc.kill(); sys.exit("social-server did not start")

def descriptors():
    return len(os.listdir(f"/proc/{proc.pid}/fd"))

def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")

def summary(name, latencies, errors):
    ms = [x * 1000 for x in latencies]
    print(f"  {name}: {len(ms)} requests, p50 {percentile(ms, .5):.1f} ms, p99 {percentile(ms, .99):.1f} ms, "
          f"max {max(ms) if ms else float('nan'):.1f} ms, errors {errors}")

def timed_get(connection, path):
    started = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse(); response.read()
    return time.perf_counter() - started, response.status

def normal_client(stop, latencies, errors, paths):
    connection = None
    while not stop.is_set():
        for path in paths:
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5,
                                                            source_address=("127.0.0.1", 0))
                elapsed, status = timed_get(connection, path)
                latencies.append(elapsed)
                if status >= 500: errors[0] += 1
            except Exception:
                errors[0] += 1; connection = None
        time.sleep(0.02)

# 1. Slowloris and idle sockets.
print(f"social-server on port {port}, pid {proc.pid}; descriptors at rest: {descriptors()}")
attack_stop = threading.Event()
counts = {"opened": 0, "closed by server": 0, "refused": 0}

def attacker():
    selector = selectors.DefaultSelector()
    sockets = {}
    def open_one(kind):
        s = socket.socket(); s.setblocking(False)
        try:
            s.bind(("127.0.0.2", 0)); s.connect_ex(("127.0.0.1", port))
        except OSError:
            counts["refused"] += 1; s.close(); return
        sockets[s] = [kind, time.time(), 0]
        selector.register(s, selectors.EVENT_READ)
        counts["opened"] += 1
    for _ in range(300): open_one("slow")
    for _ in range(1500): open_one("idle")
    while not attack_stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            s = key.fileobj
            try: data = s.recv(4096)
            except OSError: data = b""
            if not data:
                kind = sockets.pop(s)[0]; selector.unregister(s); s.close()
                counts["closed by server"] += 1; open_one(kind)
        now = time.time()
        for s, state in list(sockets.items()):
            if state[0] == "slow" and now - state[1] > 1:
                state[1] = now
                line = b"GET / HTTP/1.1\r\n" if state[2] == 0 else b"X-a: b\r\n"
                state[2] += 1
                try: s.send(line)
                except OSError: pass
    for s in list(sockets): selector.unregister(s); s.close()

latencies, errors, stop = [], [0], threading.Event()
client = threading.Thread(target=normal_client, args=(stop, latencies, errors, ["/health", "/posts/pst_none/photo/64"]))
attack = threading.Thread(target=attacker)
attack.start(); client.start()
peak = 0
started = time.time()
while time.time() - started < seconds:
    time.sleep(1); peak = max(peak, descriptors())
stop.set(); attack_stop.set(); client.join(); attack.join()
print(f"1. {seconds:.0f} s of 300 slowloris + 1,500 idle sockets from 127.0.0.2 (kept up: {counts})")
summary("normal client on 127.0.0.1", latencies, errors[0])
print(f"  server descriptors: peak {peak}", end="")
time.sleep(2)
print(f", 2 s after the attack stopped {descriptors()}")

# 2. Hostile uploads.
def png(width, height, depth):
    row = b"\0" + b"\0" * (width * 3 * depth // 8)
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, 2, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))

def api(method, path, body=None, token=None, content_type="application/json"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": content_type}
    if token: headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()

api("POST", "/accounts", json.dumps({"email": "eve@example.com", "username": "eve",
    "password": "Analytical-Engine-1843", "name": "", "surname": ""}))
outbox = os.path.join(work, "outbox")
for _ in range(200):  # the outbox service sends the verification mail in the background
    if os.path.isdir(outbox) and os.listdir(outbox):
        break
    time.sleep(0.05)
token = json.load(open(os.path.join(outbox, sorted(os.listdir(outbox))[-1])))["token"]
api("POST", "/accounts/verification", json.dumps({"token": token}))
status, body = api("POST", "/sessions", json.dumps({"email": "eve@example.com", "password": "Analytical-Engine-1843"}))
session = json.loads(body)["token"]

for name, photo in [("7000×7000 16-bit PNG (refused from its header)", png(7000, 7000, 16)),
                    ("6000×6000 8-bit PNG (allowed, decoded in the photo pool)", png(6000, 6000, 8))]:
    health, health_errors, stop = [], [0], threading.Event()
    watcher = threading.Thread(target=normal_client, args=(stop, health, health_errors, ["/health"]))
    results = []
    def upload():
        started = time.perf_counter()
        status, _ = api("POST", "/posts", photo, session, "image/png")
        results.append((status, time.perf_counter() - started))
    watcher.start(); time.sleep(0.5)
    uploads = [threading.Thread(target=upload) for _ in range(4)]
    for thread in uploads: thread.start()
    for thread in uploads: thread.join()
    time.sleep(0.5); stop.set(); watcher.join()
    print(f"2. four uploads at once of a {name}, {len(photo) / 1e6:.2f} MB:")
    print("  answers: " + ", ".join(f"{status} in {elapsed:.2f} s" for status, elapsed in sorted(results)))
    summary("/health meanwhile", health, health_errors[0])

proc.send_signal(signal.SIGTERM); proc.wait(timeout=30)
PYTHON
