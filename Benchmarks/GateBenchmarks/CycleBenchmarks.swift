import Benchmark
import Foundation

/// The gate cycle (begin + a passing answer) through `Gate`, and the same statements
/// through the SQLite C API: the floor any Swift code on SQLite can reach.
func registerCycleBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .cpuTotal, .mallocCountTotal, .syscalls, .writeSyscalls, .writeBytesLogical],
        timeUnits: .microseconds,
        warmupIterations: BenchSettings.isSmoke ? 0 : 20,
        maxDuration: .seconds(BenchSettings.isSmoke ? 1 : 10),
        maxIterations: BenchSettings.isSmoke ? 1 : 5_000)

    let gate = Holder<CycleFixture>()
    Benchmark("Gate cycle: begin + answer", configuration: configuration) { _ in
        try await gate.value().cycle()
    } setup: {
        gate.set(try await CycleFixture(directory: BenchSettings.freshDirectory("gate-cycle")))
    } teardown: {
        gate.clear()
    }

    // The floor run the way the gate's async cycle is: ordo-one/benchmark runs an async
    // closure's iterations in a new task each (BENCHMARKS.md §1).
    let rawAsync = Holder<RawCycle>()
    Benchmark("SQLite C API cycle (floor, async closure)", configuration: configuration) { _ async throws in
        try rawAsync.value().cycle()
    } setup: {
        rawAsync.set(try await RawCycle.onFreshFixture("raw-cycle-async"))
    } teardown: {
        rawAsync.clear()
    }

    let raw = Holder<RawCycle>()
    Benchmark("SQLite C API cycle (floor)", configuration: configuration) { _ in
        try raw.value().cycle()
    } setup: {
        raw.set(try await RawCycle.onFreshFixture("raw-cycle"))
    } teardown: {
        raw.clear()
    }

    // A count CI guards (Benchmarks/scripts/counts.sh): mallocs of `countedCycles` cycles
    // after a warm-up, in one iteration, so that the first cycle's one-time work is not counted.
    let counted = Holder<CycleFixture>()
    Benchmark(
        "Counts: \(BenchSettings.countedCycles) gate cycles",
        configuration: .init(metrics: [.mallocCountTotal], warmupIterations: 0, maxIterations: 1)
    ) { _ in
        let fixture = try counted.value()
        for _ in 0..<BenchSettings.countedCycles { try await fixture.cycle() }
    } setup: {
        let fixture = try await CycleFixture(directory: BenchSettings.freshDirectory("counted-cycle"))
        for _ in 0..<20 { try await fixture.cycle() }
        counted.set(fixture)
    } teardown: {
        counted.clear()
    }
}
