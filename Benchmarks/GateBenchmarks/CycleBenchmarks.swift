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

    let raw = Holder<RawCycle>()
    Benchmark("SQLite C API cycle (floor)", configuration: configuration) { _ in
        try raw.value().cycle()
    } setup: {
        let fixture = try await CycleFixture(directory: BenchSettings.freshDirectory("raw-cycle"))
        raw.set(try RawCycle(path: fixture.path))
    } teardown: {
        raw.clear()
    }
}
