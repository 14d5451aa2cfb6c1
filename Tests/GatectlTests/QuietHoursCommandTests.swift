import Foundation
import Testing
import TestSlots

/// Quiet hours through gatectl on a file, on the real clock: always quiet (two windows that
/// meet around the clock), so no time of day makes the test differ.
@Suite("gatectl and quiet hours", .boundedConcurrency)
struct QuietHoursCommandTests {
    static let always = "daily 00:00-12:00; daily 12:00-00:00"

    @Test("policy set --quiet-hours --time-zone; status, the terminal gate and challenge begin say so (exit 2); malformed values change nothing")
    func quietHours() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", locale: "de")
        let before = try db.snapshot()
        expectError(try db.run(["policy", "set", "--profile", "emma", "--quiet-hours", "mon 25:00-07:00"]), status: 64,
                    message: "'mon 25:00-07:00' is not a valid quietHours (expected times are HH:MM-HH:MM, from 00:00 to 23:59; e.g. mon-thu,sun 20:30-07:00; fri,sat 22:00-08:00, or off)")
        let zone = try db.run(["policy", "set", "--time-zone", "Mars/Olympus_Mons"])
        #expect(zone.status == 64 && zone.stderr.contains("Mars/Olympus_Mons") && zone.stderr.contains("IANA"), "\(zone.stderr)")
        expectUnchanged(try db.snapshot(), before)

        try db.ok(["policy", "set", "--profile", "emma", "--quiet-hours", Self.always, "--time-zone", "UTC"])
        let shown = try db.ok(["policy", "show", "--profile", "emma"]).stdout
        #expect(shown.contains("quietHours") && shown.contains(Self.always) && shown.contains("UTC"), "\(shown)")

        let status = try db.ok(["status", "emma"]).stdout
        #expect(status.contains("quiet hours until ") && status.contains("a parent's code or approval still opens it"), "\(status)")
        #expect(status.split(separator: "\n").last?.hasPrefix("Ruhezeit. Der Zugang öffnet sich wieder in ") == true, "in emma's language: \(status)")
        let json = try JSONOutput.object(try db.ok(["status", "emma", "--json"]).stdout)
        #expect(json["state"] as? String == "quietHours" && JSONOutput.isTime(json["until"]), "\(json)")

        let gate = try db.run(["gate", "emma"])
        #expect(gate.status == 2 && gate.stdout.hasPrefix("Ruhezeit. Der Zugang öffnet sich wieder in "), "\(gate.stdout)")
        let begin = try db.run(["challenge", "begin", "emma"])
        #expect(begin.status == 2 && begin.stdout.hasPrefix("quiet hours until "), "\(begin.stdout)")
        let beginJSON = try JSONOutput.object(try db.run(["challenge", "begin", "emma", "--json"]).stdout)
        #expect(beginJSON["result"] as? String == "quietHours" && JSONOutput.isTime(beginJSON["until"]))
        #expect(try db.count("challenges") == 0)

        try db.ok(["policy", "set", "--profile", "emma", "--quiet-hours", "off"])
        #expect(try db.ok(["status", "emma"]).stdout.contains("child"))
    }

    @Test("through the daemon: the terminal gate at the gate socket and status say quiet hours, in the child's language")
    func throughDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.kill() }
        try daemon.ok(["profile", "add", "emma", "--locale", "de"])
        try daemon.ok(["policy", "set", "--profile", "emma", "--quiet-hours", Self.always, "--time-zone", "UTC"])
        let gate = try daemon.gatectl(["gate", "emma"], gate: true)
        #expect(gate.status == 2 && gate.stdout.hasPrefix("Ruhezeit. Der Zugang öffnet sich wieder in "), "\(gate.stdout) \(gate.stderr)")
        let status = try daemon.gatectl(["status", "emma", "--json"], gate: true)
        #expect(try JSONOutput.object(status.stdout)["state"] as? String == "quietHours", "\(status.stdout) \(status.stderr)")
    }
}
