import Foundation
import Testing

/// One short iteration of every benchmark (BENCHMARKS.md), so CI keeps them building and working.
@Suite struct BenchmarkSmokeTests {
    @Test func everyBenchmarkRunsOnceAndSucceeds() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let binary = try GatectlProcess.binary.deletingLastPathComponent().appendingPathComponent("GateBenchmarks")
        // Run directly (not through the plugin), the benchmark executable runs each benchmark
        // and prints "Debug results for NAME" only for one that did not fail.
        let result = try GatectlProcess.run(
            [], executable: binary, environment: ["GATE_BENCH_SMOKE": "1", "GATE_BENCH_DIR": scratch.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = [
            "Gate cycle: begin + answer", "SQLite C API cycle (floor)",
            "Recent 50 attempts of a profile (3000 attempts)", "Audit stats for a day (3000 attempts)",
            "Audit verify (3000 attempts)", "Size and prune (3000 attempts)",
        ]
        for name in names {
            #expect(result.stdout.contains("Debug results for \(name):"), "\(name) did not complete: \(result.stdout.suffix(2_000))")
        }
    }

    /// The shell benchmarks need hyperfine and wrk, which CI does not install; bash can still
    /// read every script through, so a syntax error does not wait for the next full run.
    @Test func everyBenchmarkScriptParses() throws {
        let scripts = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path).filter { $0.hasSuffix(".sh") }.sorted()
        #expect(names == ["common.sh", "process-cost.sh", "server.sh"])
        for name in names {
            let result = try GatectlProcess.run(
                ["-n", scripts.appendingPathComponent(name).path], executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}
