#!/usr/bin/env bash
# Benchmarks/scripts/forward-auth.sh — issue 27, item 1: forward auth beside nginx `return 200`.
#
# One run, one machine, three servers measured turn by turn with wrk on loopback, at 1, 16 and
# 64 connections (wrk -t min(c, 2)), $DURATION each:
#   - nginx answering `return 200` (the fastest a proxy's own location can answer);
#   - hummingbird-floor (Benchmarks/Servers/HummingbirdFloor): Hummingbird answering one route with no
#     middleware, the framework's own floor, the most any route of the daemon could reach;
#   - parental-gated's /healthz (the daemon's cheapest route: no database);
#   - parental-gated's GET /v1/auth?profile=emma with a live parent session (a bearer token),
#     as nginx's auth_request asks it before every page a child opens.
# The daemon runs as the README deploys it: release build, the database on disk ($DISK_DIR),
# log level info (one line per request, to a file here), and 127.0.0.1 a trusted proxy (nginx
# on the same machine is; wrk stands in for it). Every auth answer must be 200: wrk's script
# counts anything else and the run fails.
#
# Run (from anywhere):
#   Benchmarks/scripts/forward-auth.sh             # builds the release programs first
#   DURATION=3s CONNECTIONS="1 16" Benchmarks/scripts/forward-auth.sh
# Environment: GATECTL (a release gatectl; parental-gated is taken from its folder), FLOOR (a
#   release hummingbird-floor; built in Benchmarks/ when unset), OUT,
#   DURATION (10s), CONNECTIONS ("1 16 64"), DISK_DIR ($OUT), TRUSTED (1; 0 measures the daemon
#   with no trusted proxy, where one address may hold 32 connections).
# Writes to $OUT: forward-auth.json (every run) and forward-auth.md (the table printed at the end).
# Needs: wrk, curl, jq, nginx.

set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-"1 16 64"}
DISK_DIR=${DISK_DIR:-$OUT}
TRUSTED=${TRUSTED:-1}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}

require_tools wrk curl jq
[[ -x $NGINX ]] || bench_die "nginx is not installed (needed by $(basename "$0"))"
if [[ -z ${GATECTL:-} ]]; then
    bench_log "building the release programs (set GATECTL=/path/to/gatectl to skip this)…"
    (cd "$PACKAGE_ROOT" && swift build -c release --static-swift-stdlib >&2)
fi
find_gatectl
DAEMON=$(dirname "$GATECTL")/parental-gated
[[ -x $DAEMON ]] || bench_die "no parental-gated beside $GATECTL"
if [[ -z ${FLOOR:-} ]]; then
    bench_log "building hummingbird-floor (set FLOOR=/path/to/hummingbird-floor to skip this)…"
    (cd "$PACKAGE_ROOT/Benchmarks" && swift build -c release --static-swift-stdlib --product hummingbird-floor >&2)
    FLOOR="$(cd "$PACKAGE_ROOT/Benchmarks" && swift build -c release --show-bin-path)/hummingbird-floor"
fi
[[ -x $FLOOR ]] || bench_die "FLOOR=$FLOOR is not an executable"

