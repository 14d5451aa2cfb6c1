import Benchmark
import Foundation
import ParentalGate

/// Bytes of database per recorded attempt (tables, indexes and audit), and how much of the
/// file `audit prune` of the older half gives back.
func registerSizeBenchmarks() {
    let bytesPerAttempt = BenchmarkMetric.custom("bytes per attempt", polarity: .prefersSmaller, useScalingFactor: false)
    let reclaimedPercent = BenchmarkMetric.custom("% of file reclaimed by pruning half", polarity: .prefersLarger, useScalingFactor: false)
    for size in BenchSettings.auditSizes {
        Benchmark(
            "Size and prune (\(size) attempts)",
            configuration: .init(
                metrics: [.wallClock, bytesPerAttempt, reclaimedPercent], timeUnits: .milliseconds,
                warmupIterations: 0, maxIterations: 1)
        ) { benchmark in
            let audit = try await AuditFixture(attempts: size)
            let fileSize = try SizeFile.fileSize(audit.path)
            benchmark.measurement(bytesPerAttempt, fileSize / size)

            let copy = try BenchSettings.freshDirectory("prune-\(size)").appendingPathComponent("gate.sqlite").path
            try FileManager.default.copyItem(atPath: audit.path, toPath: copy)
            let end = audit.end
            let gate = try Gate(database: .file(copy), timeSource: TimeSource { end })
            try await gate.setPolicy(.auditRetention, to: "1d", by: "bench")
            let half = Duration.seconds(Int64(Double(size) * AuditFixture.interval / 2))
            benchmark.startMeasurement()
            let report = try await gate.pruneAudit(olderThan: max(half, .seconds(86_400)), by: "bench")
            benchmark.stopMeasurement()
            guard report.auditRecords > 0, report.attempts > 0 else { throw BenchError("pruning half the log removed nothing") }
            guard try await gate.verifyAudit().isIntact else { throw BenchError("the pruned chain does not verify") }
            benchmark.measurement(reclaimedPercent, Int(report.bytesReclaimed * 100 / Int64(fileSize)))
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path)
        }
    }
}

private enum SizeFile {
    static func fileSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes[.size] as? NSNumber else { throw BenchError("no size for \(path)") }
        return size.intValue
    }
}
