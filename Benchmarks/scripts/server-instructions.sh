#!/usr/bin/env bash
# Benchmarks/scripts/server-instructions.sh — instructions a request the daemon spends on
# GET /healthz and on forward auth (GET /v1/auth?profile=emma with a live session), counted by
# valgrind's callgrind: unlike requests a second, the same from run to run within a few
# percent, so a change to the per-request path can be weighed on a busy machine.
#
# The release daemon (debug information stripped, which valgrind cannot read) runs under
# callgrind as forward-auth.sh runs it (log level info to a file, loopback a trusted proxy);
# after a warm-up, the counters are zeroed, wrk sends requests for $DURATION over 4
# connections, and the dump's total is divided by the requests wrk counted.
#
# Run: Benchmarks/scripts/server-instructions.sh   (GATECTL=path: a release gatectl; the daemon
#   is taken from its folder; DURATION, default 8s). Needs: valgrind, wrk, curl, jq, objcopy.
# Prints one line a route: requests, instructions, instructions a request.

set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"
DURATION=${DURATION:-8s}
require_tools valgrind callgrind_control callgrind_annotate wrk curl jq objcopy
find_gatectl
DAEMON=$(dirname "$GATECTL")/parental-gated
[[ -x $DAEMON ]] || bench_die "no parental-gated beside $GATECTL (swift build -c release --static-swift-stdlib --product parental-gated)"

WORK=$(mktemp -d "$OUT/server-instructions.XXXXXX")
PID=""
cleanup() {
    [[ -z $PID ]] || { kill -TERM "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; }
    rm -rf "$WORK"
}
trap cleanup EXIT
objcopy --strip-debug "$DAEMON" "$WORK/parental-gated"
DB=$(make_bench_database "$WORK/db")
gatectl_db "$DB" policy set --by "$BENCH_ACTOR" --parent-session 2h
PORT=$((20000 + RANDOM % 40000))
valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.%p" "$WORK/parental-gated" --database "$DB" \
    --host 127.0.0.1 --port "$PORT" --trusted-proxy 127.0.0.1 >"$WORK/daemon.out" 2>"$WORK/daemon.log" &
PID=$!
BASE=http://127.0.0.1:$PORT
for ((i = 0; i < 600; i++)); do
    curl -s -o /dev/null "$BASE/healthz" && break
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/daemon.log" >&2; bench_die "the daemon exited under valgrind"; }
    sleep 0.2
done
id=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{}' "$BASE/v1/profiles/emma/challenges" | jq -r .challenge.id)
TOKEN=$(curl -sf -X POST -H 'Content-Type: application/json' -d "{\"value\":$BENCH_ANSWER}" "$BASE/v1/challenges/$id/answer" | jq -r .token)
[[ -n $TOKEN && $TOKEN != null ]] || bench_die "no session token from the gate"
wrk -t1 -c1 -d3s "$BASE/healthz" >/dev/null
wrk -t1 -c1 -d3s -H "Authorization: Bearer $TOKEN" "$BASE/v1/auth?profile=emma" >/dev/null
for route in healthz auth; do
    if [[ $route == auth ]]; then url="$BASE/v1/auth?profile=emma"; header=(-H "Authorization: Bearer $TOKEN"); else url=$BASE/healthz; header=(); fi
    callgrind_control -z "$PID" >/dev/null 2>&1
    requests=$(wrk -t1 -c4 -d"$DURATION" "${header[@]}" "$url" | awk '/requests in/ { print $1 }')
    callgrind_control -d "$route" "$PID" >/dev/null 2>&1
    dump=$(ls -t "$WORK"/callgrind."$PID".* | head -1)
    instructions=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    [[ -n $requests && $requests -gt 0 && -n $instructions ]] || bench_die "$route: nothing counted"
    printf '%s: %d requests, %d instructions, %d a request\n' "$route" "$requests" "$instructions" $((instructions / requests))
done
