#!/usr/bin/env bash
# Benchmarks/scripts/server.sh — issue 8, item 4: the gate over HTTP.
#
# Measures begin + answer pairs per second against `gatectl serve` on loopback with wrk
# (script gate-cycle.lua): 1, 16 and 64 connections (wrk -t min(connections, 2)),
# $DURATION each, with --latency (p50/p99 are per HTTP request, begins and answers mixed).
# Every answer is the right one, so every pair should end "passed". All runs are made
# once with the database on disk ($DISK_DIR, default $OUT) and once on tmpfs ($TMPFS_DIR,
# default /dev/shm), to separate the cost of fsync from the cost of the code.
#
# Each run gets a fresh copy of one template database (profiles p0..p$((PROFILES-1)) and emma,
# the question set `bench`, minResponseTime 0s; see common.sh), its own `gatectl serve
# --host 127.0.0.1 --port PORT --database DB --no-rate-limit …` (started in the background, ready when
# /healthz answers, stopped with SIGTERM), a curl smoke test (begin + answer for emma), the
# wrk run, and afterwards the server's own count (`gatectl audit stats`): abandoned
# challenges and lockouts must be 0, else the measurement is wrong and the script fails.
#
# Run (from anywhere):
#   GATECTL=/path/to/release/gatectl Benchmarks/scripts/server.sh
#   DURATION=3s Benchmarks/scripts/server.sh      # a quick look; builds gatectl first
# Environment: GATECTL, OUT (results; default .benchmarks/ in the package root),
#   DURATION (10s), CONNECTIONS ("1 16 64"), STORAGES ("disk tmpfs"), PROFILES (512),
#   DISK_DIR ($OUT), TMPFS_DIR (/dev/shm), PORT (default: a free one), KEEP_DB=1.
# Writes to $OUT: server-<storage>-c<N>.{txt,json,log} (wrk's output, the run's numbers, the
#   server's log), server.json (every run) and server.md (the table printed at the end).
# Needs: wrk, curl, jq.

set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-"1 16 64"}
STORAGES=${STORAGES:-"disk tmpfs"}
PROFILES=${PROFILES:-512}
DISK_DIR=${DISK_DIR:-$OUT}
TMPFS_DIR=${TMPFS_DIR:-/dev/shm}
LUA_SCRIPT=$BENCH_SCRIPTS_DIR/gate-cycle.lua

require_tools wrk curl jq
find_gatectl

# Each thread's profiles must outnumber what can be in flight for it many times over
# (see gate-cycle.lua): at most c/t requests in flight, an answer done within ~3 c/t.
for c in $CONNECTIONS; do
    t=$((c < 2 ? c : 2))
    ((PROFILES / t >= 4 * (c / t) + 4)) ||
        bench_die "PROFILES=$PROFILES is too few for $c connections: need at least $((t * (4 * (c / t) + 4)))"
done

