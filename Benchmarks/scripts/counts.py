#!/usr/bin/env python3
"""Benchmarks/scripts/counts.py — the counts CI guards (issue 27, item 3).

Four figures that are counts, not times, and so the same on every run of the same code (the
last within a page or two):
  - mallocsPerGateCycle: mallocs of one gate cycle (begin + a passing answer), after a
    warm-up: the benchmark "Counts: N gate cycles" (ordo-one/benchmark's malloc count) / N;
  - gatectlStatusInstructions: instructions `gatectl status emma` runs (valgrind callgrind),
    from start to exit, on a fresh database with one profile;
  - bytesPerAttempt: bytes of database per recorded attempt at 3,000 attempts (the benchmark
    "Size and prune", smoke size);
  - gatectlStatusPeakKiB: the peak resident memory of `gatectl status emma` (the kernel's
    maxrss, KiB), the median of 21 runs: the pages the loader, the runtime and the layout of
    the binary (Benchmarks/gatectl.order) make resident.
Each is compared with its threshold in Benchmarks/thresholds.json: more than the tolerance
(10%) above it fails the run, so that a feature cannot make the hot path heavier unseen. A
figure well under its threshold is reported, so that the threshold can follow it down.

Run: Benchmarks/scripts/counts.py [--gatectl PATH] [--update]
  --gatectl: a release gatectl (default: the package's release build, built if missing).
  --update:  write the measured figures into thresholds.json (after a deliberate change;
             say why in the commit).
Needs: swift, valgrind, objcopy (binutils).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCHMARKS)
THRESHOLDS = os.path.join(BENCHMARKS, "thresholds.json")


def run(arguments, **options):
    return subprocess.run(arguments, check=True, text=True, capture_output=True, **options)


def release_bin(package):
    return run(["swift", "build", "-c", "release", "--package-path", package, "--show-bin-path"]).stdout.strip()


def metric(output, benchmark, name):
    """The first value of metric `name` in the direct run's report of `benchmark`."""
    section = output.split(f"Debug results for {benchmark}:", 1)
    if len(section) != 2:
        sys.exit(f"counts: the benchmark '{benchmark}' did not report")
    after = section[1].split("Debug results for ", 1)[0].split(f"{name}:", 1)
    if len(after) != 2:
        sys.exit(f"counts: '{benchmark}' reported no '{name}'")
    found = re.search(r"^\s*([0-9]+(?:\.[0-9]+)?)\s", after[1], re.MULTILINE)
    if not found:
        sys.exit(f"counts: no value for '{name}' of '{benchmark}'")
    return float(found.group(1))


def benchmark_counts():
    run(["swift", "build", "-c", "release", "--package-path", BENCHMARKS, "--product", "GateBenchmarks"])
    binary = os.path.join(release_bin(BENCHMARKS), "GateBenchmarks")
    with tempfile.TemporaryDirectory() as scratch:
        environment = dict(os.environ, GATE_BENCH_SMOKE="1", GATE_BENCH_DIR=scratch)
        output = run([binary], env=environment).stdout
    cycles = re.search(r"Debug results for (Counts: ([0-9]+) gate cycles):", output)
    if not cycles:
        sys.exit("counts: the benchmark 'Counts: N gate cycles' did not report")
    mallocs = metric(output, cycles.group(1), "Malloc (total)") / int(cycles.group(2))
    size = re.search(r"Debug results for (Size and prune \([0-9]+ attempts\)):", output)
    if not size:
        sys.exit("counts: the benchmark 'Size and prune' did not report")
    return mallocs, metric(output, size.group(1), "bytes per attempt")


def status_instructions(gatectl):
    with tempfile.TemporaryDirectory() as scratch:
        # valgrind cannot read the debug information of Swift 6's toolchain; the symbols are enough.
        stripped = os.path.join(scratch, "gatectl")
        run(["objcopy", "--strip-debug", gatectl, stripped])
        gatectl = stripped
        database = os.path.join(scratch, "gate.sqlite")
        # The same environment on every machine: no PARENTAL_GATE_* from the caller, UTC, C locale.
        environment = {"PATH": "/usr/bin:/bin", "HOME": scratch, "TZ": "UTC", "LANG": "C.UTF-8"}
        run([gatectl, "profile", "add", "emma", "--by", "counts", "--database", database], env=environment)
        run([gatectl, "status", "emma", "--database", database], env=environment)
        traced = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/callgrind.out",
             gatectl, "status", "emma", "--database", database],
            env=environment, text=True, capture_output=True)
        if traced.returncode != 0:
            sys.exit(f"counts: gatectl status under callgrind exited {traced.returncode}: {traced.stderr.strip()[-500:]}")
        found = re.search(r"Collected : ([0-9]+)", traced.stderr)
        if not found:
            sys.exit(f"counts: callgrind counted nothing: {traced.stderr.strip()[-500:]}")
        return float(found.group(1))


