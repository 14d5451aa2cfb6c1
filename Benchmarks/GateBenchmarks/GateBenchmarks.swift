import Benchmark

/// Every ParentalGate benchmark; `swift package benchmark` runs them (BENCHMARKS.md).
let benchmarks: @Sendable () -> Void = {
    registerCycleBenchmarks()
    // GATE_BENCH_CYCLES_ONLY=1: the cycle benchmarks alone (to profile them under valgrind).
    if BenchSettings.environment["GATE_BENCH_CYCLES_ONLY"] == "1" { return }
    registerAuditBenchmarks()
    registerSizeBenchmarks()
}
