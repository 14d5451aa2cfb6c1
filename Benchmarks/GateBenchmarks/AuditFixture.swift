import Foundation
import ParentalGate

/// A database with `attempts` recorded attempts, made once and kept for later runs.
///
/// One attempt a minute, round-robin over ten profiles, each a full challenge as the gate
/// records it: issued, answered, passed (four in five) or failed, three audit records, and
/// for a pass the parent mode it opens (a session row and a fourth audit record; it expires
/// unused before the profile's next attempt). A day always holds 1,440 attempts whatever the
/// size, so a day's statistics should cost the same at every size.
struct AuditFixture: Sendable {
    static let profiles = (0..<10).map { "child\($0)" }
    static let interval: TimeInterval = 60
    /// Named in the fixture's folder: a change to what `seed` writes bumps it, so an older
    /// fixture kept from an earlier run is not measured as if it were the new one.
    static let version = 2

    let attempts: Int
    let path: String
    /// The time of the newest attempt.
    let end: Date

    init(attempts: Int) async throws {
        self.attempts = attempts
        let directory = BenchSettings.directory.appendingPathComponent("audit-v\(Self.version)-\(attempts)")
        path = directory.appendingPathComponent("gate.sqlite").path
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        end = start.addingTimeInterval(Double(attempts - 1) * Self.interval)
        let done = directory.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: done.path) { return }
        try? FileManager.default.removeItem(at: directory)
        try await Self.seed(path: path, attempts: attempts, start: start)
        try Data().write(to: done)
    }

    /// The gate on this database, with the clock at the newest attempt.
    func gate() throws -> Gate {
        let end = end
        return try Gate(database: .file(path), timeSource: TimeSource { end })
    }

    private static func seed(path: String, attempts: Int, start: Date) async throws {
        try await AuditFixtureSeeder.seed(path: path, profiles: profiles, attempts: attempts, start: start, interval: interval)
    }
}
