#!/usr/bin/env bash
# Benchmarks/scripts/process-cost.sh — issue 8, item 3: the cost of one gatectl process.
#
# Measures the wall time and peak memory (max RSS) of
#   gatectl status emma            against  sqlite3 running the SELECTs that read the
#                                           profile by name and its gate_states row; once
#                                           with no challenge open, once with one open
#                                           (begun, untimed, before each run)
#   gatectl challenge begin emma   against  sqlite3 running the reads begin makes: the
#                                           profile, the household and profile policy rows,
#                                           the gate_states row, the open challenge, the live
#                                           parent session and the question set's questions
# on the same fresh database file (WAL mode, on the file system of $OUT unless $DB_DIR says
# otherwise). The gatectl commands also write (status settles time-outs in a BEGIN
# IMMEDIATE transaction; begin issues a challenge and its audit records, with fsync), the
# sqlite3 rows only read: they are the floor of "start a process, open the file, answer".
# A last row, `gatectl --help`, is for reference: the cost of starting gatectl at all (loading
# and relocating the binary, the Swift runtime's start-up, argument parsing) before it opens
# any database.
#
# Wall time: hyperfine --warmup $WARMUP (5) --runs $RUNS (50), no intermediate shell (-N).
# Each timed `challenge begin` (and each begin before a status with a challenge open) is
# prepared (untimed) by `gatectl unlock emma --by bench`,
# and the household policy allows 100 failed challenges in a row, so the begins (each one
# abandons the previous open challenge) never lock emma out.
# Peak memory: each command $RSS_RUNS (20) times under `/usr/bin/time -f %M`; the median
# max RSS in KiB.
#
# Run (from anywhere):
#   GATECTL=/path/to/release/gatectl Benchmarks/scripts/process-cost.sh
#   Benchmarks/scripts/process-cost.sh            # builds a release gatectl first
# Environment: GATECTL, OUT (results; default .benchmarks/ in the package root),
#   DB_DIR (a directory for the database; default a fresh one under $OUT),
#   RUNS (50), WARMUP (5), RSS_RUNS (20), KEEP_DB=1 (keep the database afterwards).
# Writes to $OUT: process-cost.hyperfine.json (hyperfine's export), process-cost.json
#   (the summary) and process-cost.md (the table printed at the end).
# Needs: hyperfine, sqlite3, jq, GNU time (/usr/bin/time).

set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

RUNS=${RUNS:-50}
WARMUP=${WARMUP:-5}
RSS_RUNS=${RSS_RUNS:-20}

require_tools hyperfine sqlite3 jq
[[ -x /usr/bin/time ]] || bench_die "GNU time (/usr/bin/time) is not installed"
/usr/bin/time -f %M true 2>/dev/null || bench_die "/usr/bin/time is not GNU time (it does not take -f %M)"
find_gatectl

if [[ -n ${DB_DIR:-} ]]; then
    mkdir -p "$DB_DIR"
    WORK=$(mktemp -d "$DB_DIR/process-cost.XXXXXX")
else
    WORK=$(mktemp -d "$OUT/process-cost.XXXXXX")
