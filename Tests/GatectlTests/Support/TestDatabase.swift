import Foundation
import Testing

/// A temporary ParentalGate database file in its own scratch directory, and `gatectl` runs
/// against it (`--database` is appended to every command line).
struct TestDatabase {
    let scratch: Scratch
    /// The database file.
    let path: String

    init(_ name: String = "gate.sqlite") throws {
        scratch = try Scratch()
        path = scratch.path(name)
    }

    /// Removes the scratch directory with the database and every file written beside it.
    func remove() {
        scratch.remove()
    }

    /// Runs `gatectl arguments… --database PATH` with `input` on its standard input.
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> GatectlProcess.Result {
        try GatectlProcess.run(arguments + ["--database", path], input: input, environment: environment)
    }

    /// Runs a command that must succeed (exit 0), as a step that sets up a test.
    @discardableResult
    func ok(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> GatectlProcess.Result {
        let result = try run(arguments, input: input, environment: environment)
        try #require(
            result.status == 0,
            "gatectl \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)\(result.stdout)",
            sourceLocation: sourceLocation)
        return result
    }

    /// A path in the scratch directory, beside the database.
    func file(_ name: String) -> String {
        scratch.path(name)
    }

    /// Writes `text` to `name` in the scratch directory and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `token` to a file of its own (`0600`, as `--admin-token-file` needs) and returns its path.
    func writeAdminToken(_ token: String, to name: String = "admin-token") throws -> String {
        let path = try write(token + "\n", to: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    /// Writes `data` to `name` in the scratch directory and returns its path.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `sql` on the database with the `sqlite3` command line tool, as another program
    /// (or a person with a shell) would, and returns what it printed.
    @discardableResult
    func sqlite(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try SQLiteTool.run(path, sql, sourceLocation: sourceLocation)
    }

    /// The rows of `table` (that match `condition`), counted with the `sqlite3` tool.
    func count(_ table: String, where condition: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try sqlite("SELECT count(*) FROM \(table)" + (condition.map { " WHERE \($0)" } ?? ""), sourceLocation: sourceLocation)
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), sourceLocation: sourceLocation)
    }

    /// The logical contents of the database (`sqlite3 .dump`): what must not change when a
    /// command is refused.
    func snapshot() throws -> DatabaseSnapshot {
        try DatabaseSnapshot.take(path)
    }

    /// The answer of a challenge, read straight from the file (no command ever prints it).
    func answer(ofChallenge id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try sqlite("SELECT answer FROM challenges WHERE id = '\(id)'", sourceLocation: sourceLocation)
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no challenge \(id)", sourceLocation: sourceLocation)
    }

    /// Adds a profile and applies `policy` options (`--max-failed-challenges 1`, …) to it.
    func addProfile(_ name: String, locale: String = "en", policy: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ok(["profile", "add", name, "--locale", locale, "--by", "mum"], sourceLocation: sourceLocation)
        if !policy.isEmpty {
            try ok(["policy", "set", "--profile", name, "--by", "mum"] + policy, sourceLocation: sourceLocation)
        }
    }

    /// Records, straight in the file, that `profile` has already served `lockouts` lockouts in
    /// a row (none running now): the next lockout is then number `lockouts + 1`, which a
    /// test cannot otherwise reach without waiting for a lockout to end.
    func markLockoutsServed(_ profile: String, _ lockouts: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try sqlite("""
            INSERT INTO gate_states (profile_id, lockout_level, updated_at)
                SELECT id, \(lockouts), 0 FROM profiles WHERE name = '\(profile)'
                ON CONFLICT (profile_id) DO UPDATE SET lockout_level = excluded.lockout_level, locked_until = NULL;
            SELECT lockout_level FROM gate_states JOIN profiles ON profiles.id = profile_id WHERE name = '\(profile)';
            """, sourceLocation: sourceLocation)
    }

    /// Begins a challenge for `profile` with `challenge begin --json` and returns its id.
    func beginChallenge(_ profile: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try ok(["challenge", "begin", profile, "--json"], sourceLocation: sourceLocation)
        let json = try JSONOutput.object(result.stdout, sourceLocation: sourceLocation)
        let challenge = try #require(json["challenge"] as? [String: Any], "\(result.stdout)", sourceLocation: sourceLocation)
        return try #require(challenge["id"] as? String, sourceLocation: sourceLocation)
    }
}

