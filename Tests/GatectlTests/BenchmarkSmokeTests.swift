import Foundation
import Testing
import TestSlots

/// The benchmark scripts, read through by bash (the benchmarks themselves are a package of their
/// own, built and run once by `scripts/test` after this suite: `Benchmarks/scripts/smoke.sh`).
@Suite(.boundedConcurrency) struct BenchmarkSmokeTests {
    /// The shell benchmarks need hyperfine and wrk, which CI does not install; bash can still
    /// read every script through, so a syntax error does not wait for the next full run.
    @Test func everyBenchmarkScriptParses() throws {
        let scripts = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path).filter { $0.hasSuffix(".sh") }.sorted()
        #expect(names == [
            "common.sh", "forward-auth.sh", "order-file.sh", "postgres-cycle.sh", "postgres-http.sh", "process-cost.sh", "release-check.sh",
            "server-instructions.sh", "server.sh", "smoke.sh",
        ])
        for name in names {
            let result = try GatectlProcess.run(
                ["-n", scripts.appendingPathComponent(name).path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        // The counts CI guards (run by scripts/test after the release programs are built).
        let counts = try GatectlProcess.run(
            ["-m", "py_compile", scripts.appendingPathComponent("counts.py").path], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(counts.status == 0, "counts.py: \(counts.stderr)")
    }
}
