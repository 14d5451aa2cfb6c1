import Foundation
import Testing
import TestSlots

@Suite("gatectl policy show, set, reset, history", .boundedConcurrency)
struct PolicyCommandTests {
    static let fields = [
        "answerFormat", "choiceCount", "difficulty", "questionSource", "maxWrongAnswers", "timeLimit", "minResponseTime",
        "maxFailedChallenges", "failureWindow", "lockout", "lockoutGrowth", "maxLockout", "hardLockAfter", "parentSession",
        "auditRetention", "askParent", "askExpiry", "askCooldown", "quietHours", "timeZone", "maxApproval",
        "dragBallSize", "dragMinSpeed", "dragMaxSpeed", "dragBoxSize", "dragFirstTouch", "step", "holdTime",
    ]

    @Test("policy show: every field with its value and source, and the guess resistance")
    func showForPeople() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let result = try db.ok(["policy", "show"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "FIELD                VALUE       FROM")
        #expect(lines.dropFirst().prefix(Self.fields.count).map { String($0.prefix { $0 != " " }) } == Self.fields)
        #expect(lines.contains("timeLimit            30s         default"))
        #expect(lines.contains("auditRetention       365d        default"))
        #expect(result.stdout.contains("\nguess resistance: a child guessing with the best strategy passes\n"))
        #expect(lines.contains("  best strategy              read the operation word, then answer any of its answers: each operation's answers are equally likely"))
        #expect(lines.contains("  one challenge              0.25% (1 in 400)"))
        #expect(lines.contains("  within 24 hours of trying  9.75% (41 challenges)"))
        #expect(lines.contains { $0.hasPrefix("  before the first lockout  ") && $0.hasSuffix("%") })
        #expect(lines.contains { $0.hasPrefix("  within 24 hours of trying  ") && $0.hasSuffix(" challenges)") })
    }

    @Test("policy show --json: profile, 15 fields with value and source, guessResistance")
    func showJSON() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m"])
        try db.ok(["policy", "set", "--max-wrong-answers", "2"])

        let household = try JSONOutput.object(try db.ok(["policy", "show", "--json"]).stdout)
        #expect(Set(household.keys) == ["fields", "guessResistance"], "no profile key for the household policy")
        let profile = try JSONOutput.object(try db.ok(["policy", "show", "--profile", "emma", "--json"]).stdout)
        #expect(Set(profile.keys) == ["profile", "fields", "guessResistance"])
        #expect(profile["profile"] as? String == "emma")
        let fields = try #require(profile["fields"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == Self.fields)
        #expect(fields.allSatisfy { Set($0.keys) == ["field", "value", "source"] })
        func field(_ name: String) -> (String?, String?) {
            let entry = fields.first { $0["field"] as? String == name }
            return (entry?["value"] as? String, entry?["source"] as? String)
        }
        #expect(field("lockout") == ("10m", "profile"))
        #expect(field("maxWrongAnswers") == ("2", "household"))
        #expect(field("timeLimit") == ("30s", "default"))
        #expect(field("minResponseTime") == ("1.5s", "default"))
        #expect(field("lockoutGrowth") == ("2.0", "default"))

