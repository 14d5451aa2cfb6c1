#!/usr/bin/env bash
# Benchmarks/scripts/release-check.sh — the gatectl people install, put through its paces.
#
# The suite runs the debug gatectl. The README installs a release one, linked differently
# (Package.swift, `gatectlLinking`: lld, packed relocations, no exported symbols, the function
# order of Benchmarks/gatectl.order). This builds that binary with the README's command
# and runs a family's first session through it: profiles, policy, a challenge answered right
# and wrong, parent mode, the terminal gate, questions in and out, the audit log, a backup,
# help and errors; each step's exit status and output are checked. It then prints, for
# information only, the cost of one `gatectl status` (nothing is asserted about time).
#
# Run: Benchmarks/scripts/release-check.sh   (GATECTL=path uses a built one). `scripts/test`
# runs it after the suite. Needs: sqlite3 (to read an open challenge's answer, as a test may).
set -euo pipefail
# shellcheck source=Benchmarks/scripts/common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

require_tools sqlite3 readelf
find_gatectl
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DB="$WORK/home/gate.sqlite"
failures=0

# step NAME EXPECTED_STATUS PATTERN ARGS… — runs gatectl ARGS on the database; checks the exit
# status and that standard output or error matches PATTERN (an extended regular expression).
step() {
    local name=$1 expected=$2 pattern=$3
    shift 3
    local output status=0
    output=$("$GATECTL" "$@" --database "$DB" 2>&1 </dev/null) || status=$?
    if [[ $status != "$expected" ]] || ! grep -Eq -- "$pattern" <<<"$output"; then
        echo "release check: $name: exit $status (expected $expected), output:" >&2
        sed 's/^/    /' <<<"$output" >&2
        failures=$((failures + 1))
    fi
}

open_challenge() {
    sqlite3 "$DB" "SELECT $1 FROM challenges WHERE status = 'open'"
}

# How it is linked: no symbols of its own exported, and its relocations packed where this
# machine's glibc (2.36 and newer) can load them, as Package.swift says.
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [[ -n $glibc && $(printf '%s\n%s\n' 2.36 "$glibc" | sort -V | head -1) == 2.36 ]]; then
    readelf -dW "$GATECTL" | grep -q '(RELR)' ||
        { echo "release check: no packed relocations (DT_RELR) on glibc $glibc: not linked as Package.swift says" >&2; failures=$((failures + 1)); }
fi
exported=$(readelf -W --dyn-syms "$GATECTL" | awk '$7 != "UND" && $8 ~ /^\$s/' | wc -l)
if ((exported > 0)); then
    echo "release check: gatectl exports $exported of its Swift symbols: not linked as Package.swift says" >&2
    failures=$((failures + 1))
fi

step "add a profile" 0 "added profile emma" profile add emma --locale en
step "add a second" 0 "added profile Zoë" profile add "Zoë" --locale de
step "list them" 0 "Zoë" profile list
step "no pause before answering" 0 "min" policy set --min-response-time 0s --by release-check
step "show the policy" 0 "minResponseTime|min" policy show
step "status" 0 "^emma: child" status emma
step "status as JSON" 0 '"state" : "child"' status emma --json
step "an unknown profile" 3 "no profile named" status nobody

step "begin a challenge" 0 "question" challenge begin emma
id=$(open_challenge id)
answer=$(open_challenge answer)
step "a wrong answer" 1 "failed" challenge answer "$id" $((answer + 1))
step "begin another" 0 '"prompt"' challenge begin emma --json
id=$(open_challenge id)
answer=$(open_challenge answer)
token=$("$GATECTL" challenge answer "$id" "$answer" --json --database "$DB" | sed -n 's/.*"token" : "\([^"]*\)".*/\1/p') || true
if [[ -z $token ]]; then
    echo "release check: a right answer gave no parent token" >&2
    failures=$((failures + 1))
fi
step "parent mode" 0 "parent" status emma
output=$(printf '%s\n' "$token" | "$GATECTL" session check - --database "$DB" 2>&1) ||
    { echo "release check: session check - refused the token: $output" >&2; failures=$((failures + 1)); }
step "a forged token" 1 "no live parent session" session check abcdefghijklmnopqrstuvwxyz012345

# The terminal gate, answered from a pipe.
"$GATECTL" session end "$token" --database "$DB" >/dev/null 2>&1 || true
step "Zoë's gate, no answer" 0 "" status "Zoë"
gate_output=$(printf '\n' | "$GATECTL" gate "Zoë" --database "$DB" 2>&1) || true
if ! grep -q "Zoë\|Frage\|Was\|[0-9]" <<<"$gate_output"; then
    echo "release check: the terminal gate printed nothing useful: $gate_output" >&2
    failures=$((failures + 1))
fi

cat >"$WORK/questions.json" <<'JSON'
{"name": "animals", "locale": "en", "questions": [{"prompt": "How many legs has a spider?", "answer": 8}]}
JSON
step "import questions" 0 "animals" questions import "$WORK/questions.json"
step "list question sets" 0 "animals" questions list
step "export questions" 0 "" questions export --set animals --output "$WORK/out.json"
grep -q spider "$WORK/out.json" || { echo "release check: the export lacks the question" >&2; failures=$((failures + 1)); }

step "audit list" 0 "challenge" audit list --limit 20
step "audit verify" 0 "intact|verified|ok" audit verify
step "audit stats" 0 "" audit stats
step "database status" 0 "schema" db status
step "database check" 0 "" db check
step "backup" 0 "" db backup "$WORK/backup.sqlite"
[[ -s $WORK/backup.sqlite ]] || { echo "release check: no backup written" >&2; failures=$((failures + 1)); }
step "help" 0 "OVERVIEW" --help
step "a mistyped command" 64 "error|Error" profle list

if [[ $failures != 0 ]]; then
    echo "release check: $failures step(s) failed" >&2
    exit 1
fi

# For information: one status, as BENCHMARKS.md measures it more carefully.
if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M true >/dev/null 2>&1; then
    rss=$( { /usr/bin/time -f %M "$GATECTL" status emma --database "$DB" >/dev/null; } 2>&1 | tail -1)
    echo "release check: every step passed; gatectl status peaked at $rss KiB"
else
    echo "release check: every step passed"
fi