mkdir -p "$DISK_DIR"
WORK=$(mktemp -d "$DISK_DIR/forward-auth.XXXXXX")
DAEMON_PID=""
NGINX_PID=""
FLOOR_PID=""
cleanup() {
    [[ -z $FLOOR_PID ]] || { kill -TERM "$FLOOR_PID" 2>/dev/null || true; wait "$FLOOR_PID" 2>/dev/null || true; }
    [[ -z $DAEMON_PID ]] || { kill -TERM "$DAEMON_PID" 2>/dev/null || true; wait "$DAEMON_PID" 2>/dev/null || true; }
    [[ -z $NGINX_PID ]] || { kill -QUIT "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; }
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# nginx, `return 200`, in the foreground of its own prefix.
NGINX_PORT=$(free_port)
mkdir -p "$WORK/nginx/logs"
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes auto;
error_log $WORK/nginx/logs/error.log;
pid $WORK/nginx/nginx.pid;
$( [[ $(id -u) == 0 ]] && echo "user root;" )
events { worker_connections 1024; }
http {
    access_log off;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location / { return 200; }
    }
}
EOF
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' 2>"$WORK/nginx/stderr" &
NGINX_PID=$!
wait_for "http://127.0.0.1:$NGINX_PORT/" "$NGINX_PID" "$WORK/nginx/stderr"

# Hummingbird alone.
FLOOR_PORT=$(free_port)
"$FLOOR" "$FLOOR_PORT" >"$WORK/floor.log" 2>&1 &
FLOOR_PID=$!
wait_for "http://127.0.0.1:$FLOOR_PORT/healthz" "$FLOOR_PID" "$WORK/floor.log"

# The daemon, on a bench database (profile emma), with a live session of emma's.
DB=$(make_bench_database "$WORK/db")
gatectl_db "$DB" policy set --by "$BENCH_ACTOR" --parent-session 2h
DAEMON_PORT=$(free_port)
trust=()
[[ $TRUSTED == 1 ]] && trust=(--trusted-proxy 127.0.0.1)
"$DAEMON" --database "$DB" --host 127.0.0.1 --port "$DAEMON_PORT" "${trust[@]}" >"$WORK/daemon.out" 2>"$WORK/daemon.log" &
DAEMON_PID=$!
BASE=http://127.0.0.1:$DAEMON_PORT
wait_for "$BASE/healthz" "$DAEMON_PID" "$WORK/daemon.log"
id=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{}' "$BASE/v1/profiles/emma/challenges" | jq -r .challenge.id)
TOKEN=$(curl -sf -X POST -H 'Content-Type: application/json' -d "{\"value\":$BENCH_ANSWER}" "$BASE/v1/challenges/$id/answer" | jq -r .token)
[[ -n $TOKEN && $TOKEN != null ]] || bench_die "no session token from the gate"
[[ $(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$BASE/v1/auth?profile=emma") == 200 ]] ||
    bench_die "/v1/auth did not answer 200 with the session"
[[ $(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer x$TOKEN" "$BASE/v1/auth?profile=emma") == 401 ]] ||
    bench_die "/v1/auth did not answer 401 to a wrong token"

# wrk's script: a header for the auth runs, and a count of every answer that was not 200.
cat >"$WORK/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
    if args[1] and args[1] ~= "" then wrk.headers["Authorization"] = "Bearer " .. args[1] end
    others = 0
end
function response(status, headers, body) if status ~= 200 then others = others + 1 end end
function done(summary, latency, requests)
    local n = 0
    for _, t in ipairs(threads) do n = n + t:get("others") end
    local file = io.open(os.getenv("RESULT_FILE"), "w")
    file:write(string.format(
        '{"requests":%d,"seconds":%.3f,"requestsPerSecond":%.1f,"p50Ms":%.3f,"p99Ms":%.3f,"not200":%d,"socketErrors":%d}\n',
        summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
        latency:percentile(50) / 1000, latency:percentile(99) / 1000, n,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
    file:close()
end
LUA

# A server's CPU time so far (all its threads), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
TICK_NS=$((1000000000 / $(getconf CLK_TCK)))

RESULTS=()
measure() {
    local name=$1 url=$2 token=$3 c=$4 t before after cpu=null
    t=$((c < 2 ? c : 2))
    bench_log "=== $name, $c connections ==="
    local pid=$DAEMON_PID
    [[ $name != floor ]] || pid=$FLOOR_PID
    before=$(cpu_ticks "$pid")
    RESULT_FILE=$WORK/run.json wrk -t "$t" -c "$c" -d "$DURATION" --latency -s "$WORK/count.lua" "$url" -- "$token" >&2
    after=$(cpu_ticks "$pid")
    # CPU per request: steadier than requests/s on a machine wrk shares (nginx's is not counted).
    [[ $name == nginx ]] || cpu=$(jq -r --argjson ticks $((after - before)) --argjson tick "$TICK_NS" '($ticks * $tick / .requests / 1000 * 10 | round) / 10' "$WORK/run.json")
    jq --arg name "$name" --argjson c "$c" --argjson cpu "$cpu" '{target: $name, connections: $c, serverCpuMicrosecondsPerRequest: $cpu} + .' \
        "$WORK/run.json" >"$WORK/$name-$c.json"
    RESULTS+=("$WORK/$name-$c.json")
}
for c in $CONNECTIONS; do
    measure nginx "http://127.0.0.1:$NGINX_PORT/" "" "$c"
    measure floor "http://127.0.0.1:$FLOOR_PORT/healthz" "" "$c"
    measure healthz "$BASE/healthz" "" "$c"
    measure auth "$BASE/v1/auth?profile=emma" "$TOKEN" "$c"
done

jq -s --arg machine "$(machine_summary)" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --arg duration "$DURATION" \
    --argjson trusted "$TRUSTED" '{machine: $machine, date: $date, duration: $duration, loopbackTrusted: ($trusted == 1), runs: .}' \
    "${RESULTS[@]}" >"$OUT/forward-auth.json"
jq -e '[.runs[] | select(.not200 > 0 or .socketErrors > 0)] | length == 0' "$OUT/forward-auth.json" >/dev/null ||
    bench_die "answers other than 200, or socket errors: see $OUT/forward-auth.json"

{
    printf '## Forward auth beside nginx `return 200` (%s)\n\n' "$(jq -r .date "$OUT/forward-auth.json")"
    printf 'Machine: %s. wrk -t min(c, 2) -c c -d %s on loopback; loopback a trusted proxy: %s.\n\n' \
        "$(jq -r .machine "$OUT/forward-auth.json")" "$DURATION" "$(jq -r .loopbackTrusted "$OUT/forward-auth.json")"
    printf '| connections | nginx return 200 /s | Hummingbird alone /s | /healthz /s | /v1/auth /s | Hummingbird alone ÷ nginx | auth ÷ nginx | auth ÷ healthz | auth ÷ Hummingbird alone | auth p50 ms | auth p99 ms | CPU µs per request: Hummingbird alone / healthz / auth |\n'
    printf '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
    jq -r 'def ratio(a; b): (a / b * 100 | round) / 100;
        .runs | group_by(.connections)[] | (map({(.target): .}) | add) as $r |
        "| \($r.auth.connections) | \($r.nginx.requestsPerSecond | round) | \($r.floor.requestsPerSecond | round) | \($r.healthz.requestsPerSecond | round) | \($r.auth.requestsPerSecond | round) | \(ratio($r.floor.requestsPerSecond; $r.nginx.requestsPerSecond)) | \(ratio($r.auth.requestsPerSecond; $r.nginx.requestsPerSecond)) | \(ratio($r.auth.requestsPerSecond; $r.healthz.requestsPerSecond)) | \(ratio($r.auth.requestsPerSecond; $r.floor.requestsPerSecond)) | \($r.auth.p50Ms * 1000 | round / 1000) | \($r.auth.p99Ms * 1000 | round / 1000) | \($r.floor.serverCpuMicrosecondsPerRequest) / \($r.healthz.serverCpuMicrosecondsPerRequest) / \($r.auth.serverCpuMicrosecondsPerRequest) |"' \
        "$OUT/forward-auth.json"
} >"$OUT/forward-auth.md"
echo
cat "$OUT/forward-auth.md"
