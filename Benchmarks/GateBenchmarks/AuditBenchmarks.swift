import Benchmark
import Foundation
import ParentalGate

/// A profile's last 50 attempts, a day's statistics and a full audit verification, at each
/// size of ``BenchSettings/auditSizes``.
func registerAuditBenchmarks() {
    for size in BenchSettings.auditSizes {
        let fixture = Holder<(AuditFixture, Gate)>()
        let setup: () async throws -> Void = {
            let audit = try await AuditFixture(attempts: size)
            fixture.set((audit, try audit.gate()))
        }
        let quick = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .readSyscalls],
            timeUnits: .microseconds,
            warmupIterations: BenchSettings.isSmoke ? 0 : 10,
            maxDuration: .seconds(BenchSettings.isSmoke ? 1 : 5),
            maxIterations: BenchSettings.isSmoke ? 1 : 10_000)

        Benchmark("Recent 50 attempts of a profile (\(size) attempts)", configuration: quick) { _ in
            let (_, gate) = try fixture.value()
            let profile = try await gate.profile(named: AuditFixture.profiles[3])
            let attempts = try await gate.attempts(AttemptFilter(profileID: profile.id), limit: 50).items
            guard attempts.count == min(50, size / AuditFixture.profiles.count) else {
                throw BenchError("expected 50 attempts, got \(attempts.count)")
            }
        } setup: { try await setup() } teardown: { fixture.clear() }

        Benchmark("Audit stats for a day (\(size) attempts)", configuration: quick) { _ in
            let (audit, gate) = try fixture.value()
            let stats = try await gate.stats(since: audit.end.addingTimeInterval(-86_400))
            guard stats.count == AuditFixture.profiles.count else { throw BenchError("expected stats of every profile") }
        } setup: { try await setup() } teardown: { fixture.clear() }

        Benchmark(
            "Audit verify (\(size) attempts)",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
                timeUnits: .milliseconds,
                warmupIterations: 0,
                maxDuration: .seconds(BenchSettings.isSmoke ? 1 : 20),
                maxIterations: BenchSettings.isSmoke ? 1 : 5)
        ) { _ in
            let (_, gate) = try fixture.value()
            let report = try await gate.verifyAudit()
            guard report.isIntact else { throw BenchError("the seeded audit chain does not verify: \(report)") }
        } setup: { try await setup() } teardown: { fixture.clear() }
    }
}
