import Foundation
import Testing
import TestSlots

/// A script hammering a locked gate through the real binary: the file stays the same size,
/// and every audit output shows one record per kind with its count and first and last time.
@Suite("gatectl: repeated refusals and replays are one audit record with a count", .boundedConcurrency)
struct AuditRepeatsCommandTests {
    /// The database's size in pages, log included (what the file holds once checkpointed).
    private static func databaseBytes(_ db: TestDatabase) throws -> Int {
        let text = try db.sqlite("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size();")
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("100 refused begins and 100 replays: the database does not grow; list, CSV, stats and verify show the counts")
    func hammeringThroughTheBinary() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "1", "--lockout", "1h", "--min-response-time", "0s"])
        let id = try db.beginChallenge("emma")
        let wrong = try db.answer(ofChallenge: id) + 1
        #expect(try db.run(["challenge", "answer", id, String(wrong)]).status == 2)
        let before = try Self.databaseBytes(db)

        let rounds = 100
        for round in 0..<rounds {
            let begin = try db.run(["challenge", "begin", "emma", "--client", "script-\(round)"])
            try #require(begin.status == 2, "begin \(round): \(begin.stderr)")
            let replay = try db.run(["challenge", "answer", id, String(round)])
            try #require(replay.status == 1, "replay \(round): \(replay.stderr)")
        }
        let after = try Self.databaseBytes(db)
        print("gatectl hammering: database \(before) -> \(after) bytes for \(2 * rounds) refused requests")
        #expect(after - before <= 16 * 1024)

        let json = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        let refused = try #require(json.first { $0["kind"] as? String == "beginRefused" })
        let replayed = try #require(json.first { $0["kind"] as? String == "replayRefused" })
        #expect(json.filter { ["beginRefused", "replayRefused"].contains($0["kind"] as? String) }.count == 2)
        #expect(refused["count"] as? Int == rounds)
        #expect(replayed["count"] as? Int == rounds)
        #expect(refused["client"] as? String == "script-0")
        #expect(JSONOutput.isTime(refused["lastTime"]))
        let first = try #require(JSONOutput.date(refused["time"]))
        let last = try #require(JSONOutput.date(refused["lastTime"]))
        #expect(last > first)
        let single = try #require(json.first { $0["kind"] as? String == "profileAdded" })
        #expect(single["count"] as? Int == 1)
        #expect(JSONOutput.sameTime(single["lastTime"], single["time"]))

        let csv = try db.ok(["audit", "list", "--format", "csv"]).stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "id,time,kind,profile,actor,client,challenge,details,count,last_time")
        let csvRow = try #require(csv.map(csvFields).first { $0[2] == "beginRefused" })
        #expect(csvRow[8] == String(rounds))
        #expect(csvRow[9] == refused["lastTime"] as? String)

        let table = try db.ok(["audit", "list"]).stdout
        #expect(table.contains("beginRefused") && table.contains("\(rounds) times, last "))

        let stats = try JSONOutput.array(try db.ok(["audit", "stats", "--json"]).stdout)
        #expect(stats.first?["refusals"] as? Int == rounds)
        #expect(stats.first?["replays"] as? Int == rounds)
        let statsTable = try db.ok(["audit", "stats"]).stdout
        #expect(statsTable.contains("REFUSED") && statsTable.contains("REPLAYS"))

        let open = try db.ok(["audit", "verify"])
        #expect(open.stdout.hasSuffix("; 2 runs of repeats still counting (each sealed by its profile's next record)\n"))
        try db.ok(["unlock", "emma", "--by", "mum"])
        let sealed = try db.ok(["audit", "verify"])
        #expect(sealed.stdout.hasPrefix("audit chain intact: ") && !sealed.stdout.contains("still counting"))
        let unlock = try #require(try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout).last)
        let seal = (unlock["details"] as? [String: String])?["sealedRuns"] ?? ""
        #expect(seal.hasPrefix("\(refused["id"] as? Int ?? 0):\(rounds):"))
    }
}
