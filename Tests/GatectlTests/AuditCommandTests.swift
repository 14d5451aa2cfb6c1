import Foundation
import Testing
import TestSlots

/// Splits one CSV line into its fields (RFC 4180: quoted fields, doubled quotes).
func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    let iterator = Array(line)
    var index = 0
    while index < iterator.count {
        let character = iterator[index]
        if quoted {
            if character == "\"" {
                if index + 1 < iterator.count, iterator[index + 1] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else {
                field.append(character)
            }
        } else if character == "\"" {
            quoted = true
        } else if character == "," {
            fields.append(field)
            field = ""
        } else {
            field.append(character)
        }
        index += 1
    }
    fields.append(field)
    return fields
}

@Suite("gatectl audit list, stats, verify, prune", .boundedConcurrency)
struct AuditCommandTests {
    @Test("audit list: a table for people, oldest first; --json with the documented keys")
    func list() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--by", "mum"])
        try db.ok(["policy", "set", "--profile", "emma", "--lockout", "10m", "--by", "dad"])
        let id = try db.beginChallenge("emma")

        let table = try db.ok(["audit", "list"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.first == "ID  TIME                 KIND             PROFILE  BY       DETAILS")
        #expect(table.count == 4)
        #expect(table[1].hasPrefix("1   ") && table[1].contains("  profileAdded     emma     mum      displayName=emma locale=en"))
        #expect(table[2].contains("  policyChanged    emma     dad      field=lockout new=10m old=inherited scope=profile version=1"))
        #expect(table[3].contains("  challengeIssued  emma     gatectl  deadline="))

        let json = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(json.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(json.map { $0["kind"] as? String } == ["profileAdded", "policyChanged", "challengeIssued"])
        let keys: Set<String> = [
            "id", "time", "kind", "profileId", "profile", "actor", "client", "challenge", "details", "count", "lastTime", "previousHash", "hash",
        ]
        #expect(json.allSatisfy {
            Set($0.keys).isSubset(of: keys)
                && Set($0.keys).isSuperset(of: ["id", "time", "kind", "details", "count", "lastTime", "previousHash", "hash"])
        })
        #expect(json.allSatisfy { $0["count"] as? Int == 1 && JSONOutput.sameTime($0["lastTime"], $0["time"]) })
        #expect(json.allSatisfy { JSONOutput.isTime($0["time"]) })
        #expect(json[0]["actor"] as? String == "mum")
        #expect((json[1]["details"] as? [String: String])?["new"] == "10m")
        #expect(json[2]["challenge"] as? String == id)
        #expect(json[2]["client"] as? String == "gatectl")
        #expect(try db.ok(["audit", "list", "--format", "json"]).stdout == (try db.ok(["audit", "list", "--json"]).stdout))
    }

    @Test("audit list filters: --profile, --outcome, --limit (the latest, oldest first)")
    func filters() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-wrong-answers", "3", "--min-response-time", "0s"])
        try db.ok(["profile", "add", "mia"])
        let id = try db.beginChallenge("emma")
        let answer = try db.answer(ofChallenge: id)
        try #require(try db.run(["challenge", "answer", id, String(answer + 1)]).status == 1)
        try db.ok(["challenge", "answer", id, String(answer)])

        let emma = try JSONOutput.array(try db.ok(["audit", "list", "--profile", "EMMA", "--json"]).stdout)
        #expect(!emma.isEmpty && emma.allSatisfy { $0["profile"] as? String == "emma" })
        let mia = try JSONOutput.array(try db.ok(["audit", "list", "--profile", "mia", "--json"]).stdout)
        #expect(mia.map { $0["kind"] as? String } == ["profileAdded"])

        let wrong = try JSONOutput.array(try db.ok(["audit", "list", "--outcome", "wrong", "--json"]).stdout)
        #expect(wrong.count == 1)
        #expect((wrong.first?["details"] as? [String: String])?["value"] == String(answer + 1))
        let correct = try JSONOutput.array(try db.ok(["audit", "list", "--outcome", "correct", "--json"]).stdout)
        #expect(correct.count == 1)

        let all = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        let latest = try JSONOutput.array(try db.ok(["audit", "list", "--limit", "2", "--json"]).stdout)
        #expect(latest.map { $0["id"] as? Int } == all.suffix(2).map { $0["id"] as? Int })

        let before = try db.snapshot()
        let nobody = try db.run(["audit", "list", "--profile", "nobody"])
        expectError(nobody, status: 3, message: "no profile named 'nobody', now or in the audit log")
        expectError(
            try db.run(["audit", "list", "--outcome", "maybe"]), status: 64,
            message: "unknown outcome 'maybe' (expected correct, wrong, tooFast, late, replay)")
        expectError(
            try db.run(["audit", "list", "--limit", "0"]), status: 64, message: "--limit must be between 1 and 1000000")
        expectError(
            try db.run(["audit", "list", "--since", "yesterday"]), status: 64,
            message: "The value 'yesterday' is invalid for '--since <since>'")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("audit list --since 1h lists everything recent; --until 1h and an old --since/--until window list nothing")
    func since() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "add", "mia"])
        let recent = try JSONOutput.array(try db.ok(["audit", "list", "--since", "1h", "--json"]).stdout)
        #expect(recent.count == 2)
        let old = try JSONOutput.array(try db.ok(["audit", "list", "--until", "1h", "--json"]).stdout)
        #expect(old.isEmpty)
        let window = try JSONOutput.array(try db.ok(["audit", "list", "--since", "2020-01-01", "--until", "2020-01-02T00:00:00Z", "--json"]).stdout)
        #expect(window.isEmpty)
        let sinceDate = try JSONOutput.array(try db.ok(["audit", "list", "--since", "2020-01-01", "--json"]).stdout)
        #expect(sinceDate.count == 2)
        #expect(try db.ok(["audit", "list", "--until", "1h"]).stdout == "ID  TIME  KIND  PROFILE  BY  DETAILS\n(none)\n")
    }

    @Test("audit list --format csv: a header line, then one quoted RFC 4180 line per record")
    func csv() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let name = #"Anna, "the" great"#
        try db.ok(["profile", "add", name, "--display-name", #"Anna "A, B""#, "--by", "mum"])
        try db.ok(["profile", "add", "mia", "--by", "dad"])
        let result = try db.ok(["audit", "list", "--format", "csv"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "id,time,kind,profile,actor,client,challenge,details,count,last_time")
        #expect(lines.count == 4 && lines.last == "")
        #expect(lines[1].hasPrefix(#"1,"#))
        #expect(lines[1].contains(#",profileAdded,"Anna, ""the"" great",mum,,,"#))
        let fields = csvFields(lines[1])
        #expect(fields.count == 10)
        #expect(fields[0] == "1")
        #expect(JSONOutput.isTime(fields[1]))
        #expect(fields[2] == "profileAdded")
        #expect(fields[3] == name)
        #expect(fields[4] == "mum")
        #expect(fields[5].isEmpty && fields[6].isEmpty)
        let details = try JSONOutput.object(fields[7])
        #expect(details["displayName"] as? String == #"Anna "A, B""#)
        #expect(details["locale"] as? String == "en")
        let second = csvFields(lines[2])
        #expect(second.count == 10)
        #expect(second[8] == "1" && second[9] == second[1])
        #expect(second[0] == "2" && second[2] == "profileAdded" && second[3] == "mia" && second[4] == "dad")
        let limited = try db.ok(["audit", "list", "--format", "csv", "--limit", "1"]).stdout
        #expect(limited.split(separator: "\n").count == 2)
    }

    @Test("audit stats: per profile challenges, answers, passes, failures by reason, lockouts, median response")
    func stats() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-wrong-answers", "2", "--min-response-time", "0s", "--max-failed-challenges", "10"])
        try db.ok(["profile", "add", "mia"])
        var id = try db.beginChallenge("emma")
        var answer = try db.answer(ofChallenge: id)
        try #require(try db.run(["challenge", "answer", id, String(answer + 1)]).status == 1)
        try db.ok(["challenge", "answer", id, String(answer)])
        id = try db.beginChallenge("emma")
        try db.ok(["challenge", "cancel", id])
        id = try db.beginChallenge("emma")
        answer = try db.answer(ofChallenge: id)
        try #require(try db.run(["challenge", "answer", id, String(answer + 1)]).status == 1)
        try #require(try db.run(["challenge", "answer", id, String(answer + 1)]).status == 1)
        _ = try db.beginChallenge("emma")
        _ = try db.beginChallenge("emma")

        let json = try JSONOutput.array(try db.ok(["audit", "stats", "--json"]).stdout)
        #expect(json.map { $0["profile"] as? String } == ["emma", "mia"])
        let emma = json[0]
        #expect(emma["challenges"] as? Int == 5)
        #expect(emma["attempts"] as? Int == 4)
        #expect(emma["passes"] as? Int == 1)
        #expect(emma["failedWrong"] as? Int == 1)
        #expect(emma["cancelled"] as? Int == 1)
        #expect(emma["abandoned"] as? Int == 1)
        #expect(emma["timedOut"] as? Int == 0)
        #expect(emma["lockouts"] as? Int == 0)
        #expect(JSONOutput.isNumber(emma["medianResponseMs"]))
        #expect(json[1]["medianResponseMs"] == nil)
        #expect(Set(json[1].keys) == [
            "profile", "challenges", "attempts", "passes", "failedWrong", "timedOut", "cancelled", "abandoned", "lockouts", "refusals",
            "replays",
        ])

        let table = try db.ok(["audit", "stats"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.first == "PROFILE  CHALLENGES  ANSWERS  PASSES  WRONG  TIMED OUT  CANCELLED  ABANDONED  LOCKOUTS  REFUSED  REPLAYS  MEDIAN RESPONSE")
        #expect(table.count == 3)
        #expect(table[1].split(separator: " ").prefix(9).joined(separator: " ") == "emma 5 4 1 1 0 1 1 0")
        #expect(table[2].split(separator: " ").joined(separator: " ") == "mia 0 0 0 0 0 0 0 0 0 0 -")

        let onlyMia = try JSONOutput.array(try db.ok(["audit", "stats", "--profile", "mia", "--json"]).stdout)
        #expect(onlyMia.map { $0["profile"] as? String } == ["mia"])
        let recent = try JSONOutput.array(try db.ok(["audit", "stats", "--profile", "emma", "--since", "1h", "--json"]).stdout)
        #expect(recent.first?["challenges"] as? Int == 5)
        let future = try JSONOutput.array(try db.ok(["audit", "stats", "--profile", "emma", "--since", "2999-01-01", "--json"]).stdout)
        #expect(future.first?["challenges"] as? Int ?? 0 == 0)
        expectError(try db.run(["audit", "stats", "--profile", "nobody"]), status: 3, message: "no profile named 'nobody'")
    }

    @Test("audit verify: exit 0 on an intact chain, for people and as JSON")
    func verifyIntact() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        #expect(try db.ok(["audit", "verify"]).stdout == "audit log is empty\n")
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "add", "mia"])
        try db.ok(["policy", "set", "--lockout", "10m"])
        let text = try db.ok(["audit", "verify"])
        #expect(text.stdout == "audit chain intact: 3 records (1...3)\n")
        let json = try JSONOutput.object(try db.ok(["audit", "verify", "--json"]).stdout)
        #expect(json["isIntact"] as? Bool == true)
        #expect(json["checked"] as? Int == 3)
        #expect(json["brokenRecordID"] == nil)
        #expect(json["message"] as? String == "audit chain intact: 3 records (1...3)")
    }

    @Test("audit verify exits 74 naming a record edited behind gatectl's back")
    func verifyEdited() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "add", "mia"])
        try db.ok(["profile", "add", "zoe"])
        // The schema refuses the edit; someone with the file drops the trigger first.
        try db.sqlite("DROP TRIGGER audit_log_no_update; UPDATE audit_log SET profile_name = 'mallory' WHERE id = 2;")
        let result = try db.run(["audit", "verify"])
        expectError(result, status: 74, message: "audit record 2 was altered: its contents do not match its hash")
        let json = try db.run(["audit", "verify", "--json"])
        #expect(json.status == 74)
        let report = try JSONOutput.object(json.stdout)
        #expect(report["isIntact"] as? Bool == false)
        #expect(report["brokenRecordID"] as? Int == 2)
        #expect(report["message"] as? String == "audit record 2 was altered: its contents do not match its hash")
    }

    @Test("audit verify exits 74 naming a record deleted behind gatectl's back")
    func verifyDeleted() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        for name in ["emma", "mia", "zoe"] { try db.ok(["profile", "add", name]) }
        try db.sqlite("DROP TRIGGER audit_log_no_delete; DELETE FROM audit_log WHERE id = 2;")
        let result = try db.run(["audit", "verify"])
        expectError(result, status: 74, message: "audit record 2 is missing (deleted): record 3 follows record 1")
    }

    @Test("audit prune below the retention is refused (64, nothing changes); --older-than 400d is allowed and the chain stays intact")
    func prune() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["policy", "set", "--lockout", "10m"])
        let before = try db.snapshot()
        for age in ["1d", "364d"] {
            let refused = try db.run(["audit", "prune", "--older-than", age])
            #expect(refused.status == 64)
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.hasPrefix("error: auditRetention \(age) is out of range (allowed: at least the "), "\(refused.stderr)")
            #expect(refused.stderr.hasSuffix(" auditRetention, 365d)\n") || refused.stderr.hasSuffix(" auditRetention in force, 365d)\n"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        expectError(
            try db.run(["audit", "prune", "--older-than", "soon"]), status: 64,
            message: "The value 'soon' is invalid for '--older-than <older-than>'")
        expectUnchanged(try db.snapshot(), before)

        let text = try db.run(["audit", "prune", "--older-than", "400d", "--by", "mum"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.first?.hasPrefix("older than       ") == true)
        #expect(Array(lines.dropFirst(1).prefix(4)) == ["audit records    0", "challenges       0", "attempts         0", "sessions         0"])
        #expect(lines.last?.hasPrefix("space reclaimed  ") == true && lines.last?.hasSuffix(" bytes") == true)
        let json = try JSONOutput.object(try db.ok(["audit", "prune", "--json"]).stdout)
        #expect(Set(json.keys).isSuperset(of: ["cutoff", "auditRecords", "challenges", "attempts", "sessions", "bytesReclaimed"]))
        #expect(json["auditRecords"] as? Int == 0)
        #expect(JSONOutput.isTime(json["cutoff"]))
        let cutoff = try #require(JSONOutput.date(json["cutoff"]))
        #expect(abs(cutoff.timeIntervalSinceNow + 365 * 86_400) < 600, "the default is the retention, 365d")
        let verify = try db.run(["audit", "verify"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("audit chain intact: "))
        #expect(try db.ok(["profile", "list"]).stdout.contains("emma"))
    }
}

extension AuditCommandTests {
    @Test("audit list --json gives the times inside details in ISO 8601, as every other time; the table in local time")
    func detailTimes() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--max-failed-challenges", "1"])
        let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let id = try #require((begun["challenge"] as? [String: Any])?["id"] as? String)
        #expect(try db.run(["challenge", "cancel", id]).status == 2, "cancelled, and so locked out")
        let entries = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        let lockout = try #require(entries.first { $0["kind"] as? String == "lockoutStarted" })
        let until = try #require((lockout["details"] as? [String: String])?["until"])
        #expect(until.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(until)")
        let issued = try #require(entries.first { $0["kind"] as? String == "challengeIssued" })
        let deadline = try #require((issued["details"] as? [String: String])?["deadline"])
        #expect(deadline.hasSuffix("Z") && deadline.contains("T"), "\(deadline)")
        #expect(try db.sqlite("SELECT json_extract(details, '$.until') FROM audit_log WHERE kind = 'lockoutStarted'")
            .trimmingCharacters(in: .whitespacesAndNewlines).allSatisfy(\.isNumber), "stored as milliseconds: the chain hashes them")
    }
}
