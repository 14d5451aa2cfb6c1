import Foundation
import Testing
import TestSlots

/// A plist question set in HTKUltimateParentalGate's format, with a known answer.
let spiderPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
      <dict>
        <key>question</key>
        <string>How many legs has a spider?</string>
        <key>answer_number</key>
        <integer>8</integer>
      </dict>
    </array>
    </plist>

    """

@Suite("gatectl status, unlock, challenge, session", .boundedConcurrency)
struct GateCommandTests {
    /// A profile whose first failed challenge starts a one-hour lockout, answered without a
    /// minimum response time and with two tries per challenge.
    static let strict = ["--max-failed-challenges", "1", "--max-wrong-answers", "2", "--min-response-time", "0s", "--lockout", "1h"]

    @Test("challenge begin prints the question, never the answer; --json has the documented challenge")
    func begin() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", locale: "de", policy: ["--max-failed-challenges", "10"])
        let text = try db.ok(["challenge", "begin", "mia"])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].wholeMatch(of: /id        [0-9a-f]{32}/) != nil, "\(lines)")
        #expect(lines[1].hasPrefix("question  Wie viel ist "))
        #expect(lines[2].hasPrefix("deadline  "))
        let id = String(lines[0].dropFirst(10))
        let answer = try db.answer(ofChallenge: id)
        #expect(!text.stdout.contains(" \(answer)\n"), "the answer must not be printed")

        let result = try db.ok(["challenge", "begin", "mia", "--json", "--client", "tablet"])
        let json = try JSONOutput.object(result.stdout)
        #expect(Set(json.keys) == ["result", "challenge"])
        #expect(json["result"] as? String == "challenge")
        let challenge = try #require(json["challenge"] as? [String: Any])
        #expect(Set(challenge.keys) == ["id", "profileId", "prompt", "locale", "format", "issuedAt", "deadline", "arithmetic"])
        #expect(challenge["locale"] as? String == "de")
        #expect(challenge["format"] as? String == "entry")
        #expect((challenge["prompt"] as? String)?.hasPrefix("Wie viel ist ") == true)
        #expect(JSONOutput.isTime(challenge["issuedAt"]) && JSONOutput.isTime(challenge["deadline"]))
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.last?["client"] as? String == "tablet")
        #expect(audit.last?["kind"] as? String == "challengeIssued")
    }

    @Test("challenge begin --json in choice format lists the choices, the answer among them")
    func beginChoice() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: ["--answer-format", "choice", "--choice-count", "5"])
        let json = try JSONOutput.object(try db.ok(["challenge", "begin", "mia", "--json"]).stdout)
        let challenge = try #require(json["challenge"] as? [String: Any])
        #expect(challenge["format"] as? String == "choice")
        let choices = try #require(challenge["choices"] as? [Int])
        #expect(choices.count == 5 && Set(choices).count == 5)
        let id = try #require(challenge["id"] as? String)
        #expect(choices.contains(try db.answer(ofChallenge: id)))
    }

    @Test("status shows child, verifying, parent mode, locked out, hard-locked and disabled, for people and as JSON")
    func status() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: Self.strict)
        #expect(try db.ok(["status", "mia"]).stdout == "mia: child (closed, a challenge may begin)\n")
        #expect(try db.ok(["status", "MIA", "--json"]).stdout == "{\n  \"profile\" : \"mia\",\n  \"state\" : \"child\"\n}\n")

        let id = try db.beginChallenge("mia")
        let words = try db.ok(["status", "mia"]).stdout
        #expect(words.hasPrefix("mia: verifying (a challenge is open until ") && !words.contains(id), "\(words)")
        let verifying = try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)
        #expect(verifying["state"] as? String == "verifying")
        let open = try #require(verifying["challenge"] as? [String: Any])
        #expect(open["id"] == nil && open["prompt"] is String, "status never shows the id: \(open)")

        try db.ok(["challenge", "answer", id, String(try db.answer(ofChallenge: id))])
        #expect(try db.ok(["status", "mia"]).stdout.hasPrefix("mia: parent mode until "))
        let parent = try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)
        #expect(parent["state"] as? String == "parent")
        #expect(JSONOutput.isTime(parent["until"]))

        try db.ok(["session", "end", "mia"])
        let second = try db.beginChallenge("mia")
        let cancelled = try db.run(["challenge", "cancel", second])
        #expect(cancelled.status == 2)
        let locked = try db.ok(["status", "mia"]).stdout
        #expect(locked.wholeMatch(of: /mia: locked out until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \((1h|59m\d+s) left\)\n/) != nil, "\(locked)")
        let lockedJSON = try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)
        #expect(lockedJSON["state"] as? String == "lockedOut")
        #expect(JSONOutput.isTime(lockedJSON["until"]))

        try db.ok(["profile", "disable", "mia"])
        #expect(try db.ok(["status", "mia"]).stdout == "mia: disabled\n")
        #expect(try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)["state"] as? String == "disabled")
    }

    @Test("status shows a hard lock; only unlock lifts it")
    func hardLocked() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: Self.strict + ["--hard-lock-after", "1"])
        try db.markLockoutsServed("mia", 1)
        let id = try db.beginChallenge("mia")
        let cancelled = try db.run(["challenge", "cancel", id, "--json"])
        #expect(cancelled.status == 2)
        #expect(try JSONOutput.object(cancelled.stdout)["result"] as? String == "hardLocked")
        #expect(try db.ok(["status", "mia"]).stdout == "mia: hard-locked (only an adult's unlock opens it)\n")
        #expect(try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)["state"] as? String == "hardLocked")
        let begin = try db.run(["challenge", "begin", "mia"])
        #expect(begin.status == 2)
        #expect(begin.stdout == "hard-locked: only an adult's unlock opens the gate\n")
        #expect(try db.ok(["unlock", "mia", "--by", "dad"]).stdout == "unlocked mia\n")
        #expect(try db.ok(["status", "mia", "--json"]).stdout.contains("\"child\""))
    }

    @Test("the gate flow: wrong (1), fail into a lockout (2), status, audit list, audit stats, unlock --by mum")
    func failIntoLockoutAndUnlock() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", locale: "de", policy: Self.strict)
        try db.ok(["profile", "add", "emma"])
        let id = try db.beginChallenge("mia")
        let wrongValue = String(try db.answer(ofChallenge: id) + 1)

        let wrong = try db.run(["challenge", "answer", id, wrongValue])
        #expect(wrong.status == 1)
        #expect(wrong.stdout == "wrong; tries left: 1\n")
        #expect(wrong.stderr.isEmpty)

        let failed = try db.run(["challenge", "answer", id, wrongValue, "--json"])
        #expect(failed.status == 2)
        let lockout = try JSONOutput.object(failed.stdout)
        #expect(Set(lockout.keys) == ["result", "until"])
        #expect(lockout["result"] as? String == "lockedOut")
        let until = try #require(lockout["until"] as? String)

        let status = try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)
        #expect(status["state"] as? String == "lockedOut")
        #expect(JSONOutput.sameTime(status["until"], until), "\(status)")
        #expect(try db.ok(["status", "mia"]).stdout.hasPrefix("mia: locked out until "))

        let refused = try db.run(["challenge", "begin", "mia"])
        #expect(refused.status == 2)
        #expect(refused.stdout.hasPrefix("locked out until "))
        let refusedJSON = try db.run(["challenge", "begin", "mia", "--json"])
        #expect(refusedJSON.status == 2)
        #expect(try JSONOutput.object(refusedJSON.stdout)["result"] as? String == "lockedOut")

        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--profile", "mia", "--json"]).stdout)
        #expect(audit.allSatisfy { $0["profile"] as? String == "mia" })
        let started = try #require(audit.first { $0["kind"] as? String == "lockoutStarted" })
        #expect((started["details"] as? [String: String])?["level"] == "1")
        #expect((started["details"] as? [String: String])?["durationMs"] == "3600000")
        #expect(try db.ok(["audit", "list", "--profile", "mia"]).stdout.contains("  lockoutStarted  "))

        let stats = try JSONOutput.array(try db.ok(["audit", "stats", "--json"]).stdout)
        let mia = try #require(stats.first { $0["profile"] as? String == "mia" })
        #expect(mia["lockouts"] as? Int == 1)
        #expect(mia["challenges"] as? Int == 1)
        #expect(mia["attempts"] as? Int == 2)
        #expect(mia["failedWrong"] as? Int == 1)
        #expect(mia["passes"] as? Int == 0)
        #expect(stats.first { $0["profile"] as? String == "emma" }?["lockouts"] as? Int == 0)

        let unlock = try db.run(["unlock", "mia", "--by", "mum"])
        #expect(unlock.status == 0, "\(unlock.stderr)")
        #expect(unlock.stdout == "unlocked mia\n")
        #expect(try db.ok(["status", "mia"]).stdout == "mia: child (closed, a challenge may begin)\n")
        let unlocked = try #require(try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout).last)
        #expect(unlocked["kind"] as? String == "unlocked")
        #expect(unlocked["actor"] as? String == "mum")
        #expect(unlocked["profile"] as? String == "mia")
        #expect((unlocked["details"] as? [String: String])?["wasLocked"] == "true")
        #expect(try db.ok(["challenge", "begin", "mia"]).status == 0)
    }

    @Test("unlock of a profile that is not locked says so; --json says wasLocked as a Boolean")
    func unlockNotLocked() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "mia"])
        #expect(try db.ok(["unlock", "mia", "--by", "mum"]).stdout == "mia was not locked; its failure count is cleared\n")
        let json = try JSONOutput.object(try db.ok(["unlock", "mia", "--by", "mum", "--json"]).stdout)
        #expect(json["profile"] as? String == "mia")
        #expect(JSONOutput.isBool(json["wasLocked"]))
        #expect(json["wasLocked"] as? Bool == false)
        let before = try db.snapshot()
        expectError(try db.run(["unlock", "nobody", "--by", "mum"]), status: 3, message: "no profile named 'nobody'")
        let missingBy = try db.run(["unlock", "mia"])
        #expect(missingBy.status == 64)
        #expect(missingBy.stderr.hasPrefix("error: Missing expected argument '--by <by>'"))
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("challenge answer: a pass prints the token (exit 0); answering again is refused as already ended (1)")
    func pass() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: Self.strict)
        let id = try db.beginChallenge("mia")
        let answer = String(try db.answer(ofChallenge: id))
        let text = try db.ok(["challenge", "answer", id, answer])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "result             passed")
        #expect(lines[1].hasPrefix("parent mode until  "))
        #expect(lines[2].wholeMatch(of: /token              [A-Za-z0-9_-]{20,}/) != nil, "\(lines)")

        let again = try db.run(["challenge", "answer", id, answer])
        #expect(again.status == 1)
        #expect(again.stdout == "refused: this challenge has already ended (passed)\n")
        let againJSON = try db.run(["challenge", "answer", id, answer, "--json"])
        #expect(againJSON.status == 1)
        let json = try JSONOutput.object(againJSON.stdout)
        #expect(json["result"] as? String == "alreadyEnded")
        #expect(json["status"] as? String == "passed")
    }

    @Test("challenge answer --json: wrong with triesLeft and tooFast; passed with token and until")
    func answerJSON() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: ["--max-wrong-answers", "3", "--min-response-time", "10s", "--time-limit", "10m"])
        let id = try db.beginChallenge("mia")
        let answer = try db.answer(ofChallenge: id)
        let tooFast = try db.run(["challenge", "answer", id, String(answer), "--json"])
        #expect(tooFast.status == 1)
        let fast = try JSONOutput.object(tooFast.stdout)
        #expect(Set(fast.keys) == ["result", "triesLeft", "tooFast"])
        #expect(fast["result"] as? String == "wrong")
        #expect(fast["triesLeft"] as? Int == 2)
        #expect(fast["tooFast"] as? Bool == true)
        let text = try db.run(["challenge", "answer", id, String(answer)])
        #expect(text.status == 1)
        #expect(text.stdout == "too fast: counted as wrong; tries left: 1\n")

        try db.ok(["policy", "set", "--profile", "mia", "--min-response-time", "0s"])
        let next = try db.beginChallenge("mia")
        let nextAnswer = try db.answer(ofChallenge: next)
        let wrong = try JSONOutput.object(try db.run(["challenge", "answer", next, String(nextAnswer + 1), "--json"]).stdout)
        #expect(wrong["tooFast"] as? Bool == false)
        #expect(wrong["triesLeft"] as? Int == 2)
        let passed = try db.run(["challenge", "answer", next, String(nextAnswer), "--json", "--client", "phone"])
        #expect(passed.status == 0)
        let pass = try JSONOutput.object(passed.stdout)
        #expect(Set(pass.keys) == ["result", "token", "until"])
        #expect(pass["result"] as? String == "passed")
        #expect(JSONOutput.isTime(pass["until"]))
    }

    @Test("challenge answer: a too-fast last try fails as tooFast (exit 1), in words and as JSON")
    func tooFastLastTry() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        // The most minResponseTime there is, so that answering at once is too fast however slow the machine.
        try db.addProfile("mia", policy: ["--min-response-time", "10s"])
        let id = try db.beginChallenge("mia")
        let text = try db.run(["challenge", "answer", id, String(try db.answer(ofChallenge: id))])
        #expect(text.status == 1)
        #expect(text.stdout == "failed: the last try was too fast (counted as wrong)\n")
        let next = try db.beginChallenge("mia")
        let json = try db.run(["challenge", "answer", next, String(try db.answer(ofChallenge: next)), "--json"])
        #expect(json.status == 1)
        let result = try JSONOutput.object(json.stdout)
        #expect(Set(result.keys) == ["result", "reason"])
        #expect(result["result"] as? String == "failed")
        #expect(result["reason"] as? String == "tooFast")
        let stats = try JSONOutput.array(try db.ok(["audit", "stats", "--json"]).stdout)
        #expect(stats.first?["failedWrong"] as? Int == 2, "a too-fast failure counts as a failed challenge")
    }

    @Test("session check of a pass's token exits 0, then 1 after session end")
    func sessions() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: Self.strict)
        let id = try db.beginChallenge("mia")
        let passed = try JSONOutput.object(try db.ok(["challenge", "answer", id, String(try db.answer(ofChallenge: id)), "--json"]).stdout)
        let token = try #require(passed["token"] as? String)

        let live = try db.run(["session", "check", token])
        #expect(live.status == 0)
        #expect(live.stdout.hasPrefix("parent mode on for mia until "))
        let liveJSON = try db.run(["session", "check", token, "--json"])
        #expect(liveJSON.status == 0)
        let session = try JSONOutput.object(liveJSON.stdout)
        #expect(session["live"] as? Bool == true)
        #expect(session["profile"] as? String == "mia")
        #expect(JSONOutput.sameTime(session["expiresAt"], passed["until"]), "\(session)")

        let end = try db.run(["session", "end", "mia", "--by", "mum"])
        #expect(end.status == 0)
        #expect(end.stdout == "parent mode of mia ended\n")
        #expect(try db.ok(["status", "mia", "--json"]).stdout.contains("\"child\""))

        let over = try db.run(["session", "check", token])
        #expect(over.status == 1)
        #expect(over.stdout == "no live parent session for this token\n")
        #expect(over.stderr.isEmpty)
        let overJSON = try db.run(["session", "check", token, "--json"])
        #expect(overJSON.status == 1)
        #expect(try JSONOutput.object(overJSON.stdout)["live"] as? Bool == false)

        let again = try db.run(["session", "end", "mia"])
        #expect(again.status == 0)
        #expect(again.stdout == "mia was not in parent mode\n")
        let againJSON = try JSONOutput.object(try db.ok(["session", "end", "mia", "--json"]).stdout)
        #expect(againJSON["profile"] as? String == "mia")
        #expect(JSONOutput.isBool(againJSON["ended"]))
        #expect(againJSON["ended"] as? Bool == false)
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.contains { $0["kind"] as? String == "sessionEnded" && $0["actor"] as? String == "mum" })

        let garbage = try db.run(["session", "check", "not-a-token"])
        #expect(garbage.status == 1)
        expectError(try db.run(["session", "end", "nobody"]), status: 3, message: "no profile named 'nobody'")
    }

    @Test("challenge cancel ends the challenge as cancelled (exit 0); cancelling again is refused (1)")
    func cancel() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: ["--max-failed-challenges", "5"])
        let id = try db.beginChallenge("mia")
        let cancelled = try db.run(["challenge", "cancel", id, "--client", "tablet"])
        #expect(cancelled.status == 0, "\(cancelled.stderr)")
        #expect(cancelled.stdout == "failed: cancelled\n")
        let again = try db.run(["challenge", "cancel", id])
        #expect(again.status == 1)
        #expect(again.stdout == "refused: this challenge has already ended (cancelled)\n")

        let second = try db.beginChallenge("mia")
        let json = try db.run(["challenge", "cancel", second, "--json"])
        #expect(json.status == 0)
        let result = try JSONOutput.object(json.stdout)
        #expect(result["result"] as? String == "failed")
        #expect(result["reason"] as? String == "cancelled")
        let stats = try JSONOutput.array(try db.ok(["audit", "stats", "--profile", "mia", "--json"]).stdout)
        #expect(stats.first?["cancelled"] as? Int == 2)
    }

    @Test("an unknown challenge id is 'not found' (exit 3) for answer and cancel, and nothing changes")
    func unknownChallenge() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: Self.strict)
        _ = try db.beginChallenge("mia")
        let before = try db.snapshot()
        let wellFormed = "0123456789abcdef0123456789abcdef"
        expectError(try db.run(["challenge", "answer", wellFormed, "5"]), status: 3, message: "no challenge with id '\(wellFormed)'")
        expectError(try db.run(["challenge", "answer", "nope", "5", "--json"]), status: 3, message: "no challenge with id 'nope'")
        expectError(try db.run(["challenge", "cancel", wellFormed]), status: 3, message: "no challenge with id '\(wellFormed)'")
        expectError(try db.run(["challenge", "cancel", "nope"]), status: 3, message: "no challenge with id 'nope'")
        expectError(try db.run(["challenge", "begin", "nobody"]), status: 3, message: "no profile named 'nobody'")
        expectError(
            try db.run(["challenge", "answer", wellFormed, "five"]), status: 64,
            message: "The value 'five' is invalid for '<value>'")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("challenge begin and status report the same deadline")
    func sameDeadline() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", policy: ["--max-failed-challenges", "100"])
        var mismatches: [String] = []
        // About half of all times differ, so 12 tries all agreeing means the problem is gone.
        for _ in 0..<12 {
            let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "mia", "--json"]).stdout)
            let status = try JSONOutput.object(try db.ok(["status", "mia", "--json"]).stdout)
            let a = (begun["challenge"] as? [String: Any])?["deadline"] as? String
            let b = (status["challenge"] as? [String: Any])?["deadline"] as? String
            if a != b { mismatches.append("\(a ?? "-") vs \(b ?? "-")") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("times are printed exactly as stored, to the millisecond")
    func millisecondTimes() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        // Whole milliseconds whose Double sits a hair below them (like many stored times).
        let stored: [(Int64, String)] = [
            (1_795_319_004_119, "2026-11-22T03:43:24.119Z"), (1_795_319_004_383, "2026-11-22T03:43:24.383Z"),
        ]
        try db.sqlite("UPDATE profiles SET created_at = \(stored[0].0), updated_at = \(stored[1].0) WHERE name = 'emma'")
        let json = try JSONOutput.array(try db.ok(["profile", "list", "--json"]).stdout)
        #expect(json.first?["createdAt"] as? String == stored[0].1)
        #expect(json.first?["updatedAt"] as? String == stored[1].1)
    }
}

@Suite("gatectl gate NAME, driven through standard input", .boundedConcurrency)
struct GateNameCommandTests {
    /// A database with profile `tom` asking the spider question set, no minimum response time.
    static func spiderDatabase(locale: String = "en", policy: [String] = []) throws -> TestDatabase {
        let db = try TestDatabase()
        let file = try db.write(spiderPlist, to: "spider.plist")
        try db.ok(["questions", "import", file])
        try db.addProfile(
            "tom", locale: locale, policy: ["--question-source", "questionSet:spider", "--min-response-time", "0s"] + policy)
        return db
    }

    @Test("the right answer on stdin passes: exit 0 and the passed message")
    func pass() throws {
        let db = try Self.spiderDatabase()
        defer { db.remove() }
        let result = try db.run(["gate", "tom"], input: "8\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(4) == ["How many legs has a spider?", "Type the answer in numbers.", "⏱ 30 seconds left", "> 8"])
        #expect(lines.count == 6 && lines[5].isEmpty)
        #expect(lines[4].wholeMatch(of: /Correct\. Parent mode is on\. \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)/) != nil, "\(lines)")
        #expect(result.stderr.isEmpty)
        #expect(try db.ok(["status", "tom", "--json"]).stdout.contains("\"parent\""))
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.contains { $0["kind"] as? String == "challengePassed" && $0["client"] as? String == "gatectl gate" })
    }

    @Test("a wrong answer with the default maxWrongAnswers (1) fails: exit 1")
    func wrong() throws {
        let db = try Self.spiderDatabase()
        defer { db.remove() }
        let result = try db.run(["gate", "tom"], input: "7\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("> 7\nWrong answer. The gate stays closed.\n"))
        #expect(result.stderr.isEmpty)
        #expect(try db.ok(["status", "tom", "--json"]).stdout.contains("\"child\""))
    }

    @Test("the right answer typed at once on the last try is too fast: its own words, exit 1")
    func tooFast() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(spiderPlist, to: "spider.plist")])
        try db.addProfile("tom", policy: ["--question-source", "questionSet:spider", "--min-response-time", "10s"])
        let result = try db.run(["gate", "tom"], input: "8\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("> 8\nToo fast. The gate stays closed.\n"), "\(result.stdout)")
        let json = try db.run(["gate", "tom", "--json"], input: "8\n")
        #expect(json.status == 1)
        #expect(try JSONOutput.object(json.stdout)["reason"] as? String == "tooFast")
    }

    @Test("with tries left, a wrong answer says so and the gate asks again; text that is not a number is asked again")
    func triesLeft() throws {
        let db = try Self.spiderDatabase(policy: ["--max-wrong-answers", "2"])
        defer { db.remove() }
        let result = try db.run(["gate", "tom"], input: "eight\n7\n 8 \n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("> eight\nType the answer in numbers.\n⏱ "))
        #expect(result.stdout.contains("> 7\nWrong answer. Tries left: 1.\n⏱ "))
        #expect(result.stdout.contains("> 8\nCorrect. Parent mode is on."))
    }

    @Test("with choices (answerFormat choice) the answer is picked by letter")
    func choiceByLetter() throws {
        let db = try Self.spiderDatabase(policy: ["--answer-format", "choice"])
        defer { db.remove() }
        // Read the choices the gate shows, then answer by the right one's letter.
        let gate = try InteractiveGatectl(["gate", "tom", "--database", db.path])
        let shown = try gate.waitFor("> ")
        let choices = shown.split(separator: "\n").compactMap { line -> (String, Int)? in
            guard let match = line.wholeMatch(of: /\ \ ([a-h])\) (\d+)/) else { return nil }
            return (String(match.1), Int(match.2) ?? -1)
        }
        #expect(choices.count == 4, "\(shown)")
        #expect(choices.map(\.0) == ["a", "b", "c", "d"])
        #expect(shown.contains("Pick the right answer.\n"))
        let letter = try #require(choices.first { $0.1 == 8 }?.0, "8 is not among the choices: \(shown)")
        gate.type(letter.uppercased())
        let result = gate.finish()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("> \(letter.uppercased())\nCorrect. Parent mode is on."))
    }

    @Test("a wrong letter fails like a wrong number")
    func wrongLetter() throws {
        let db = try Self.spiderDatabase(policy: ["--answer-format", "choice"])
        defer { db.remove() }
        let gate = try InteractiveGatectl(["gate", "tom", "--database", db.path])
        let shown = try gate.waitFor("> ")
        let wrong = try #require(shown.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.wholeMatch(of: /\ \ ([a-h])\) (\d+)/), match.2 != "8" else { return nil }
            return String(match.1)
        }.first)
        gate.type(wrong)
        let result = gate.finish()
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("Wrong answer. The gate stays closed.\n"))
    }

    @Test("the question and the outcome come in the profile's language")
    func localizedPass() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write("""
            {"name": "pauk", "locale": "ru", "questions": [{"prompt": "Сколько ног у паука?", "answer": 8}]}
            """, to: "pauk.json")
        try db.ok(["questions", "import", file])
        try db.addProfile("sasha", locale: "ru-RU", policy: ["--question-source", "questionSet:pauk", "--min-response-time", "0s"])
        let result = try db.run(["gate", "sasha"], input: "8\n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("Сколько ног у паука?\nВведите ответ цифрами.\n⏱ Осталось 30 секунд\n> 8\nВерно. Родительский режим включён. ("))
    }

    @Test("a locked-out profile is refused at once: exit 2 and the lockout message in its language")
    func lockedOut() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("mia", locale: "de", policy: ["--max-failed-challenges", "1", "--lockout", "2h"])
        let id = try db.beginChallenge("mia")
        #expect(try db.run(["challenge", "cancel", id]).status == 2)
        let before = try db.snapshot()
        let result = try db.run(["gate", "mia"], input: "8\n")
        #expect(result.status == 2)
        #expect(try db.snapshot().changes(since: before).allSatisfy { !$0.contains("INSERT INTO challenges") }, "no challenge is issued")
        #expect(result.stdout.wholeMatch(of: /Zu viele Versuche\. Versuche es in .+ wieder\.\n/) != nil, "\(result.stdout)")
        #expect(result.stdout.contains("2 Stunden") || result.stdout.contains("1 Stunde"), "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test("a hard-locked profile is refused: exit 2 and the ask-a-parent message; a disabled one: exit 1")
    func hardLockedAndDisabled() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("sasha", locale: "ru", policy: ["--max-failed-challenges", "1", "--hard-lock-after", "1"])
        try db.markLockoutsServed("sasha", 1)
        let id = try db.beginChallenge("sasha")
        #expect(try db.run(["challenge", "cancel", id]).status == 2)
        let hard = try db.run(["gate", "sasha"])
        #expect(hard.status == 2)
        #expect(hard.stdout == "Слишком много попыток. Попросите родителя разблокировать доступ.\n")

        try db.ok(["profile", "add", "tom"])
        try db.ok(["profile", "disable", "tom"])
        let disabled = try db.run(["gate", "tom"], input: "1\n")
        #expect(disabled.status == 1)
        #expect(disabled.stdout == "This gate is switched off.\n")
    }

    @Test("empty standard input (end of file) cancels the challenge: exit 1")
    func endOfInput() throws {
        let db = try Self.spiderDatabase()
        defer { db.remove() }
        let result = try db.run(["gate", "tom"], input: "")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("> \nCancelled.\n"), "\(result.stdout)")
        let stats = try JSONOutput.array(try db.ok(["audit", "stats", "--profile", "tom", "--json"]).stdout)
        #expect(stats.first?["cancelled"] as? Int == 1)
    }

    @Test("an end of input that starts a lockout says so and exits 2, like challenge cancel")
    func endOfInputIntoLockout() throws {
        let db = try Self.spiderDatabase(policy: ["--max-failed-challenges", "1", "--lockout", "1h"])
        defer { db.remove() }
        let result = try db.run(["gate", "tom"], input: "")
        #expect(try JSONOutput.object(try db.ok(["status", "tom", "--json"]).stdout)["state"] as? String == "lockedOut")
        #expect(result.status == 2)
        #expect(result.stdout.contains("Too many attempts. Try again in "))
    }

    @Test("gate for an unknown profile is 'not found' (exit 3)")
    func unknownProfile() throws {
        let db = try Self.spiderDatabase()
        defer { db.remove() }
        let before = try db.snapshot()
        expectError(try db.run(["gate", "nobody"], input: "8\n"), status: 3, message: "no profile named 'nobody'")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("gate --json prints one JSON value, as every command does")
    func json() throws {
        let db = try Self.spiderDatabase()
        defer { db.remove() }
        let result = try db.run(["gate", "tom", "--json"], input: "8\n")
        #expect(result.status == 0)
        _ = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
