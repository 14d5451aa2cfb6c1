import TestSlots  // hangGuard; above the README's excerpt, which begins at the next import but one
import Foundation
import ParentalGate
import ParentalGateTesting
import Testing

// An embedder's own code: a settings screen that opens only in parent mode.
struct SettingsScreen {
    let gate: Gate
    func mayOpen() async throws(GateError) -> Bool {
        if case .parent = try await gate.state(profile: "emma") { true } else { false }
    }
}

@Test func settingsOpenOnlyInParentMode() async throws {
    let test = try TestGate()                              // in memory; a clock only the test moves
    try await test.gate.addProfile("emma")
    let settings = SettingsScreen(gate: test.gate)         // the code under test gets the gate
    #expect(try await settings.mayOpen() == false)

    let guess = try await test.begin("emma")
    #expect(try await test.fail(guess) == .failed(.tooManyWrongAnswers))   // a wrong answer, 3 s later
    let sum = try await test.begin("emma")
    _ = try await test.pass(sum)                           // the right answer, 3 s later
    #expect(try await settings.mayOpen())

    test.advance(by: .minutes(10))                         // parent mode ends: no sleeping
    #expect(try await settings.mayOpen() == false)
}

/// The README's embedding section, as code that runs: every Swift block there marked
/// `<!-- excerpt: Tests/ParentalGateTests/EmbeddingTests.swift -->` is a run of lines of
/// this file (`ReadmeSnippetTests` checks). Public API only, no `@testable`.
@Suite("The README's embedding section")
struct EmbeddingTests {
    @Test func typedPolicyQuestionFilesAndPages() async throws {
        let test = try TestGate()
        let gate = test.gate
        try await gate.addProfile("emma")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embedding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("animals.json")
        let data = Data(#"[{"prompt": "How many legs has a spider?", "answer": 8}]"#.utf8)
        try data.write(to: url)

        try await gate.setPolicy(.lockout, to: .minutes(10), for: "emma", by: "mum")   // typed values…
        try await gate.setPolicy(.maxWrongAnswers, to: 2)                               // (the household's)
        try await gate.setPolicy(.difficulty, to: "hard", for: "emma")                  // …or text, as people type it

        try await gate.importQuestions(contentsOf: url, set: "animals", locale: "en")   // JSON or HTK plist
        let bundled = try QuestionSet(decoding: data, name: "spiders", locale: "en")    // bytes you hold
        try await gate.importQuestions(bundled, replacing: true)

        #expect(try await gate.policy(for: "emma").policy.lockout == .seconds(600))
        #expect(try await gate.policy(for: "emma").policy.maxWrongAnswers == 2)
        #expect(try await gate.questionSets().map(\.name) == ["animals", "spiders"])

        let emma = try await gate.profile(named: "emma")
        var cursor: PageCursor<AuditEntry>?
        repeat {                                               // the whole log, 500 records at a time
            let page = try await gate.auditEntries(AuditFilter(profileID: emma.id), limit: 500, after: cursor)
            for entry in page.items { print(entry.id, entry.event.kind, entry.count) }
            cursor = page.next
        } while cursor != nil
        let latest = try await gate.auditEntries(order: .newestFirst, limit: 20).items
        let answers = try await gate.attempts(AttemptFilter(profileID: emma.id), limit: 20).items

        #expect(latest.count == 6 && latest.first?.event.kind == .questionSetImported)
        #expect(answers.isEmpty)
    }

    @Test func typedThrows() async throws {
        let gate = try Gate(database: .inMemory)
        try await gate.addProfile("emma")

        var said: [String] = []
        do throws(GateError) {                                 // say the type, and catch its cases
            try await gate.addProfile("emma")
        } catch .conflict(.duplicateProfile(_, let existing)) {
            said.append("\(existing) is taken")                // what conflicted, typed
        } catch .database(let failure) where failure.isRetryable {
            said.append("busy: try again")                     // .busy, .unreachable
        } catch {
            said.append(error.description)                     // error is a GateError here
        }
        let begin = { () async throws(GateError) -> BeginResult in
            try await gate.begin(profile: "emma", client: "tablet")
        }

        // At an untyped boundary (a Hummingbird handler, a Task), cast once:
        func status(of error: any Error) -> Int {
            guard let error = error as? GateError else { return 500 }
            return error.httpStatus                            // 400, 403, 404, 409; 503 (retry), 507, 500
        }
        let task = Task { try await gate.policy(for: "liam") }
        do {
            _ = try await task.value
        } catch let error as GateError where error.subject == .profile("liam") {
            said.append("\(status(of: error)): \(error)")      // 404: no profile named 'liam'
        }

        #expect(said == ["emma is taken", "404: no profile named 'liam'"])
        guard case .challenge = try await begin() else {
            Issue.record("no challenge")
            return
        }
        #expect(try await gate.profiles().count == 1)
    }

    @Test(.hangGuard) func pushesOnLockout() async throws {
        let test = try TestGate()
        let gate = test.gate
        try await gate.addProfile("emma", displayName: "Emma")
        let lastHandled: Int64? = nil

        let updates = try await gate.updates(after: lastHandled)   // nil: from now on
        let pushes = Task {
            var sent: [String] = []
            for try await update in updates {
                guard case .recorded(let entry, let name) = update else { continue }   // else .pruned: a gap
                if entry.event.kind == .lockoutStarted {
                    sent.append("\(name ?? "a child") is locked out")   // push it to the parents' phones
                }
                // keep entry.id: after a restart, updates(after:) resumes there
                if !sent.isEmpty { break }
            }
            return sent
        }

        for _ in 0..<3 { _ = try await test.fail(try await test.begin("emma")) }
        #expect(try await pushes.value == ["Emma is locked out"])
    }
}
