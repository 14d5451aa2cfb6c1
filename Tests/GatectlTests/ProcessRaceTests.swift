import Foundation
import Testing
import TestSlots

/// Separate processes on one database file at once: the lockout is a security boundary, and
/// the best-known lockout libraries have shipped races where parallel attempts slipped past
/// the limit. SPEC rule 1: one `BEGIN IMMEDIATE` transaction per operation.
@Suite("Races between processes", .boundedConcurrency)
struct ProcessRaceTests {
    @Test("16 processes answer one challenge wrong at once: exactly maxWrongAnswers count, and one lockout")
    func wrongAnswersFromProcesses() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-wrong-answers", "3", "--max-failed-challenges", "1"])
        let id = try db.beginChallenge("emma")
        var group = ProcessGroup()
        for value in 0..<16 {
            try group.start(try GatectlProcess.binary, ["challenge", "answer", id, String(1000 + value), "--json", "--database", db.path])
        }
        let finished = group.wait()
        let results = finished.compactMap { try? JSONOutput.object($0.stdout)["result"] as? String }
        #expect(results.count == 16, "\(finished.map(\.stderr))")
        #expect(results.filter { $0 == "wrong" }.count == 2)
        #expect(results.filter { $0 == "lockedOut" }.count == 1)
        #expect(results.filter { $0 == "alreadyEnded" }.count == 13)
        #expect(finished.filter { $0.status == 2 }.count == 1)
        let counted = try db.sqlite("SELECT count(*) FROM attempts WHERE outcome IN ('wrong', 'tooFast')")
        #expect(counted.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        let lockouts = try db.sqlite("SELECT count(*) FROM audit_log WHERE kind = 'lockoutStarted'")
        #expect(lockouts.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        try db.ok(["audit", "verify"])
    }

    @Test("12 processes begin at once: one challenge stays open, every other ends exactly once")
    func beginsFromProcesses() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "100"])
        var group = ProcessGroup()
        for _ in 0..<12 {
            try group.start(try GatectlProcess.binary, ["challenge", "begin", "emma", "--json", "--database", db.path])
        }
        let finished = group.wait()
        #expect(finished.allSatisfy { $0.status == 0 }, "\(finished.map(\.stderr))")
        let open = try db.sqlite("SELECT count(*) FROM challenges WHERE status = 'open'")
        #expect(open.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let abandoned = try db.sqlite("SELECT count(*) FROM challenges WHERE status = 'abandoned'")
        #expect(abandoned.trimmingCharacters(in: .whitespacesAndNewlines) == "11")
        let failures = try db.sqlite("SELECT failures_in_row FROM gate_states")
        #expect(failures.trimmingCharacters(in: .whitespacesAndNewlines) == "11")
        try db.ok(["audit", "verify"])
    }

    @Test("a process killed with SIGKILL at random moments loses no acknowledged answer and leaves a sound file", arguments: 1...6)
    func killedMidWrite(round: Int) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "100"])
        let acknowledged = try Self.stressAndKill([db.path, "emma", "100000"])
        #expect(!acknowledged.isEmpty)
        #expect(try db.sqlite("PRAGMA integrity_check").trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        #expect(try db.sqlite("PRAGMA foreign_key_check").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        try db.ok(["audit", "verify"])
        for (id, _) in acknowledged {
            let recorded = try db.sqlite("SELECT count(*) FROM attempts WHERE challenge_id = '\(id)' AND outcome IN ('wrong', 'tooFast')")
            #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "acknowledged answer to \(id) is missing")
        }
    }

    /// Runs `gate-stress arguments` four times, each killed with SIGKILL after a random number
    /// (1 to 40) of acknowledged answers, somewhere inside the next write; returns every
    /// answer it acknowledged in a complete line.
    static func stressAndKill(_ arguments: [String]) throws -> [(id: String, outcome: String)] {
        let stress = try GatectlProcess.binary.deletingLastPathComponent().appendingPathComponent("gate-stress")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [(id: String, outcome: String)] = []
        for _ in 0..<4 {
            let process = Process()
            process.executableURL = stress
            process.arguments = arguments
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill after a random number of acknowledged answers: somewhere inside the next write.
            let target = Int.random(in: 1...40, using: &generator)
            var buffer = Data()
            var lines: [String] = []
            while lines.count < target {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            buffer.append(stdout.fileHandleForReading.readDataToEndOfFile())
            let text = String(decoding: buffer, as: UTF8.self)
            // Only complete lines were acknowledged.
            let complete = text.hasSuffix("\n") ? text : String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)])
            for line in complete.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 3, parts[0] == "ack" { acknowledged.append((String(parts[1]), String(parts[2]))) }
            }
        }
        return acknowledged
    }
}
