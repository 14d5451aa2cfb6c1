#!/usr/bin/env bash
# Benchmarks/scripts/order-file.sh — writes Benchmarks/gatectl.order, the order in which
# the release link lays out gatectl's functions (Package.swift, `gatectlLinking`).
#
# Runs a release gatectl under callgrind through the command lines people run most, hottest
# first: `status`, then the terminal gate (`challenge begin|answer`, `session check`, `gate`),
# then a few admin commands. It lists every function of gatectl's own binary that each one
# runs, in that order, without repeats; the linker puts them first, in that order.
#
# Why: the kernel maps 16 pages around each page a process first touches, so functions that
# run together should sit together. Laid out this way, `gatectl status` keeps 6 MB of the
# binary resident instead of 11 (BENCHMARKS.md, "Process cost"). A stale list costs nothing
# but that: names it lacks keep their place, names the binary lacks are skipped.
#
# Run after changing what the hot commands run:
#   Benchmarks/scripts/order-file.sh            # builds a release gatectl first
#   GATECTL=path Benchmarks/scripts/order-file.sh
# Needs: valgrind, python3, binutils (objcopy), sqlite3.
set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

require_tools valgrind python3 objcopy sqlite3
find_gatectl
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# valgrind cannot read the debug information of Swift 6's toolchain; the symbol table is enough.
objcopy --strip-debug "$GATECTL" "$WORK/gatectl"
DB="$WORK/gate.sqlite"
"$WORK/gatectl" profile add emma --database "$DB" >/dev/null

run=0
profile() {
    run=$((run + 1))
    valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$WORK/run.$(printf %02d $run).out" \
        "$WORK/gatectl" "$@" --database "$DB" >/dev/null 2>&1 </dev/null || true
}
open_challenge() {
    sqlite3 "$DB" "SELECT $1 FROM challenges WHERE status = 'open'"
}
"$WORK/gatectl" policy set --min-response-time 0s --by order-file --database "$DB" >/dev/null
# A profile in each state a child meets, through status and the gate's steps.
profile status emma
profile challenge begin emma
profile status emma
profile status emma --json
profile challenge answer "$(open_challenge id)" "$(( $(open_challenge answer) + 1 ))"
profile status emma
profile challenge begin emma --json
answer=$(open_challenge answer)
id=$(open_challenge id)
token=$("$WORK/gatectl" challenge answer "$id" "$answer" --json --database "$DB" | sed -n 's/.*"token" : "\([^"]*\)".*/\1/p') || true
profile status emma
profile session check "${token:-none}"
profile session check abcdefghijklmnopqrstuvwxyz012345
profile gate emma
# Then what a parent runs most.
profile --help
profile profile list
profile policy show
profile audit list --limit 5
profile db status

python3 - "$WORK" "$PACKAGE_ROOT/Benchmarks/gatectl.order" <<'PY'
import glob, re, sys
work, out = sys.argv[1], sys.argv[2]
order, seen = [], set()
for path in sorted(glob.glob(f"{work}/run.*.out")):
    names, obs, ob, fn, skip = {}, {}, None, None, False
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line)
        if m:
            kind, idx, name = m.groups()
            table = obs if kind.endswith("ob") else names
            if name is not None:
                table[idx] = name
            if kind == "ob":
                ob = obs.get(idx)
            elif kind == "fn":
                fn = names.get(idx)
            continue
        if line.startswith("calls="):
            skip = True
            continue
        if skip:
            skip = False
            continue
        if fn and ob and ob.endswith("/gatectl") and line[:1].isdigit():
            name = re.sub(r"'\d+$", "", fn)
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                order.append(name)
open(out, "w").write("\n".join(order) + "\n")
print(f"{len(order)} functions", file=sys.stderr)
PY
bench_log "wrote Benchmarks/gatectl.order"
