# shellcheck shell=bash
# Benchmarks/scripts/common.sh — shared helpers for the shell benchmarks (issue 8, items 3 and 4).
#
# Not run on its own: `source` it from process-cost.sh or server.sh. It
#   - finds gatectl: $GATECTL when set, else builds it with
#     `swift build -c release --static-swift-stdlib --product gatectl` in the package root
#     (as the README installs it) and uses `$(swift build -c release --show-bin-path)/gatectl`;
#   - sets $OUT (where results go; default: .benchmarks/ in the package root) and creates it;
#   - makes fresh benchmark databases (make_bench_database DIR [N]): profile `emma`,
#     optionally profiles p0..pN-1, the question set `bench` ("What is 6 × 7?" → 42), and a
#     household policy that gives every profile that question, never calls an answer
#     "too fast" (--min-response-time 0s) and allows the most failed challenges in a row
#     (--max-failed-challenges 100) so repeated begins do not lock a profile out.
#
# Every gatectl command here names the database with --database; nothing touches the
# user's default database.

set -euo pipefail
# A failing command inside $(…) stops the script too (bash leaves errexit off there by default),
# so a setup step that fails in make_bench_database cannot go unnoticed.
shopt -s inherit_errexit

BENCH_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PACKAGE_ROOT=$(cd "$BENCH_SCRIPTS_DIR/../.." && pwd)

# Where results go.
OUT=${OUT:-$PACKAGE_ROOT/.benchmarks}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# The actor recorded in the audit log for the benchmark's administrative changes.
BENCH_ACTOR=bench

bench_log() { printf '%s\n' "$*" >&2; }
bench_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# require_tools TOOL… — stop with a clear message when a tool is missing.
require_tools() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || bench_die "$tool is not installed (needed by $(basename "$0"))"
    done
}

# find_gatectl — sets and exports GATECTL (an absolute path to a release gatectl).
find_gatectl() {
    if [[ -n ${GATECTL:-} ]]; then
        [[ -x $GATECTL ]] || bench_die "GATECTL=$GATECTL is not an executable"
    else
        require_tools swift
        bench_log "building a release gatectl (set GATECTL=/path/to/gatectl to skip this)…"
        (cd "$PACKAGE_ROOT" && swift build -c release --static-swift-stdlib --product gatectl >&2)
        GATECTL="$(cd "$PACKAGE_ROOT" && swift build -c release --show-bin-path)/gatectl"
        [[ -x $GATECTL ]] || bench_die "the build did not produce $GATECTL"
    fi
    GATECTL=$(cd "$(dirname "$GATECTL")" && pwd)/$(basename "$GATECTL")
    export GATECTL
}

# gatectl_db DB ARGS… — runs gatectl on database DB, quietly (stdout dropped, errors shown).
gatectl_db() {
    local db=$1
    shift
    "$GATECTL" "$@" --database "$db" >/dev/null
}

# write_bench_questions FILE — the one-question set every benchmark profile gets.
write_bench_questions() {
    cat >"$1" <<'JSON'
{"name":"bench","locale":"en","questions":[{"prompt":"What is 6 × 7?","answer":42}]}
JSON
}

# The answer to the benchmark question.
BENCH_ANSWER=42

# make_bench_database DIR [N] — creates DIR/gate.sqlite (DIR must not hold one yet) with
# profile emma, profiles p0..p(N-1) when N > 0, the question set `bench`, and the household
# policy described at the top. Prints the database's path.
make_bench_database() {
    local dir=$1 count=${2:-0} db i
    mkdir -p "$dir"
    db=$(cd "$dir" && pwd)/gate.sqlite
    [[ ! -e $db ]] || bench_die "$db exists already; make_bench_database wants a fresh directory"
    write_bench_questions "$dir/bench-questions.json"
    gatectl_db "$db" questions import "$dir/bench-questions.json" --by "$BENCH_ACTOR"
    # 0s is the smallest value minResponseTime allows (0s...10s); 100 is the largest
    # maxFailedChallenges allows (1...100).
    gatectl_db "$db" policy set --by "$BENCH_ACTOR" \
        --question-source questionSet:bench --min-response-time 0s --max-failed-challenges 100
    gatectl_db "$db" profile add emma --by "$BENCH_ACTOR"
    for ((i = 0; i < count; i++)); do
        gatectl_db "$db" profile add "p$i" --by "$BENCH_ACTOR"
    done
    printf '%s\n' "$db"
}

