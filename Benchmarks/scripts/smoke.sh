#!/usr/bin/env bash
# Benchmarks/scripts/smoke.sh — one short iteration of every Swift benchmark, so that CI keeps
# them building and working. The benchmarks are their own package (Benchmarks/Package.swift);
# run directly (not through the plugin), the executable runs each benchmark once and prints
# "Debug results for NAME" only for one that did not fail.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Release, as the benchmarks measure and as counts.py (run after it) needs: one build for both.
swift build -c release --package-path "$here" --product GateBenchmarks
binary="$(swift build -c release --package-path "$here" --show-bin-path)/GateBenchmarks"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
output=$(GATE_BENCH_SMOKE=1 GATE_BENCH_DIR="$scratch" "$binary")
status=0
for name in "Gate cycle: begin + answer" "SQLite C API cycle (floor)" \
    "Recent 50 attempts of a profile (3000 attempts)" "Audit stats for a day (3000 attempts)" \
    "Audit verify (3000 attempts)" "Size and prune (3000 attempts)" "Counts: 200 gate cycles"; do
    if ! grep -qF "Debug results for $name:" <<<"$output"; then
        echo "benchmark smoke: '$name' did not complete" >&2
        status=1
    fi
done
[[ $status == 0 ]] && echo "benchmark smoke: every benchmark ran once"
exit "$status"