/// The `sqlite3` command line tool.
enum SQLiteTool {
    static func run(_ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-bail", database, sql]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0, "sqlite3 failed: \(String(decoding: err, as: UTF8.self))", sourceLocation: sourceLocation)
        return String(decoding: out, as: UTF8.self)
    }
}

/// The logical contents of an SQLite file: its schema and every row, as `sqlite3 .dump`
/// prints them.
///
/// The raw bytes are not compared: every open by `gatectl` (GRDB's `DatabasePool`) bumps the
/// header's change counter and schema cookie, and the write-ahead log is checkpointed on
/// close, so the file's bytes change even when no row does.
struct DatabaseSnapshot: Equatable {
    let lines: [String]

    static func take(_ path: String) throws -> DatabaseSnapshot {
        guard FileManager.default.fileExists(atPath: path) else { return DatabaseSnapshot(lines: ["(no file)"]) }
        return DatabaseSnapshot(lines: try SQLiteTool.run(path, ".dump").split(separator: "\n").map(String.init))
    }

    /// What changed from `earlier` to this snapshot: `- line` removed, `+ line` added.
    func changes(since earlier: DatabaseSnapshot) -> [String] {
        let before = Set(earlier.lines)
        let after = Set(lines)
        return earlier.lines.filter { !after.contains($0) }.map { "- " + $0 } + lines.filter { !before.contains($0) }.map { "+ " + $0 }
    }
}

/// A file's exact bytes and whether SQLite left a journal, WAL or shared-memory file beside
/// it: for files that are not ours, which must not be touched at all.
struct FileSnapshot: Equatable {
    let contents: Data?
    let companions: [String]

    init(_ path: String) {
        contents = FileManager.default.contents(atPath: path)
        companions = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: path + $0) }
    }
}

/// Parsing `--json` output.
enum JSONOutput {
    static func value(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            Issue.record("not JSON: \(error)\n\(text)", sourceLocation: sourceLocation)
            throw error
        }
    }

    static func object(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try value(text, sourceLocation: sourceLocation)
        return try #require(value as? [String: Any], "expected a JSON object: \(text)", sourceLocation: sourceLocation)
    }

    static func array(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let value = try value(text, sourceLocation: sourceLocation)
        return try #require(value as? [[String: Any]], "expected a JSON array of objects: \(text)", sourceLocation: sourceLocation)
    }

    /// Whether `value` is a JSON time as the README promises: ISO 8601, UTC, milliseconds.
    static func isTime(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil
    }

    /// A JSON time as a date.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Whether two JSON times are the same moment, give or take the millisecond that
    /// freshly computed and stored times may differ by (a known issue tested on its own).
    static func sameTime(_ a: Any?, _ b: Any?) -> Bool {
        guard let a = date(a), let b = date(b) else { return false }
        return abs(a.timeIntervalSince(b)) <= 0.0015
    }

    /// Whether `value` is a JSON number (not text).
    static func isNumber(_ value: Any?) -> Bool {
        guard let value, !(value is String) else { return false }
        return value is Int || value is Int64 || value is Double || value is NSNumber
    }

    /// Whether `value` is a JSON `true` or `false` (not text).
    static func isBool(_ value: Any?) -> Bool {
        guard let value, !(value is String) else { return false }
        return (value as? Bool) != nil
    }
}

/// Checks a refused command: `status`, nothing on stdout, and exactly one line
/// `error: message` on stderr.
func expectError(
    _ result: GatectlProcess.Result, status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "exit \(result.status), stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
    #expect(result.stderr == "error: \(message)\n", sourceLocation: sourceLocation)
}

/// Checks that a refused command changed nothing in the database.
func expectUnchanged(_ after: DatabaseSnapshot, _ before: DatabaseSnapshot, sourceLocation: SourceLocation = #_sourceLocation) {
    let changes = after.changes(since: before)
    #expect(changes.isEmpty, "the database changed:\n\(changes.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
