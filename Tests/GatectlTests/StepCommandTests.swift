import Foundation
import Testing
import TestSlots

/// Steps through the real gatectl: the terminal gate's hold (Enter, then Enter again, timed by
/// the gate), and two targets left out for a terminal, which cannot draw them.
@Suite("gatectl and steps before the question", .boundedConcurrency)
struct StepCommandTests {
    @Test("on a file: the hold's words; Enter twice at once is let go too soon, refused and counted, until the challenge fails (exit 1)")
    func holdOnFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--step", "hold", "--hold-time", "1s", "--max-wrong-answers", "2", "--min-response-time", "0s"])
        let gate = try db.run(["gate", "emma"], input: "\n\n\n\n")
        #expect(gate.status == 1, "\(gate.stdout) \(gate.stderr)")
        let lines = gate.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "> ")) }
        #expect(lines.filter { $0 == "Press Enter, wait 1 second, then press Enter again." }.count == 2, "\(gate.stdout)")
        #expect(lines.contains("That did not count. Wrong answer. Tries left: 1."), "\(gate.stdout)")
        #expect(lines.contains { $0.hasPrefix("That did not count. Wrong answer. The gate stays closed.") }, "\(gate.stdout)")
        #expect(!gate.stdout.contains("What is"), "the question is never asked before the hold: \(gate.stdout)")
        let reasons = try db.sqlite("SELECT json_extract(details, '$.reason') FROM audit_log WHERE kind = 'stepRefused'")
        #expect(reasons.split(separator: "\n") == ["releasedEarly", "releasedEarly"])
    }

    @Test("through the daemon's gate socket: the hold's press and release reach the daemon's gate")
    func holdThroughDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.kill() }
        try daemon.ok(["profile", "add", "emma", "--locale", "fr"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--step", "hold", "--hold-time", "2s", "--max-wrong-answers", "1"])
        let gate = try daemon.gatectl(["gate", "emma"], gate: true, input: "\n\n")
        #expect(gate.status == 1, "\(gate.stdout) \(gate.stderr)")
        #expect(gate.stdout.hasPrefix("Appuie sur Entrée, attends 2") && gate.stdout.contains("secondes, puis appuie de nouveau sur Entrée.\n"), "\(gate.stdout)")
        #expect(gate.stdout.contains("Cela ne compte pas."), "\(gate.stdout)")
    }

    @Test("two targets: the terminal is asked without them (it cannot draw them), says so, and the question is answered")
    func twoTargetsLeftOut() throws {
        let db = try BrowserTests.stepDatabase(["--step", "twoTargets"])
        defer { db.remove() }
        let gate = try db.run(["gate", "emma"], input: "8\n")
        #expect(gate.status == 0, "\(gate.stdout) \(gate.stderr)")
        #expect(gate.stdout.hasPrefix("This gate moves, so it needs the gate page in a browser; here you answer without it."), "\(gate.stdout)")
        #expect(try db.sqlite("SELECT outcome FROM attempts").trimmingCharacters(in: .whitespacesAndNewlines) == "correct")
        #expect(try db.sqlite("SELECT shown_still || ' ' || (step IS NULL) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "1 1")
    }

    @Test("policy set refuses a hold as long as the time limit, a first touch as long as it, and speeds the wrong way round; nothing changes")
    func inconsistent() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let before = try db.snapshot()
        expectError(try db.run(["policy", "set", "--profile", "emma", "--step", "hold", "--hold-time", "30s", "--time-limit", "30s"]), status: 64,
                    message: "inconsistent policy: for profile 'emma', holdTime 30s must be shorter than timeLimit 30s, or no hold can be passed in time")
        expectError(try db.run(["policy", "set", "--profile", "emma", "--answer-format", "drag", "--drag-first-touch", "5s", "--time-limit", "5s", "--min-response-time", "0s"]), status: 64,
                    message: "inconsistent policy: for profile 'emma', dragFirstTouch 5s must be shorter than timeLimit 5s")
        expectError(try db.run(["policy", "set", "--drag-min-speed", "300"]), status: 64,
                    message: "inconsistent policy: dragMinSpeed 300 must not exceed dragMaxSpeed 199")
        expectUnchanged(try db.snapshot(), before)
    }
}
