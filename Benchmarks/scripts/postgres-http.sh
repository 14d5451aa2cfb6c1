#!/usr/bin/env bash
# Benchmarks/scripts/postgres-http.sh — begin + answer over HTTP with one and with two
# daemons on one PostgreSQL database (BENCHMARKS.md, "PostgreSQL"), beside one daemon on SQLite.
#
# Setups ($SETUPS, in this order by default):
#   sqlite     one parental-gated on an SQLite file on disk (the reference, as server.sh);
#   pg1        one parental-gated on PostgreSQL, wrk straight at it;
#   pg1-nginx  the same behind nginx (what the proxy alone costs);
#   pg2-nginx  two parental-gated on the same PostgreSQL database behind nginx, which takes
#              them in turn (the README's `upstream`): a begin may reach one daemon and its
#              answer the other.
# For each setup and each of $CONNECTIONS: a fresh database (the template SQLite file of
# make_bench_database, $PROFILES profiles; for PostgreSQL copied into a new database with
# `parental-gated --copy-from`), the daemons started (--no-rate-limit, connections
# unlimited enough for wrk), wrk with gate-cycle.lua for $DURATION, and the daemons' own
# count afterwards (`gatectl audit stats` through an admin socket): every answer passed, no
# challenge abandoned, no lockout, else the script fails. The PostgreSQL server is this
# script's own (start_postgres: a Unix socket, fsync on, the server's defaults otherwise).
#
#   Benchmarks/scripts/postgres-http.sh
# Environment: DURATION (10s), CONNECTIONS ("1 16 64"), SETUPS, PROFILES (512), OUT.
# Writes $OUT/postgres-http.json and $OUT/postgres-http.md (the table it prints).
# Needs: swift, PostgreSQL's programs, nginx, wrk, curl, jq.
set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-"1 16 64"}
SETUPS=${SETUPS:-"sqlite pg1 pg1-nginx pg2-nginx"}
PROFILES=${PROFILES:-512}
require_tools swift wrk curl jq /usr/sbin/nginx
find_gatectl
(cd "$PACKAGE_ROOT" && swift build -c release --static-swift-stdlib --product parental-gated >&2)
DAEMON="$(cd "$PACKAGE_ROOT" && swift build -c release --show-bin-path)/parental-gated"