fi
cleanup() {
    if [[ ${KEEP_DB:-0} == 1 ]]; then bench_log "database kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

bench_log "gatectl: $GATECTL"
bench_log "making the database in $WORK ($(fs_type "$WORK"))…"
DB=$(make_bench_database "$WORK")

# The sqlite3 side: the same reads, by name, as one sqlite3 invocation each.
PROFILE_ID="(SELECT id FROM profiles WHERE name_key = 'emma')"
STATUS_SQL="SELECT * FROM profiles WHERE name_key = 'emma'; \
SELECT * FROM gate_states WHERE profile_id = $PROFILE_ID;"
BEGIN_SQL="SELECT * FROM profiles WHERE name_key = 'emma'; \
SELECT * FROM policies WHERE profile_id IS NULL; \
SELECT * FROM policies WHERE profile_id = $PROFILE_ID; \
SELECT * FROM gate_states WHERE profile_id = $PROFILE_ID; \
SELECT id, deadline, wrong_answers FROM challenges WHERE profile_id = $PROFILE_ID AND status = 'open'; \
SELECT * FROM parent_sessions WHERE profile_id = $PROFILE_ID AND ended_at IS NULL \
    AND expires_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000; \
SELECT q.id, q.prompt, q.answer, q.choices FROM question_sets s JOIN questions q ON q.set_id = s.id \
    WHERE s.name_key = 'bench' AND s.locale = 'en' ORDER BY q.position;"

# The commands, as argument arrays (for /usr/bin/time) …
STATUS_CMD=("$GATECTL" status emma --database "$DB")
BEGIN_CMD=("$GATECTL" challenge begin emma --database "$DB")
UNLOCK_CMD=("$GATECTL" unlock emma --by "$BENCH_ACTOR" --database "$DB")
SQLITE_STATUS_CMD=(sqlite3 "$DB" "$STATUS_SQL")
SQLITE_BEGIN_CMD=(sqlite3 "$DB" "$BEGIN_SQL")
# For reference: a gatectl process that starts, parses its arguments and exits without
# opening the database (loading and relocating the binary, the runtime's start-up, argument parsing).
HELP_CMD=("$GATECTL" --help)
# … and as single command lines for hyperfine -N, which splits them like a POSIX shell.
quoted() { local out="" arg; for arg in "$@"; do out+="${out:+ }$(printf '%q' "$arg")"; done; printf '%s' "$out"; }

# Before each `status` of a profile with a challenge open: unlock (so that the abandoned
# challenges never add up to a lockout), then begin one.
OPEN_CMD=(sh -c "$(quoted "${UNLOCK_CMD[@]}") >/dev/null && $(quoted "${BEGIN_CMD[@]}") >/dev/null")

NAMES=("gatectl status emma" "sqlite3 status SELECTs" "gatectl status emma, a challenge open"
    "gatectl challenge begin emma" "sqlite3 begin SELECTs" "gatectl --help (start-up only)")
BASELINE=("sqlite3 status SELECTs" "sqlite3 status SELECTs" "sqlite3 status SELECTs"
    "sqlite3 begin SELECTs" "sqlite3 begin SELECTs" "sqlite3 status SELECTs")

# A look at each command once, so a broken query or a refusal shows before the timing. The
# first `status` rows see emma with no challenge open (a child at the gate's door).
bench_log "--- one run of each ---"
"${STATUS_CMD[@]}" >&2
"${SQLITE_STATUS_CMD[@]}" >&2
"${SQLITE_BEGIN_CMD[@]}" >&2
[[ -n $("${SQLITE_STATUS_CMD[@]}") ]] || bench_die "the status SELECTs returned nothing"

# median_rss PREPARE COMMAND… — the median max RSS (KiB) of $RSS_RUNS runs, each after
# PREPARE (none, unlock, or open).
median_rss() {
    local prepare=$1 i
    shift
    local sample
    sample=$(mktemp)
    for ((i = 0; i < RSS_RUNS; i++)); do
        case $prepare in
        unlock) "${UNLOCK_CMD[@]}" >/dev/null ;;
        open) "${OPEN_CMD[@]}" ;;
        esac
        /usr/bin/time -f %M -o "$sample" -a "$@" >/dev/null || bench_die "failed while measuring memory: $*"
    done
    median_of <"$sample"
    rm -f "$sample"
}

bench_log "--- peak memory: $RSS_RUNS runs each under /usr/bin/time -f %M ---"
RSS=()
RSS+=("$(median_rss no "${STATUS_CMD[@]}")")
RSS+=("$(median_rss no "${SQLITE_STATUS_CMD[@]}")")
RSS+=("$(median_rss open "${STATUS_CMD[@]}")")
RSS+=("$(median_rss unlock "${BEGIN_CMD[@]}")")
RSS+=("$(median_rss no "${SQLITE_BEGIN_CMD[@]}")")
RSS+=("$(median_rss no "${HELP_CMD[@]}")")
# Back to no challenge open for the timed status rows.
"${UNLOCK_CMD[@]}" >/dev/null
"$GATECTL" challenge cancel "$(sqlite3 "$DB" "SELECT id FROM challenges WHERE status = 'open'")" --database "$DB" >/dev/null