def status_peak_kib(gatectl, runs=21):
    """The median of the kernel's peak resident memory (KiB) over `runs` runs of `gatectl status emma`."""
    with tempfile.TemporaryDirectory() as scratch:
        database = os.path.join(scratch, "gate.sqlite")
        environment = {"PATH": "/usr/bin:/bin", "HOME": scratch, "TZ": "UTC", "LANG": "C.UTF-8"}
        run([gatectl, "profile", "add", "emma", "--by", "counts", "--database", database], env=environment)
        peaks = []
        for _ in range(runs):
            process = subprocess.Popen([gatectl, "status", "emma", "--database", database], env=environment,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            if status != 0:
                sys.exit(f"counts: gatectl status exited with status {status}")
            peaks.append(usage.ru_maxrss)
        return float(sorted(peaks)[runs // 2])


ORDER_FILE = os.path.join(BENCHMARKS, "gatectl.order")
# The most of the order file's functions that may be gone from gatectl before it counts as stale.
ORDER_FILE_MISSING_LIMIT = 0.05


def order_file_missing(gatectl):
    """The share of Benchmarks/gatectl.order's functions that the release gatectl no longer has.

    The linker skips a name it cannot find without a word (--no-warn-symbol-ordering: the
    standard library's names come and go with the toolchain), so a layout left behind by a
    refactor would only show as a slower, larger `gatectl status` (BENCHMARKS.md, section 3).
    """
    with open(ORDER_FILE) as file:
        ordered = {line.strip() for line in file if line.strip()}
    listed = run(["nm", "--defined-only", gatectl]).stdout.split("\n")
    present = {line.split()[-1] for line in listed if line.strip()}
    if not present:
        sys.exit(f"counts: nm found no symbols in {gatectl} (stripped?)")
    missing = len(ordered - present)
    return missing, len(ordered)


def main():
    parser = argparse.ArgumentParser(description="The counts CI guards, against Benchmarks/thresholds.json.")
    parser.add_argument("--gatectl", help="a release gatectl (default: the package's release build)")
    parser.add_argument("--update", action="store_true", help="write the measured figures into thresholds.json")
    arguments = parser.parse_args()

    gatectl = arguments.gatectl
    if not gatectl:
        run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path", ROOT, "--product", "gatectl"])
        gatectl = os.path.join(release_bin(ROOT), "gatectl")

    with open(THRESHOLDS) as file:
        thresholds = json.load(file)
    tolerance = thresholds["tolerance"]
    mallocs, bytes_per_attempt = benchmark_counts()
    measured = {
        "mallocsPerGateCycle": mallocs,
        "gatectlStatusInstructions": status_instructions(gatectl),
        "bytesPerAttempt": bytes_per_attempt,
        "gatectlStatusPeakKiB": status_peak_kib(gatectl),
    }
    if set(measured) != set(thresholds["counts"]):
        sys.exit(f"counts: thresholds.json names {sorted(thresholds['counts'])}, this script measures {sorted(measured)}")

    failed = False
    for name, value in measured.items():
        threshold = thresholds["counts"][name]["threshold"]
        ratio = value / threshold
        verdict = "ok"
        if ratio > 1 + tolerance:
            verdict = f"FAILED: more than {tolerance:.0%} over the threshold"
            failed = True
        elif ratio < 1 - tolerance:
            verdict = "well under: lower the threshold (--update)"
        print(f"counts: {name} {value:,.0f} against {threshold:,.0f} ({ratio:.3f}): {verdict}")
        if arguments.update:
            thresholds["counts"][name]["threshold"] = round(value)
    missing, listed = order_file_missing(gatectl)
    share = missing / max(listed, 1)
    verdict = "ok"
    if share > ORDER_FILE_MISSING_LIMIT:
        verdict = f"FAILED: stale (more than {ORDER_FILE_MISSING_LIMIT:.0%} gone): run Benchmarks/scripts/order-file.sh"
        failed = True
    print(f"counts: gatectl.order {missing:,} of {listed:,} functions gone from gatectl ({share:.1%}): {verdict}")
    if arguments.update:
        with open(THRESHOLDS, "w") as file:
            json.dump(thresholds, file, indent=2, ensure_ascii=False)
            file.write("\n")
        print(f"counts: thresholds written to {THRESHOLDS}")
    elif failed:
        print("counts: a check failed (above): a count past its threshold (if the growth is deliberate, run with --update and say why), or a stale gatectl.order", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