WORK=$(mktemp -d)
chmod 755 "$WORK"
PIDS=()
stop_all() {
    local pid
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    PIDS=()
}
cleanup() { stop_all; stop_postgres; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_daemon DATABASE PORT NAME — one parental-gated in the background, its sockets in $WORK/NAME.
start_daemon() {
    local database=$1 port=$2 name=$3
    mkdir -p "$WORK/$name"
    "$DAEMON" --database "$database" --host 127.0.0.1 --port "$port" \
        --admin-socket "$WORK/$name/admin.sock" --gate-socket "$WORK/$name/gate.sock" --gate-access '*=*' \
        --trusted-proxy 127.0.0.1 --no-rate-limit --max-connections 1024 --max-connections-per-address 1024 \
        --log-level warning --by bench >"$OUT/postgres-http-$name.log" 2>&1 &
    PIDS+=($!)
    wait_for "http://127.0.0.1:$port/healthz" "$!" "$OUT/postgres-http-$name.log"
}

# start_nginx PORT DAEMON_PORT… — nginx on PORT in front of the daemons: the README's upstream
# and its gate location (proxy_pass to the upstream, the same headers).
start_nginx() {
    local port=$1 servers="" daemon
    shift
    for daemon in "$@"; do servers+="        server 127.0.0.1:$daemon;"$'\n'; done
    mkdir -p "$WORK/nginx"
    cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    upstream parental_gate {
$servers    }
    server {
        listen 127.0.0.1:$port;
        location ~ ^/(gate|v1|approve)/ {
            proxy_pass http://parental_gate;
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-Host \$http_host;
            proxy_set_header X-Forwarded-For \$remote_addr;
            proxy_set_header X-Forwarded-Proto \$scheme;
        }
        location = /healthz { proxy_pass http://parental_gate; }
    }
}
CONF
    /usr/sbin/nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" 2>"$WORK/nginx/stderr" &
    PIDS+=($!)
    wait_for "http://127.0.0.1:$port/healthz" "$!" "$WORK/nginx/stderr"
}

bench_log "making the template database ($PROFILES profiles)…"
TEMPLATE=$(make_bench_database "$WORK/template" "$PROFILES")
start_postgres 54330

RESULTS=()
run=0
for setup in $SETUPS; do
    for c in $CONNECTIONS; do
        t=$((c < 2 ? c : 2))
        run=$((run + 1))
        name=$setup-c$c
        case $setup in
        sqlite)
            mkdir -p "$WORK/run$run"
            cp "$TEMPLATE" "$WORK/run$run/gate.sqlite"
            database=$WORK/run$run/gate.sqlite
            daemons=1 ;;
        pg1 | pg1-nginx | pg2-nginx)
            create_database "run$run"
            database=$(pg_address "run$run")
            "$DAEMON" --database "$database" --copy-from "$TEMPLATE" --by bench >/dev/null
            daemons=${setup:2:1} ;;
        *) bench_die "unknown setup '$setup' (sqlite, pg1, pg1-nginx, pg2-nginx)" ;;
        esac
        ports=()
        for ((d = 0; d < daemons; d++)); do
            ports+=("$(free_port)")
            start_daemon "$database" "${ports[d]}" "$name-d$d"
        done
        target=${ports[0]}
        if [[ $setup == *-nginx ]]; then
            target=$(free_port)
            start_nginx "$target" "${ports[@]}"
        fi

        bench_log ""
        bench_log "=== $setup, $c connections, $t threads, $DURATION ==="
        GATE_RESULT_FILE=$OUT/$name.wrk.json \
            wrk -t "$t" -c "$c" -d "$DURATION" --latency -s "$BENCH_SCRIPTS_DIR/gate-cycle.lua" "http://127.0.0.1:$target" \
            -- "$t" "$PROFILES" "$BENCH_ANSWER" >&2
        stats=$("$GATECTL" audit stats --json --socket "$WORK/$name-d0/admin.sock" |
            jq '[.[] | select(.profile | test("^p[0-9]+$"))] |
                { challenges: (map(.challenges) | add // 0), passes: (map(.passes) | add // 0),
                  abandoned: (map(.abandoned) | add // 0), lockouts: (map(.lockouts) | add // 0) }')
        stop_all
        jq --arg setup "$setup" --argjson c "$c" --argjson daemons "$daemons" --argjson stats "$stats" \
            '{setup: $setup, connections: $c, daemons: $daemons, server: $stats} + .' "$OUT/$name.wrk.json" >"$OUT/$name.json"
        rm -f "$OUT/$name.wrk.json"
        RESULTS+=("$OUT/$name.json")
        jq -e '.notPassed == 0 and .unparsed == 0 and .non2xx == 0 and .socketErrors == 0
               and .server.abandoned == 0 and .server.lockouts == 0 and .answered > 0' "$OUT/$name.json" >/dev/null ||
            bench_die "$name: errors, answers not passed, abandoned challenges or lockouts; see $OUT/$name.json"
    done
done

jq -s --arg machine "$(machine_summary)" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    '{machine: $machine, date: $date, runs: .}' "${RESULTS[@]}" >"$OUT/postgres-http.json"
{
    printf '## begin + answer over HTTP: SQLite, and one or two daemons on PostgreSQL (%s)\n\n' "$(jq -r .date "$OUT/postgres-http.json")"
    printf 'Machine: %s. wrk -t min(c, 2) -c c -d %s --latency on loopback, %s profiles.\n\n' \
        "$(jq -r .machine "$OUT/postgres-http.json")" "$DURATION" "$PROFILES"
    printf '| setup | connections | pairs/s | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|\n'
    jq -r '.runs[] | "| \(.setup) | \(.connections) | \(.pairsPerSecond | round) | \(.latencyP50Ms * 100 | round / 100) | \(.latencyP99Ms * 100 | round / 100) |"' \
        "$OUT/postgres-http.json"
} >"$OUT/postgres-http.md"
cat "$OUT/postgres-http.md"