bench_log "--- wall time: hyperfine --warmup $WARMUP --runs $RUNS ---"
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" \
    --export-json "$OUT/process-cost.hyperfine.json" \
    --prepare true --prepare true --prepare "$(quoted "${OPEN_CMD[@]}")" --prepare "$(quoted "${UNLOCK_CMD[@]}")" \
    --prepare true --prepare true \
    -n "${NAMES[0]}" "$(quoted "${STATUS_CMD[@]}")" \
    -n "${NAMES[1]}" "$(quoted "${SQLITE_STATUS_CMD[@]}")" \
    -n "${NAMES[2]}" "$(quoted "${STATUS_CMD[@]}")" \
    -n "${NAMES[3]}" "$(quoted "${BEGIN_CMD[@]}")" \
    -n "${NAMES[4]}" "$(quoted "${SQLITE_BEGIN_CMD[@]}")" \
    -n "${NAMES[5]}" "$(quoted "${HELP_CMD[@]}")"

# The gate must have stayed open all along: no lockout, no hard lock.
STATE=$("$GATECTL" status emma --json --database "$DB" | jq -r .state)
LOCKOUTS=$("$GATECTL" audit stats --profile emma --json --database "$DB" | jq '[.[].lockouts] | add // 0')
[[ $STATE != lockedOut && $STATE != hardLocked && $LOCKOUTS == 0 ]] ||
    bench_die "emma ended $STATE with $LOCKOUTS lockouts: the begin timings include refusals"

# The summary, from hyperfine's export.
rss_json=$(printf '%s\n' "${RSS[@]}" | jq -s .)
names_json=$(printf '%s\n' "${NAMES[@]}" | jq -R . | jq -s .)
baseline_json=$(printf '%s\n' "${BASELINE[@]}" | jq -R . | jq -s .)
jq --argjson rss "$rss_json" --argjson names "$names_json" --argjson baseline "$baseline_json" \
    --arg machine "$(machine_summary)" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    --arg gatectl "$GATECTL" --arg fs "$(fs_type "$WORK")" --arg sqlite "$(sqlite3 --version | cut -d' ' -f1)" \
    --argjson runs "$RUNS" --argjson warmup "$WARMUP" --argjson rssRuns "$RSS_RUNS" '
    .results as $results
    | def row(i): $results[i] as $r | {
        command: $names[i], baseline: $baseline[i],
        medianMs: ($r.median * 1000), meanMs: ($r.mean * 1000), stddevMs: ($r.stddev * 1000),
        minMs: ($r.min * 1000), maxMs: ($r.max * 1000), medianPeakRssKiB: $rss[i] };
    [range(0; $names | length) | row(.)] as $rows
    | ($rows | map({key: .command, value: .}) | from_entries) as $by
    | { machine: $machine, date: $date, gatectl: $gatectl, sqlite3: $sqlite, databaseFileSystem: $fs,
        hyperfine: {warmup: $warmup, runs: $runs}, rssRuns: $rssRuns,
        rows: [$rows[] | . + {
            timeRatio: (.medianMs / $by[.baseline].medianMs),
            rssRatio: (.medianPeakRssKiB / $by[.baseline].medianPeakRssKiB) }] }
    ' "$OUT/process-cost.hyperfine.json" >"$OUT/process-cost.json"

{
    printf '## Process cost (%s)\n\n' "$(jq -r .date "$OUT/process-cost.json")"
    printf 'Machine: %s. Database on %s. hyperfine -N, %s warm-up + %s runs; peak RSS: median of %s runs.\n\n' \
        "$(jq -r .machine "$OUT/process-cost.json")" "$(jq -r .databaseFileSystem "$OUT/process-cost.json")" \
        "$WARMUP" "$RUNS" "$RSS_RUNS"
    printf '| command | median ms | mean ± stddev ms | median peak RSS KiB | time ratio to sqlite3 | RSS ratio to sqlite3 |\n'
    printf '|---|---:|---:|---:|---:|---:|\n'
    jq -r '.rows[] | "| \(.command) | \(.medianMs * 100 | round / 100) | \(.meanMs * 100 | round / 100) ± \(.stddevMs * 100 | round / 100) | \(.medianPeakRssKiB) | \(.timeRatio * 100 | round / 100)× | \(.rssRatio * 100 | round / 100)× |"' \
        "$OUT/process-cost.json"
} >"$OUT/process-cost.md"

echo
cat "$OUT/process-cost.md"
echo
echo "results: $OUT/process-cost.md, $OUT/process-cost.json, $OUT/process-cost.hyperfine.json"