SERVER_PID=""
RUN_DIR=""
mkdir -p "$DISK_DIR"
TEMPLATE_DIR=$(mktemp -d "$DISK_DIR/server-template.XXXXXX")
stop_server() {
    if [[ -n $SERVER_PID ]]; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=""
    fi
}
cleanup() {
    stop_server
    if [[ ${KEEP_DB:-0} == 1 ]]; then
        bench_log "databases kept in $TEMPLATE_DIR${RUN_DIR:+ and $RUN_DIR}"
    else
        rm -rf "$TEMPLATE_DIR"
        if [[ -n $RUN_DIR ]]; then rm -rf "$RUN_DIR"; fi
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port nothing listens on (unless $PORT is given).
PORT=${PORT:-$(free_port)}
port_is_free "$PORT" || bench_die "port $PORT is in use"
BASE=http://127.0.0.1:$PORT

# start_server DB LOG — gatectl serve in the background; returns once /healthz answers.
start_server() {
    local db=$1 log=$2 i
    port_is_free "$PORT" || bench_die "port $PORT is in use"
    "$GATECTL" serve --host 127.0.0.1 --port "$PORT" --database "$db" --no-rate-limit --max-connections 1024 --max-connections-per-address 1024 >"$log" 2>&1 &
    SERVER_PID=$!
    for ((i = 0; i < 300; i++)); do
        if curl -sf "$BASE/healthz" >/dev/null 2>&1; then return 0; fi
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$log" >&2; bench_die "gatectl serve exited before answering /healthz"; }
        sleep 0.1
    done
    bench_die "gatectl serve did not answer /healthz within 30 s"
}

# smoke_test — one begin + answer over curl for emma (not one of the wrk profiles).
smoke_test() {
    local begin id answer code
    begin=$(curl -s -w '\n%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' \
        "$BASE/v1/profiles/emma/challenges")
    code=${begin##*$'\n'}
    begin=${begin%$'\n'*}
    id=$(jq -r '.challenge.id // empty' <<<"$begin" 2>/dev/null || true)
    [[ $code == 201 && -n $id ]] || bench_die "begin answered $code: $begin"
    answer=$(curl -s -w '\n%{http_code}' -X POST -H 'Content-Type: application/json' \
        -d "{\"value\":$BENCH_ANSWER}" "$BASE/v1/challenges/$id/answer")
    code=${answer##*$'\n'}
    answer=${answer%$'\n'*}
    [[ $code == 200 && $(jq -r .result <<<"$answer") == passed ]] || bench_die "answer answered $code: $answer"
    if [[ -z ${SMOKE_SHOWN:-} ]]; then
        bench_log "smoke test: begin → 201 $begin"
        bench_log "            answer → 200 $(jq -c '.token = "…"' <<<"$answer")"
        SMOKE_SHOWN=1
    fi
}

bench_log "gatectl: $GATECTL"
bench_log "making the template database ($PROFILES profiles) in $TEMPLATE_DIR…"
setup_start=$SECONDS
TEMPLATE_DB=$(make_bench_database "$TEMPLATE_DIR" "$PROFILES")
bench_log "  done in $((SECONDS - setup_start)) s"

RESULTS=()
for storage in $STORAGES; do
    case $storage in
    disk) base_dir=$DISK_DIR ;;
    tmpfs) base_dir=$TMPFS_DIR ;;
    *) bench_die "unknown storage '$storage' (disk or tmpfs)" ;;
    esac
    mkdir -p "$base_dir"
    fs=$(fs_type "$base_dir")
    if [[ $storage == tmpfs && $fs != tmpfs ]]; then bench_die "$base_dir is $fs, not tmpfs"; fi
    if [[ $storage == disk && $fs == tmpfs ]]; then bench_log "warning: the disk runs' $base_dir is a tmpfs"; fi

    for c in $CONNECTIONS; do
        t=$((c < 2 ? c : 2))
        name=server-$storage-c$c
        RUN_DIR=$(mktemp -d "$base_dir/$name.XXXXXX")
        cp "$TEMPLATE_DB" "$RUN_DIR/gate.sqlite"
        for suffix in -wal -shm; do
            if [[ -e $TEMPLATE_DB$suffix ]]; then cp "$TEMPLATE_DB$suffix" "$RUN_DIR/gate.sqlite$suffix"; fi
        done
        db=$RUN_DIR/gate.sqlite

        bench_log ""
        bench_log "=== $storage ($fs), $c connections, $t threads, $DURATION ==="
        start_server "$db" "$OUT/$name.log"
        smoke_test
        GATE_RESULT_FILE=$OUT/$name.wrk.json \
            wrk -t "$t" -c "$c" -d "$DURATION" --latency -s "$LUA_SCRIPT" "$BASE" -- "$t" "$PROFILES" "$BENCH_ANSWER" |
            tee "$OUT/$name.txt"
        server_rss=$(awk '/^VmHWM/ { print $2 }' "/proc/$SERVER_PID/status" 2>/dev/null || echo null)
        stop_server

        # The server's own count of what happened (the p* profiles only).
        stats=$("$GATECTL" audit stats --json --database "$db" |
            jq '[.[] | select(.profile | test("^p[0-9]+$"))] |
                { challenges: (map(.challenges) | add // 0), passes: (map(.passes) | add // 0),
                  abandoned: (map(.abandoned) | add // 0), failedWrong: (map(.failedWrong) | add // 0),
                  timedOut: (map(.timedOut) | add // 0), lockouts: (map(.lockouts) | add // 0) }')
        jq --arg storage "$storage" --arg fs "$fs" --argjson c "$c" --argjson t "$t" \
            --arg duration "$DURATION" --argjson stats "$stats" --argjson rss "${server_rss:-null}" \
            '{storage: $storage, fileSystem: $fs, connections: $c, threads: $t, duration: $duration,
              serverPeakRssKiB: $rss, server: $stats} + .' "$OUT/$name.wrk.json" >"$OUT/$name.json"
        rm -f "$OUT/$name.wrk.json"
        RESULTS+=("$OUT/$name.json")
        bench_log "server's count: $(jq -c . <<<"$stats")"

        if [[ ${KEEP_DB:-0} != 1 ]]; then rm -rf "$RUN_DIR"; fi
        RUN_DIR=""

        # A wrong measurement must not pass for a result.
        jq -e '.notPassed == 0 and .unparsed == 0 and .non2xx == 0 and .socketErrors == 0
               and .server.abandoned == 0 and .server.lockouts == 0
               and .server.failedWrong == 0 and .answered > 0' "$OUT/$name.json" >/dev/null ||
            bench_die "$name: errors, answers not passed, abandoned challenges or lockouts; see $OUT/$name.json"
    done
done

jq -s --arg machine "$(machine_summary)" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --arg gatectl "$GATECTL" \
    --argjson profiles "$PROFILES" '{machine: $machine, date: $date, gatectl: $gatectl, profiles: $profiles, runs: .}' \
    "${RESULTS[@]}" >"$OUT/server.json"

{
    printf '## Server: begin + answer over HTTP (%s)\n\n' "$(jq -r .date "$OUT/server.json")"
    printf 'Machine: %s. wrk -t min(c, 2) -c c -d %s --latency on loopback; %s profiles; latency is per request (begins and answers mixed).\n\n' \
        "$(jq -r .machine "$OUT/server.json")" "$DURATION" "$PROFILES"
    printf '| storage | connections | requests/s | pairs/s | p50 ms | p99 ms | errors | answers not passed | server peak RSS KiB |\n'
    printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
    jq -r '.runs[] | "| \(.storage) (\(.fileSystem)) | \(.connections) | \(.requestsPerSecond | round) | \(.pairsPerSecond | round) | \(.latencyP50Ms * 100 | round / 100) | \(.latencyP99Ms * 100 | round / 100) | \(.non2xx + .socketErrors) | \(.notPassed) | \(.serverPeakRssKiB // "?") |"' \
        "$OUT/server.json"
} >"$OUT/server.md"

echo
cat "$OUT/server.md"
echo
echo "results: $OUT/server.md, $OUT/server.json, $OUT/server-*.{txt,json,log}"
