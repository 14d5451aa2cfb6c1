import Foundation
import Testing
import TestSlots

/// The drag gate through the real gatectl: the terminal cannot draw moving balls, so it says
/// so in the child's language and offers the same options to pick.
@Suite("gatectl and the drag gate", .boundedConcurrency)
struct DragCommandTests {
    /// `emma` (German) is asked the spider question (8) as a drag.
    static let policy = [
        "--question-source", "questionSet:spiders", "--min-response-time", "0s", "--answer-format", "drag", "--choice-count", "4",
    ]

    static func spiders(_ run: ([String]) throws -> Void) throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>question</key><string>Wie viele Beine hat eine Spinne?</string>\
            <key>answer_number</key><integer>8</integer></dict></array></plist>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spiders-\(UUID().uuidString).plist")
        try plist.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try run(["questions", "import", file.path, "--set", "spiders", "--locale", "de"])
    }

    @Test("on a file: gate says the balls need the page and offers the options (passed by picking); challenge begin gives the motion; a value for it is refused")
    func onFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try Self.spiders { try db.ok($0) }
        try db.addProfile("emma", locale: "de", policy: Self.policy)
        let gate = try db.run(["gate", "emma"], input: "8\n")
        #expect(gate.status == 0, "\(gate.stdout) \(gate.stderr)")
        let lines = gate.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Diese Prüfung bewegt sich und braucht die Seite im Browser; hier antwortest du ohne sie.", "\(gate.stdout)")
        #expect(lines.dropFirst().first == "Wie viele Beine hat eine Spinne?" && lines.contains { $0.hasPrefix("  a) ") })
        #expect(try db.sqlite("SELECT shown_still || ' ' || answer_format || ' ' || (motion IS NULL) FROM challenges").trimmingCharacters(in: .whitespacesAndNewlines) == "1 choice 1")

        let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let challenge = try #require(begun["challenge"] as? [String: Any])
        #expect(challenge["format"] as? String == "drag" && (challenge["motion"] as? [String: Any])?["balls"] is [Any], "\(challenge)")
        let id = try #require(challenge["id"] as? String)
        let refused = try db.run(["challenge", "answer", id, "8"])
        #expect(refused.status != 0 && refused.stderr.contains("answered by dragging its ball into the box"), "\(refused.stderr)")
        #expect(try db.count("attempts") == 1, "only the terminal gate's pick was recorded")
    }

    @Test("through the daemon's gate socket: the same words and options, and a pass")
    func throughDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.kill() }
        try Self.spiders { try daemon.ok($0) }
        try daemon.ok(["profile", "add", "emma", "--locale", "de"])
        try daemon.ok(["policy", "set", "--profile", "emma"] + Self.policy)
        let gate = try daemon.gatectl(["gate", "emma"], gate: true, input: "8\n")
        #expect(gate.status == 0, "\(gate.stdout) \(gate.stderr)")
        #expect(gate.stdout.hasPrefix("Diese Prüfung bewegt sich"), "\(gate.stdout)")
    }
}
