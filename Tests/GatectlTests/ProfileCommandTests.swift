import Foundation
import Testing
import TestSlots

@Suite("gatectl profile add, list, show, rename, disable, enable, remove", .boundedConcurrency)
struct ProfileCommandTests {
    @Test("profile add prints the new profile for people and as JSON")
    func add() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let added = try db.run(["profile", "add", "emma", "--display-name", "Emma", "--locale", "ru-RU"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added profile emma (Emma, ru-RU)\n")
        #expect(added.stderr == "note: created a new database at \(db.path)\n", "the first command makes the database and says so")

        let json = try db.run(["profile", "add", "Mia", "--locale", "de", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let profile = try JSONOutput.object(json.stdout)
        #expect(Set(profile.keys) == ["id", "name", "displayName", "locale", "enabled", "createdAt", "updatedAt"])
        #expect(profile["name"] as? String == "Mia")
        #expect(profile["displayName"] as? String == "Mia")
        #expect(profile["locale"] as? String == "de")
        #expect(profile["enabled"] as? Bool == true)
        #expect(JSONOutput.isTime(profile["createdAt"]))
        #expect(JSONOutput.isTime(profile["updatedAt"]))
    }

    @Test("profile list: a table for people, an array for scripts, (none) when empty")
    func list() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let empty = try db.ok(["profile", "list"])
        #expect(empty.stdout == "NAME  DISPLAY NAME  LOCALE  ENABLED\n(none)\n")
        #expect(try JSONOutput.value(try db.ok(["profile", "list", "--json"]).stdout) as? [Any] != nil)

        try db.ok(["profile", "add", "emma", "--display-name", "Emma", "--locale", "ru-RU"])
        try db.ok(["profile", "add", "mia", "--locale", "de"])
        try db.ok(["profile", "disable", "mia"])
        let table = try db.ok(["profile", "list"])
        #expect(table.stdout == """
            NAME  DISPLAY NAME  LOCALE  ENABLED
            emma  Emma          ru-RU   yes
            mia   mia           de      no

            """)
        let json = try JSONOutput.array(try db.ok(["profile", "list", "--json"]).stdout)
        #expect(json.map { $0["name"] as? String } == ["emma", "mia"])
        #expect(json.map { $0["enabled"] as? Bool } == [true, false])
        #expect(json.map { $0["locale"] as? String } == ["ru-RU", "de"])
    }

    @Test("profile show: state, effective policy and last attempts; JSON with profile, state, policy, attempts")
    func show() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", locale: "ru-RU", policy: ["--max-wrong-answers", "3", "--min-response-time", "0s"])
        let id = try db.beginChallenge("emma")
        let answer = try db.answer(ofChallenge: id)
        let wrong = try db.run(["challenge", "answer", id, String(answer + 1), "--client", "tablet"])
        #expect(wrong.status == 1)

        let text = try db.ok(["profile", "show", "emma"])
        #expect(text.stdout.hasPrefix("""
            name          emma
            display name  emma
            locale        ru-RU
            enabled       yes
            state         verifying (challenge \(id) until
            """))
        #expect(text.stdout.contains("maxWrongAnswers      3           profile\n"))
        #expect(text.stdout.contains("lockout              5m          default\n"))
        #expect(text.stdout.contains("guess resistance: a child guessing with the best strategy passes\n"))
        #expect(text.stdout.contains("last attempts\nANSWERED             VALUE"))
        let row = text.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let cells = row.split(separator: " ").map(String.init)
        #expect(cells.count == 6 && cells[2] == String(answer + 1) && cells[3] == "wrong" && cells[5] == "tablet", "\(row)")

        let json = try JSONOutput.object(try db.ok(["profile", "show", "emma", "--json"]).stdout)
        #expect(Set(json.keys) == ["profile", "state", "policy", "attempts"])
        let profile = try #require(json["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "emma")
        let state = try #require(json["state"] as? [String: Any])
        #expect(state["state"] as? String == "verifying")
        let policy = try #require(json["policy"] as? [String: Any])
        #expect((policy["fields"] as? [Any])?.count == PolicyCommandTests.fields.count)
        let attempts = try #require(json["attempts"] as? [[String: Any]])
        #expect(attempts.count == 1)
        #expect(Set(attempts.first?.keys.map { $0 } ?? []) == [
            "id", "challenge", "profileId", "value", "outcome", "responseMs", "answeredAt", "client", "count",
        ], "the README's shape")
        #expect(attempts.first?["count"] as? Int == 1)
        #expect(attempts.first?["value"] as? Int == answer + 1)
        #expect(attempts.first?["outcome"] as? String == "wrong")
        #expect(attempts.first?["client"] as? String == "tablet")
        #expect(attempts.first?["challenge"] as? String == id)
        #expect(JSONOutput.isTime(attempts.first?["answeredAt"]))

        let none = try JSONOutput.object(try db.ok(["profile", "show", "emma", "--attempts", "0", "--json"]).stdout)
        #expect((none["attempts"] as? [Any])?.isEmpty == true)
        expectError(
            try db.run(["profile", "show", "emma", "--attempts", "1001"]), status: 64,
            message: "--attempts must be between 0 and 1000")
    }

    @Test("profile rename keeps the display name; the old name is gone; JSON shows the profile")
    func rename() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma", "--display-name", "Emma"])
        let renamed = try db.run(["profile", "rename", "emma", "Emmy"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout == "renamed emma to Emmy\n")
        expectError(try db.run(["status", "emma"]), status: 3, message: "no profile named 'emma'")

        let json = try JSONOutput.object(try db.ok(["profile", "rename", "EMMY", "em", "--json"]).stdout)
        #expect(json["name"] as? String == "em")
        #expect(json["displayName"] as? String == "Emma")
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.map { $0["kind"] as? String } == ["profileAdded", "profileRenamed", "profileRenamed"])
    }

    @Test("profile disable closes the gate; enable opens it again; both print the profile")
    func disableEnable() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let disabled = try db.ok(["profile", "disable", "emma", "--by", "dad"])
        #expect(disabled.stdout == "disabled emma\n")
        #expect(try db.ok(["status", "emma"]).stdout == "emma: disabled\n")
        let begin = try db.run(["challenge", "begin", "emma"])
        #expect(begin.status == 1)
        #expect(begin.stdout == "emma is disabled\n")
        let beginJSON = try db.run(["challenge", "begin", "emma", "--json"])
        #expect(beginJSON.status == 1)
        #expect(try JSONOutput.object(beginJSON.stdout)["result"] as? String == "disabled")

        let json = try JSONOutput.object(try db.ok(["profile", "enable", "emma", "--json"]).stdout)
        #expect(json["enabled"] as? Bool == true)
        #expect(try db.ok(["status", "emma"]).stdout == "emma: child (closed, a challenge may begin)\n")
        let disabledJSON = try JSONOutput.object(try db.ok(["profile", "disable", "emma", "--json"]).stdout)
        #expect(disabledJSON["enabled"] as? Bool == false)
        let enabled = try db.ok(["profile", "enable", "emma"])
        #expect(enabled.stdout == "enabled emma\n")
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.first { $0["kind"] as? String == "profileDisabled" }?["actor"] as? String == "dad")
    }

    @Test("profile remove without --yes asks; 'n' keeps the profile (exit 1, nothing written)")
    func removeDeclined() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m"])
        let before = try db.snapshot()
        let result = try db.run(["profile", "remove", "emma"], input: "n\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Remove profile 'emma' with its policy, challenges, attempts and sessions? Its audit history stays. [y/N] "))
        #expect(result.stderr.hasSuffix("\nerror: not removed: confirm with y, or pass --yes\n"), "the refusal is a line of its own")
        expectUnchanged(try db.snapshot(), before)

        let noAnswer = try db.run(["profile", "remove", "emma"], input: "")
        #expect(noAnswer.status == 1)
        expectUnchanged(try db.snapshot(), before)
        #expect(try db.ok(["profile", "list"]).stdout.contains("emma"))
    }

    @Test("profile remove answered 'y' removes the profile; its audit history stays")
    func removeConfirmed() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m"])
        try db.ok(["profile", "add", "mia"])
        let result = try db.run(["profile", "remove", "emma", "--by", "dad"], input: "y\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "removed emma\n")
        #expect(try db.ok(["profile", "list"]).stdout.contains("emma") == false)
        expectError(try db.run(["status", "emma"]), status: 3, message: "no profile named 'emma'")

        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        let emma = audit.filter { $0["profile"] as? String == "emma" }
        #expect(emma.map { $0["kind"] as? String } == ["profileAdded", "policyChanged", "profileRemoved"])
        #expect(emma.last?["actor"] as? String == "dad")

        let yes = try db.run(["profile", "remove", "mia", "--yes", "--json"])
        #expect(yes.status == 0, "\(yes.stderr)")
        #expect(try JSONOutput.object(yes.stdout)["removed"] as? String == "mia")
        #expect(yes.stderr.isEmpty, "--yes must not ask")
        #expect(try db.ok(["profile", "list", "--json"]).stdout.contains("mia") == false)
    }

    @Test("audit list --profile still reaches a removed profile's history")
    func removedProfileHistory() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "remove", "emma", "--yes"])
        try db.ok(["profile", "add", "mia"])
        let result = try db.run(["audit", "list", "--profile", "EMMA", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try JSONOutput.array(result.stdout)
        #expect(entries.map { $0["kind"] as? String } == ["profileAdded", "profileRemoved"])
        #expect(entries.allSatisfy { $0["profile"] as? String == "emma" })
    }

    @Test("an unknown profile is 'not found' (exit 3) for every profile command, and nothing changes")
    func unknownProfile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        for command in [
            ["profile", "show", "nobody"], ["profile", "rename", "nobody", "someone"], ["profile", "disable", "nobody"],
            ["profile", "enable", "nobody"], ["profile", "remove", "nobody", "--yes"], ["status", "nobody"],
            ["profile", "show", "nobody", "--json"],
        ] {
            expectError(try db.run(command), status: 3, message: "no profile named 'nobody'")
        }
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a duplicate name in another case is refused (exit 64) for add and rename, and nothing changes")
    func duplicateName() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["profile", "add", "Ёлка"])
        let before = try db.snapshot()
        expectError(
            try db.run(["profile", "add", "EMMA", "--display-name", "Emma"]), status: 64,
            message: "a profile named 'emma' already exists (names are compared ignoring case)")
        expectError(
            try db.run(["profile", "add", "emma"]), status: 64, message: "a profile named 'emma' already exists")
        expectError(
            try db.run(["profile", "add", "ЁЛКА"]), status: 64,
            message: "a profile named 'Ёлка' already exists (names are compared ignoring case)")
        expectError(
            try db.run(["profile", "rename", "ёлка", "Emma"]), status: 64,
            message: "a profile named 'emma' already exists (names are compared ignoring case)")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("malformed names and locales are refused (exit 64) with one line, and nothing changes")
    func malformedInput() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        expectError(try db.run(["profile", "add", ""]), status: 64, message: "profile name must not be empty")
        expectError(try db.run(["profile", "add", "   "]), status: 64, message: "profile name must not be empty")
        expectError(
            try db.run(["profile", "add", "mia", "--locale", "xx_!!"]), status: 64,
            message: "'xx_!!' is not a locale tag (expected BCP 47, like en, ru-RU or zh-Hant-TW)")
        expectError(
            try db.run(["profile", "add", "mia", "--locale", "qq"]), status: 64,
            message: "unknown language 'qq' (expected an ISO 639 code, like en, ru or de)")
        expectError(try db.run(["profile", "rename", "emma", ""]), status: 64, message: "profile name must not be empty")
        let tooLong = try db.run(["profile", "add", String(repeating: "a", count: 65)])
        #expect(tooLong.status == 64)
        #expect(tooLong.stderr.hasPrefix("error: profile name is longer than"))
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("administrative changes record who made them: --by, else $SUDO_USER, else $USER")
    func actor() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "a", "--by", "mum"], environment: ["SUDO_USER": "admin", "USER": "login"])
        try db.ok(["profile", "add", "b"], environment: ["SUDO_USER": "admin", "USER": "login"])
        var expected: [String?] = ["mum", "admin"]
        if ProcessInfo.processInfo.environment["SUDO_USER"] == nil {
            try db.ok(["profile", "add", "c"], environment: ["USER": "login"])
            expected.append("login")
        }
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.map { $0["actor"] as? String } == expected)
        #expect(audit.allSatisfy { $0["kind"] as? String == "profileAdded" })
    }
}
