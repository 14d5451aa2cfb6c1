import Benchmark

/// Every ParentalGate benchmark; `swift package benchmark` runs them (BENCHMARKS.md).
let benchmarks: @Sendable () -> Void = {
    registerCycleBenchmarks()
    registerAuditBenchmarks()
    registerSizeBenchmarks()
}