        let resistance = try #require(profile["guessResistance"] as? [String: Any])
        #expect(Set(resistance.keys) == ["strategy", "candidates", "perChallenge", "beforeFirstLockout", "within24Hours", "challengesPer24Hours"])
        #expect(resistance["strategy"] as? String == "read the operation word, then answer any of its answers: each operation's answers are equally likely")
        let perChallenge = try #require(resistance["perChallenge"] as? Double)
        let beforeLockout = try #require(resistance["beforeFirstLockout"] as? Double)
        let within24Hours = try #require(resistance["within24Hours"] as? Double)
        #expect(perChallenge > 0 && perChallenge < 0.05)
        #expect(beforeLockout >= perChallenge && within24Hours >= beforeLockout && within24Hours <= 1)
        #expect(resistance["candidates"] as? Int == 400)
        #expect(abs(perChallenge - 0.005) < 0.0001, "two tries: two answers of the operation asked, 0.25% each")
        #expect((resistance["challengesPer24Hours"] as? Int ?? 0) > 0)
    }

    @Test("policy set prints each change old → new; --json lists the recorded changes")
    func set() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let text = try db.run(["policy", "set", "--profile", "emma", "--max-wrong-answers", "2", "--lockout", "10m", "--by", "mum"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "maxWrongAnswers: inherited → 2\nlockout: inherited → 10m\n")
        let again = try db.ok(["policy", "set", "--profile", "emma", "--lockout", "10m"])
        #expect(again.stdout == "nothing changed\n")

        let json = try JSONOutput.array(try db.ok([
            "policy", "set", "--profile", "emma", "--lockout", "1h30m", "--time-limit", "90s", "--by", "dad", "--json",
        ]).stdout)
        #expect(json.map { $0["field"] as? String } == ["timeLimit", "lockout"])
        let lockout = try #require(json.last)
        #expect(lockout["old"] as? String == "10m")
        #expect(lockout["new"] as? String == "1h30m")
        #expect(lockout["by"] as? String == "dad")
        #expect(lockout["version"] as? Int == 2)
        #expect(JSONOutput.isTime(lockout["at"]))
        let shown = try db.ok(["policy", "show", "--profile", "emma"]).stdout
        #expect(shown.contains("lockout              1h30m       profile\n"))
        #expect(shown.contains("timeLimit            1m30s       profile\n"))
    }

    @Test("--failure-window, --lockout-growth and --audit-retention are set through the real binary and shown")
    func remainingFields() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let changed = try db.ok([
            "policy", "set", "--profile", "emma", "--failure-window", "2h", "--lockout-growth", "1.5", "--audit-retention", "30d",
        ]).stdout
        #expect(changed == "failureWindow: inherited → 2h\nlockoutGrowth: inherited → 1.5\nauditRetention: inherited → 30d\n", "\(changed)")
        let shown = try db.ok(["policy", "show", "--profile", "emma"]).stdout
        #expect(shown.contains("failureWindow        2h          profile\n"), "\(shown)")
        #expect(shown.contains("lockoutGrowth        1.5         profile\n"), "\(shown)")
        #expect(shown.contains("auditRetention       30d         profile\n"), "\(shown)")
        let before = try db.snapshot()
        for arguments in [["--lockout-growth", "11"], ["--failure-window", "10s"], ["--audit-retention", "1h"]] {
            #expect(try db.run(["policy", "set", "--profile", "emma"] + arguments).status == 64, "\(arguments)")
        }
        #expect(try db.snapshot() == before, "a refused value writes nothing")
    }

    @Test("every documented duration form is accepted: 90s, 5m, 1h30m, 2d")
    func durations() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let result = try db.ok([
            "policy", "set", "--time-limit", "90s", "--lockout", "5m", "--max-lockout", "2d", "--parent-session", "1h30m", "--json",
        ])
        let changes = try JSONOutput.array(result.stdout)
        #expect(Dictionary(uniqueKeysWithValues: changes.map { ($0["field"] as? String ?? "", $0["new"] as? String ?? "") }) == [
            "timeLimit": "1m30s", "lockout": "5m", "maxLockout": "2d", "parentSession": "1h30m",
        ])
    }

    @Test("policy set --json: old and new are always present, null meaning inherited (the README's shape)")
    func changeShape() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let set = try JSONOutput.array(try db.ok(["policy", "set", "--lockout", "10m", "--json"]).stdout)
        let reset = try JSONOutput.array(try db.ok(["policy", "reset", "lockout", "--json"]).stdout)
        #expect(Set(set.first.map { Array($0.keys) } ?? []) == ["version", "field", "old", "new", "by", "at"])
        #expect(Set(reset.first.map { Array($0.keys) } ?? []) == ["version", "field", "old", "new", "by", "at"])
        #expect(set.first?["old"] is NSNull)
        #expect(reset.first?["new"] is NSNull)
        #expect(set.first?["new"] as? String == "10m")
        #expect(reset.first?["old"] as? String == "10m")
        #expect(reset.first?["new"] as? String == nil)
    }

    @Test("policy reset makes named fields, or all, inherited again")
    func reset() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m", "--max-wrong-answers", "2", "--difficulty", "hard"])
        let one = try db.run(["policy", "reset", "--profile", "emma", "lockout", "--by", "mum"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "lockout: 10m → inherited\n")
        #expect(try db.ok(["policy", "show", "--profile", "emma"]).stdout.contains("lockout              5m          default\n"))

        let all = try JSONOutput.array(try db.ok(["policy", "reset", "--profile", "emma", "--json"]).stdout)
        #expect(Set(all.compactMap { $0["field"] as? String }) == ["maxWrongAnswers", "difficulty"])
        let nothing = try db.ok(["policy", "reset", "--profile", "emma"])
        #expect(nothing.stdout == "nothing changed\n")
        let shown = try JSONOutput.object(try db.ok(["policy", "show", "--profile", "emma", "--json"]).stdout)
        #expect((shown["fields"] as? [[String: Any]])?.allSatisfy { $0["source"] as? String == "default" } == true)
    }

    @Test("policy history: newest first, who, when, old → new; household and profile apart")
    func history() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        try db.ok(["policy", "set", "--profile", "emma", "--lockout", "10m", "--by", "mum"])
        try db.ok(["policy", "set", "--profile", "emma", "--lockout", "20m", "--by", "dad"])
        try db.ok(["policy", "set", "--max-wrong-answers", "3", "--by", "gran"])

        let table = try db.ok(["policy", "history", "--profile", "emma"]).stdout
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.first == "VERSION  WHEN                 BY   FIELD    OLD        NEW")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("2  ") && lines[1].hasSuffix("  dad  lockout  10m        20m"))
        #expect(lines[2].hasPrefix("1  ") && lines[2].hasSuffix("  mum  lockout  inherited  10m"))

        let household = try JSONOutput.array(try db.ok(["policy", "history", "--json"]).stdout)
        #expect(household.count == 1)
        #expect(household.first?["by"] as? String == "gran")
        #expect(household.first?["field"] as? String == "maxWrongAnswers")
        let limited = try JSONOutput.array(try db.ok(["policy", "history", "--profile", "emma", "--limit", "1", "--json"]).stdout)
        #expect(limited.map { $0["by"] as? String } == ["dad"])
        #expect(try db.ok(["policy", "history", "--profile", "emma", "--limit", "1"]).stdout.contains("mum") == false)
    }

    @Test("a bad duration like '5 minutes' is refused (exit 64) and nothing changes")
    func badDuration() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m"])
        let before = try db.snapshot()
        for text in ["5 minutes", "5min", "m5", "1m30h", "5m5m", ""] {
            expectError(
                try db.run(["policy", "set", "--profile", "emma", "--lockout", text]), status: 64,
                message: "'\(text)' is not a duration (expected e.g. 90s, 5m, 1h30m, 2d)")
        }
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("an out-of-range value like --max-wrong-answers 11 is refused (exit 64) and nothing changes")
    func outOfRange() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        expectError(
            try db.run(["policy", "set", "--profile", "emma", "--max-wrong-answers", "11"]), status: 64,
            message: "maxWrongAnswers 11 is out of range (allowed: 1...10)")
        expectError(
            try db.run(["policy", "set", "--max-wrong-answers", "0"]), status: 64,
            message: "maxWrongAnswers 0 is out of range (allowed: 1...10)")
        expectError(
            try db.run(["policy", "set", "--min-response-time", "40s"]), status: 64,
            message: "minResponseTime 40s is out of range (allowed: 0s...10s)")
        expectError(
            try db.run(["policy", "set", "--answer-format", "voice"]), status: 64,
            message: "'voice' is not a valid answerFormat (expected entry, choice, drag)")
        expectError(
            try db.run(["policy", "set", "--max-wrong-answers", "two"]), status: 64,
            message: "'two' is not a valid maxWrongAnswers (expected a whole number, 1...10)")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("all fields change together or none does: one bad field, or an inconsistent pair, writes nothing")
    func allOrNothing() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        let mixed = try db.run(["policy", "set", "--profile", "emma", "--lockout", "10m", "--max-wrong-answers", "11"])
        #expect(mixed.status == 64)
        expectError(
            try db.run(["policy", "set", "--profile", "emma", "--min-response-time", "9s", "--time-limit", "8s"]), status: 64,
            message: "inconsistent policy: for profile 'emma', minResponseTime 9s must be shorter than timeLimit 8s")
        expectError(
            try db.run(["policy", "set", "--lockout", "2d", "--max-lockout", "1d"]), status: 64,
            message: "inconsistent policy: lockout 2d must not exceed maxLockout 1d")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("an unknown policy field in policy reset is refused (exit 64), naming the fields, and nothing changes")
    func unknownField() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--lockout", "10m"])
        let before = try db.snapshot()
        expectError(
            try db.run(["policy", "reset", "--profile", "emma", "lockout", "lockotu"]), status: 64,
            message: "unknown policy field 'lockotu' (fields: \(Self.fields.joined(separator: ", ")))")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("policy commands for an unknown profile exit 3; policy set without a field is a usage error")
    func unknownProfileAndNoField() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        for command in [
            ["policy", "show", "--profile", "nobody"], ["policy", "set", "--profile", "nobody", "--lockout", "1m"],
            ["policy", "reset", "--profile", "nobody"], ["policy", "history", "--profile", "nobody"],
        ] {
            expectError(try db.run(command), status: 3, message: "no profile named 'nobody'")
        }
        expectError(
            try db.run(["policy", "set", "--profile", "emma"]), status: 64,
            message: "name at least one field to set, e.g. --lockout 10m")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("every policy field is an option of policy set, derived from its declaration: set through the real binary, listed with its help, shown")
    func everyFieldIsAnOption() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let help = try db.ok(["policy", "set", "--help"]).stdout
        #expect(help.contains("USAGE: gatectl policy set [<options>] --FIELD <value> [--FIELD <value> …]"), "\(help)")
        #expect(help.split(separator: "\n").allSatisfy { $0.count < 80 || $0.hasPrefix("USAGE:") }, "\(help)")
        // A value other than the default for each field, as a person types it, and the option the field's name gives.
        let values: [(option: String, field: String, text: String)] = [
            ("--answer-format", "answerFormat", "choice"), ("--choice-count", "choiceCount", "6"),
            ("--difficulty", "difficulty", "hard"), ("--question-source", "questionSource", "mixed"),
            ("--max-wrong-answers", "maxWrongAnswers", "2"), ("--time-limit", "timeLimit", "45s"),
            ("--min-response-time", "minResponseTime", "2s"), ("--max-failed-challenges", "maxFailedChallenges", "4"),
            ("--failure-window", "failureWindow", "6h"), ("--lockout", "lockout", "10m"),
            ("--lockout-growth", "lockoutGrowth", "3.0"), ("--max-lockout", "maxLockout", "2d"),
            ("--hard-lock-after", "hardLockAfter", "3"), ("--parent-session", "parentSession", "20m"),
            ("--audit-retention", "auditRetention", "30d"), ("--ask-parent", "askParent", "off"),
            ("--ask-expiry", "askExpiry", "15m"), ("--ask-cooldown", "askCooldown", "2m"),
            ("--quiet-hours", "quietHours", "mon-thu,sun 20:30-07:00"), ("--time-zone", "timeZone", "Europe/Berlin"),
            ("--max-approval", "maxApproval", "2h"), ("--drag-ball-size", "dragBallSize", "60"),
            ("--drag-min-speed", "dragMinSpeed", "20"), ("--drag-max-speed", "dragMaxSpeed", "120"),
            ("--drag-box-size", "dragBoxSize", "70"), ("--drag-first-touch", "dragFirstTouch", "0.5s"),
            ("--step", "step", "hold"), ("--hold-time", "holdTime", "5s"),
        ]
        #expect(values.map(\.field) == Self.fields)
        for (option, _, _) in values {
            #expect(help.contains("\n  \(option) <"), "\(option) is listed in the help")
        }
        #expect(help.contains("  --lockout <duration>    Length of the first lockout, e.g. 5m (1s...7d).\n"), "\(help)")
        let arguments = values.flatMap { [$0.option, $0.text] }
        let set = try JSONOutput.array(try db.ok(["policy", "set", "--profile", "emma", "--json"] + arguments).stdout)
        #expect(set.compactMap { $0["field"] as? String } == Self.fields)
        let shown = try JSONOutput.object(try db.ok(["policy", "show", "--profile", "emma", "--json"]).stdout)
        let fields = shown["fields"] as? [[String: Any]] ?? []
        #expect(fields.map { $0["value"] as? String } == values.map(\.text))
        #expect(fields.allSatisfy { $0["source"] as? String == "profile" })
    }

    @Test("policy set reads --FIELD=value too; a misspelt, repeated or valueless option, or a stray word, is one usage error and changes nothing")
    func optionForms() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        #expect(try db.ok(["policy", "set", "--lockout=10m", "--by", "mum", "--time-limit", "45s"]).stdout
            == "timeLimit: inherited → 45s\nlockout: inherited → 10m\n")
        let before = try db.snapshot()
        expectError(try db.run(["policy", "set", "--lokout", "20m"]), status: 64, message: "unknown option '--lokout'; did you mean '--lockout'?")
        expectError(try db.run(["policy", "set", "--max-lockut=2d"]), status: 64, message: "unknown option '--max-lockut'; did you mean '--max-lockout'?")
        expectError(try db.run(["policy", "set", "--colour", "red"]), status: 64, message: "unknown option '--colour'")
        expectError(try db.run(["policy", "set", "--lockout", "1m", "--lockout", "2m"]), status: 64, message: "'--lockout' is given twice")
        expectError(try db.run(["policy", "set", "--lockout"]), status: 64, message: "missing value for '--lockout' (1s...7d)")
        expectError(
            try db.run(["policy", "set", "--lockout", "--max-lockout", "2d"]), status: 64, message: "missing value for '--lockout' (1s...7d)")
        expectError(try db.run(["policy", "set", "--lockout", "1m", "now"]), status: 64, message: "unexpected argument 'now'")
        expectUnchanged(try db.snapshot(), before)
    }
}
