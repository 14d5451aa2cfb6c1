import Foundation
import Testing
import TestSlots

/// The README's quick start is `Examples/QuickStart/main.swift`, built with the package and
/// run here as a person runs it: it asks, reads the answer from standard input, and says
/// what happened. Its output must be the README's, apart from the question, the answer
/// typed and the times.
///
/// A person reads the question before answering; this test answers at once. So the file it
/// runs on has the household's `minResponseTime` set first with `gatectl` (0 for a parent
/// who answers right, 10 s, the most there is, for a child who types at once), and a long
/// `timeLimit` so that a loaded machine cannot time the question out: the only changes the
/// test makes. Nothing sleeps on the gate's clock: the test waits for the challenge to
/// appear in the file (read with `sqlite3`, as the other `gatectl` tests read answers),
/// then types.
@Suite("The README's quick start, run as written", .boundedConcurrency)
struct QuickStartTests {
    static var binary: URL {
        get throws { try GatectlProcess.binary.deletingLastPathComponent().appendingPathComponent("QuickStart") }
    }

    /// The README's text block after `<!-- QuickStart output: NAME -->`.
    static func readmeOutput(_ name: String) throws -> String {
        try #require(try ReadmeSnippetTests.block(after: "<!-- QuickStart output: \(name) -->"), "no output block \(name) in the README")
    }

    /// `text` with what differs from run to run replaced: the question, the answer typed, times.
    static func normalized(_ text: String) -> String {
        text.replacing(/What is [a-z ,-]+\?/, with: "What is …?")
            .replacing(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000/, with: "<time>")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.wholeMatch(of: /-?\d+/) != nil ? "<typed>" : String($0) }
            .joined(separator: "\n")
    }

    /// A new database for the quick start, with the household's `minResponseTime` set.
    static func database(minResponseTime: String) throws -> TestDatabase {
        let db = try TestDatabase("quick-start.sqlite")
        try db.ok(["policy", "set", "--min-response-time", minResponseTime, "--time-limit", "10m", "--by", "tests"])
        return db
    }

    /// Runs the quick start on `db`; once its challenge is open, types its right answer.
    /// Returns what a terminal would show: the output with the typed line.
    static func run(on db: TestDatabase, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let process = try InteractiveGatectl([db.path], executable: try binary)
        let id = try openChallenge(db, while: process, sourceLocation: sourceLocation)
        let typed = String(try db.answer(ofChallenge: id))
        process.type(typed)
        let result = process.finish(timeout: 120)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasSuffix("\n"), sourceLocation: sourceLocation)
        var lines = result.stdout.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prompt = try db.sqlite("SELECT prompt FROM challenges WHERE id = '\(id)'").trimmingCharacters(in: .newlines)
        #expect(lines.first == prompt, "it printed the question first", sourceLocation: sourceLocation)
        lines.insert(typed, at: min(1, lines.count))
        return lines.joined(separator: "\n")
    }

    /// The id of emma's open challenge once the quick start has begun it (its standard
    /// output is a pipe, so block-buffered: the file says when the question is out).
    static func openChallenge(
        _ db: TestDatabase, while process: InteractiveGatectl, sourceLocation: SourceLocation
    ) throws -> String {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let open = (try? db.sqlite("SELECT id FROM challenges WHERE status = 'open'"))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let open, !open.isEmpty { return open }
            usleep(20_000)
        }
        let output = process.finish(timeout: 1)
        Issue.record("the quick start never began a challenge: \(output.stdout) \(output.stderr)", sourceLocation: sourceLocation)
        throw CocoaError(.fileReadUnknown)
    }

    @Test("a parent who answers right reaches parent mode, run after run on one file; the output is the README's")
    func parent() throws {
        let db = try Self.database(minResponseTime: "0s")
        defer { db.remove() }
        let expected = Self.normalized(try Self.readmeOutput("parent"))
        for _ in 1...2 {
            let shown = try Self.run(on: db)
            #expect(Self.normalized(shown) == expected, "\(shown)")
            let status = try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)
            #expect(status["state"] as? String == "parent", "the quick start reached parent mode: \(status)")
        }
        let profiles = try JSONOutput.array(try db.ok(["profile", "list", "--json"]).stdout)
        #expect(profiles.map { $0["name"] as? String } == ["emma"])
        let policy = try JSONOutput.object(try db.ok(["policy", "show", "--profile", "emma", "--json"]).stdout)
        let lockout = (policy["fields"] as? [[String: Any]])?.first { $0["field"] as? String == "lockout" }
        #expect(lockout?["value"] as? String == "10m" && lockout?["source"] as? String == "profile", "\(policy)")
        try db.ok(["audit", "verify"])
    }

    @Test("a child who types at once fails as too fast; the output is the README's")
    func child() throws {
        let db = try Self.database(minResponseTime: "10s")
        defer { db.remove() }
        let shown = try Self.run(on: db)
        #expect(Self.normalized(shown) == Self.normalized(try Self.readmeOutput("child")), "\(shown)")
        let status = try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)
        #expect(status["state"] as? String == "child")
    }
}