# fs_type PATH — the file system type of PATH (ext4, tmpfs, …).
fs_type() { df --output=fstype "$1" 2>/dev/null | tail -n 1 || stat -f -c %T "$1"; }

# median_of — the median of the numbers on stdin, one a line; any other line stops the script.
median_of() {
    local lines
    lines=$(cat)
    if grep -qvE '^[0-9]+([.][0-9]+)?$' <<<"$lines"; then
        bench_die "median_of: not a number: $(grep -vE '^[0-9]+([.][0-9]+)?$' <<<"$lines" | head -n 1)"
    fi
    sort -n <<<"$lines" | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit } if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# machine_summary — one line describing this machine, for the result files.
machine_summary() {
    local cpu cores mem
    cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
    cores=$(nproc 2>/dev/null || echo '?')
    mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || true)
    printf '%s, %s cores, %s RAM, %s %s\n' "${cpu:-unknown CPU}" "$cores" "${mem:-?}" "$(uname -s)" "$(uname -r)"
}

# start_postgres PORT — a PostgreSQL server of the script's own: initdb into a new temporary
# folder ($PG_WORK), started on a Unix socket there (no TCP port) numbered PORT, as the
# postgres account when run as root (PostgreSQL refuses root); stopped and removed by
# stop_postgres (call it from the script's EXIT trap). Sets PGBIN, PG_WORK, PG_PORT, PG_AS
# (the command prefix that runs a program as the server's account) and defines
# pg_address DB (the address --database takes, as the gate's role gate_app), psql_ SQL [DB]
# (as the superuser) and create_database NAME.
start_postgres() {
    PG_PORT=$1
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [[ -n $PGBIN && -x $PGBIN/initdb ]] || bench_die "PostgreSQL's programs are not installed (apt-get install postgresql)"
    PG_WORK=$(mktemp -d)
    chmod 755 "$PG_WORK"
    PG_AS=()
    if [[ $(id -u) == 0 ]]; then chown postgres "$PG_WORK"; PG_AS=(runuser -u postgres --); fi
    "${PG_AS[@]}" "$PGBIN/initdb" -D "$PG_WORK/data" -U gate_owner -A trust -E UTF8 --locale=C --no-sync >/dev/null
    "${PG_AS[@]}" "$PGBIN/pg_ctl" -D "$PG_WORK/data" -l "$PG_WORK/server.log" -w \
        -o "-k $PG_WORK -c listen_addresses= -p $PG_PORT" start >/dev/null
    # The gate's role: no superuser (row-level security, which keeps households apart, does not
    # bind one, and the store refuses it); it makes its tables in database postgres.
    psql_ "CREATE ROLE gate_app LOGIN; GRANT CREATE ON SCHEMA public TO gate_app" >/dev/null
}
# create_database NAME — a database of the gate's role (psql_ runs as the superuser).
create_database() { psql_ "CREATE DATABASE $1 OWNER gate_app" >/dev/null; }
stop_postgres() {
    if [[ -n ${PG_WORK:-} ]]; then
        "${PG_AS[@]}" "$PGBIN/pg_ctl" -D "$PG_WORK/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_WORK"
        PG_WORK=""
    fi
}
pg_address() { printf 'postgres://gate_app@/%s?host=%s&port=%s' "$1" "$PG_WORK" "$PG_PORT"; }
psql_() { "$PGBIN/psql" -h "$PG_WORK" -p "$PG_PORT" -U gate_owner -d "${2:-postgres}" -X -A -t -c "$1"; }

# port_is_free PORT — whether nothing listens on 127.0.0.1:PORT.
port_is_free() { ! (: <"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# free_port — a port nothing listens on, below Linux's ephemeral range (32768 and up).
free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 12000))
        if port_is_free "$port"; then echo "$port"; return 0; fi
    done
    bench_die "no free port"
}
# wait_for URL PID LOG — until URL answers; if the process PID ends first, shows LOG and stops.
wait_for() {
    local url=$1 pid=$2 log=$3 i
    for ((i = 0; i < 300; i++)); do
        if curl -s -o /dev/null "$url" 2>/dev/null; then return 0; fi
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; bench_die "$url: the server exited before answering"; }
        sleep 0.1
    done
    bench_die "$url did not answer within 30 s"
}
