import Foundation
import Testing
import TestSlots

/// The daemon as an operator runs it: its version, a line when it starts and stops, SIGHUP.
@Suite("parental-gated: version, start and stop lines, SIGHUP", .boundedConcurrency)
struct DaemonOperationsTests {
    @Test("--version prints the version gatectl prints")
    func version() throws {
        let daemon = try GatectlProcess.run(["--version"], executable: try GatectlProcess.daemon)
        let gatectl = try GatectlProcess.run(["--version"])
        #expect(daemon.status == 0 && gatectl.status == 0)
        #expect(!daemon.stdout.isEmpty && daemon.stdout == gatectl.stdout, "\(daemon.stdout) \(gatectl.stdout)")
    }

    @Test("it logs its version, database and configuration at start and a line at stop; SIGHUP is logged and ends nothing")
    func startHangUpStop() async throws {
        let daemon = try await RunningDaemon.start()
        let version = try GatectlProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(daemon.log.contains("parental-gated \(version) starting"), "\(daemon.log)")
        #expect(daemon.log.contains("config=none") && daemon.log.contains("database=\(daemon.root.path("state/gate.sqlite"))"), "\(daemon.log)")
        kill(daemon.process.pid, SIGHUP)
        #expect(await daemon.process.waitForError("SIGHUP: nothing is reloaded"), "\(daemon.log)")
        let served = try daemon.gatectl(["profile", "add", "emma", "--by", "mum"])
        #expect(served.status == 0, "it still serves after SIGHUP: \(served.stderr)")
        let ended = daemon.stop()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(ended.stderr.contains("parental-gated \(version) stopped"), "\(ended.stderr)")
    }
}

extension DaemonOperationsTests {
    @Test("with standard error the journal's stream, each log line starts with its syslog priority and has no time of its own")
    func journalPriorities() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let daemon = try InteractiveGatectl(
            ["--database", scratch.path("gate.sqlite"), "--port", "0", "--log-level", "debug"], executable: try GatectlProcess.daemon,
            errorsToJournal: true)
        _ = try await daemon.waitForLine(startingWith: "serving on ")
        kill(daemon.pid, SIGHUP)
        #expect(await daemon.waitForError("SIGHUP"))
        let ended = daemon.finish(timeout: 0)
        let lines = ended.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.wholeMatch(of: /<[2-7]>\S.*/) != nil }, "\(ended.stderr)")
        #expect(lines.contains { $0.hasPrefix("<5>parental-gated ") && $0.contains(" starting") }, "a notice is <5>: \(ended.stderr)")
        #expect(lines.contains { $0.hasPrefix("<5>SIGHUP: nothing is reloaded") }, "\(ended.stderr)")
        #expect(!ended.stderr.contains(" notice "), "no level or time written out: the journal has its own")
    }
}
