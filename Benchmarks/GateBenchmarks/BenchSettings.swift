import Foundation

/// What a run measures, from the environment, so that one command reproduces one table row.
///
/// - `GATE_BENCH_DIR`: where databases go (default: the temporary directory; `/dev/shm` for tmpfs).
/// - `GATE_BENCH_SIZES`: recorded attempts for the audit benchmarks (default `10000,100000,1000000`).
/// - `GATE_BENCH_SMOKE=1`: one short iteration of everything at 3,000 attempts (CI): a little
///   over two days, so that pruning the older half (never less than a day) removes records.
enum BenchSettings {
    static let environment = ProcessInfo.processInfo.environment

    static var isSmoke: Bool { environment["GATE_BENCH_SMOKE"] == "1" }

    /// How many gate cycles the malloc count CI guards is taken over (the script divides by it).
    static let countedCycles = 200

    static var directory: URL {
        URL(fileURLWithPath: environment["GATE_BENCH_DIR"] ?? FileManager.default.temporaryDirectory.path)
            .appendingPathComponent("parental-gate-bench")
    }

    static var auditSizes: [Int] {
        if isSmoke { return [3_000] }
        let text = environment["GATE_BENCH_SIZES"] ?? "10000,100000,1000000"
        return text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
    }

    /// A fresh, empty folder for one benchmark's files.
    static func freshDirectory(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
