import Foundation
import ParentalGate
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift`, built with the package and
/// run here as a person runs it: it asks, reads the answer from standard input, and says
/// what happened. Its output must be the README's, apart from the question, the answer
/// typed and the times.
///
/// A person reads the question before answering; this test answers at once. So the file it
/// runs on has the household's `minResponseTime` set first (0 for a parent who answers right,
/// 10 s, the most there is, for a child who types at once): the one thing the test changes.
/// Nothing sleeps: the test waits for the challenge to appear in the database, then types.
@Suite("The README's quick start, run as written")
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

    /// Runs the quick start on `path`; once its challenge is open, types what `answer`
    /// gives for it. Returns what a terminal would show: its output with the typed line.
    static func run(on path: String, gate: Gate, answer: (Challenge) async throws -> Int) async throws -> String {
        let process = try InteractiveGatectl([path], executable: try binary)
        let challenge = try await openChallenge(gate, while: process)
        let typed = String(try await answer(challenge))
        process.type(typed)
        let result = process.finish(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n"))
        var lines = result.stdout.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == challenge.prompt, "it printed the question first")
        lines.insert(typed, at: min(1, lines.count))
        return lines.joined(separator: "\n")
    }

    /// Emma's open challenge once the quick start has begun it (its standard output is a
    /// pipe, so block-buffered: the database says when the question is out).
    static func openChallenge(_ gate: Gate, while process: InteractiveGatectl) async throws -> Challenge {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if case .verifying(let challenge)? = try? await gate.state(profile: "emma") { return challenge }
            try await Task.sleep(for: .milliseconds(20))
        }
        let output = process.finish(timeout: 1)
        Issue.record("the quick start never began a challenge: \(output.stdout) \(output.stderr)")
        throw GateError.notFound("no challenge")
    }

    /// A new database file for the quick start, with the household's `minResponseTime` set.
    static func database(minResponseTime: Duration) async throws -> (Scratch, String, Gate) {
        let scratch = try Scratch()
        let path = scratch.path("quick-start.sqlite")
        let gate = try Gate(database: .file(path))
        try await gate.setPolicy(.minResponseTime, to: minResponseTime)
        return (scratch, path, gate)
    }

    @Test("a parent who answers right reaches parent mode, run after run on one file; the output is the README's")
    func parent() async throws {
        let (scratch, path, gate) = try await Self.database(minResponseTime: .zero)
        defer { scratch.remove() }
        let expected = Self.normalized(try Self.readmeOutput("parent"))
        for _ in 1...2 {
            let shown = try await Self.run(on: path, gate: gate) { try await gate.storedAnswer(of: $0.id) }
            #expect(Self.normalized(shown) == expected, "\(shown)")
            guard case .parent = try await gate.state(profile: "emma") else {
                Issue.record("the quick start did not reach parent mode")
                return
            }
        }
        #expect(try await gate.profiles().map(\.name) == ["emma"])
        #expect(try await gate.policy(for: "emma").policy.lockout == .minutes(10))
        #expect(try await gate.verifyAudit().isIntact)
    }

    @Test("a child who types at once fails as too fast; the output is the README's")
    func child() async throws {
        let (scratch, path, gate) = try await Self.database(minResponseTime: .seconds(10))
        defer { scratch.remove() }
        let shown = try await Self.run(on: path, gate: gate) { try await gate.storedAnswer(of: $0.id) }
        #expect(Self.normalized(shown) == Self.normalized(try Self.readmeOutput("child")), "\(shown)")
        #expect(try await gate.state(profile: "emma") == .child)
    }
}
