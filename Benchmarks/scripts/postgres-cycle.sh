#!/usr/bin/env bash
# Benchmarks/scripts/postgres-cycle.sh — the gate cycle on PostgreSQL against its floor, and
# the bytes PostgreSQL keeps per recorded attempt (BENCHMARKS.md, "PostgreSQL").
#
# Starts a PostgreSQL server of its own (initdb into a temporary folder, a Unix socket there,
# no TCP port; as the postgres account when run as root), then, one after the other on the
# same server and database:
#   1. gate-stress ADDRESS emma N pass — N cycles through Gate over PostgresStore (begin, the
#      answer read back, a passing answer), one client;
#   2. pgbench with postgres-cycle.sql — the same statements in the same transactions,
#      prepared (-M prepared), one client, N times: the floor;
#   3. on a database of its own, gate-stress ADDRESS liam N — N wrong answers (and the
#      lockouts and unlocks they bring); what every table and index grew by
#      (pg_total_relation_size), over the attempts kept.
#
#   Benchmarks/scripts/postgres-cycle.sh [CYCLES]     (default 2000)
# Needs: swift, PostgreSQL's programs (initdb, pg_ctl, pgbench, psql), python3.
set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"
CYCLES=${1:-2000}
require_tools swift python3
(cd "$PACKAGE_ROOT" && swift build -c release --static-swift-stdlib --product gate-stress >&2)
STRESS="$(cd "$PACKAGE_ROOT" && swift build -c release --show-bin-path)/gate-stress"

trap stop_postgres EXIT
start_postgres 54329
ADDRESS=$(pg_address postgres)

"$STRESS" "$ADDRESS" emma 200 pass >/dev/null  # the schema, the profile, a warm cache
gate=$("$STRESS" "$ADDRESS" emma "$CYCLES" pass | awk '/^cycles/ { printf "%.1f", $2 / $4 }')
floor=$("$PGBIN/pgbench" -h "$PG_WORK" -p "$PG_PORT" -U gate_app -n -M prepared -c 1 -t "$CYCLES" \
    -f "$BENCH_SCRIPTS_DIR/postgres-cycle.sql" postgres 2>/dev/null | awk '/^tps/ { printf "%.1f", $3 }')
echo "gate cycle on PostgreSQL: $gate cycles/s through Gate, $floor through pgbench (the floor): $(python3 -c "print(f'{$gate / $floor:.2f}')")"

# Sizes on a database of their own: nothing but liam's wrong answers (after an empty schema's size).
create_database sizes
"$STRESS" "$(pg_address sizes)" liam 1 >/dev/null
size() { psql_ "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm')" sizes; }
empty=$(size)
"$STRESS" "$(pg_address sizes)" liam "$CYCLES" >/dev/null
bytes=$(( $(size) - empty ))
attempts=$(psql_ "SELECT count(*) FROM attempts" sizes)
records=$(psql_ "SELECT count(*) FROM audit_log" sizes)
echo "bytes kept: $bytes for $attempts attempts and $records audit records: $((bytes / attempts)) bytes an attempt (every table and index)"
