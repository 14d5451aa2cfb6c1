import Foundation
import Testing
import TestSlots

@Suite("gatectl questions import, list, export, remove", .boundedConcurrency)
struct QuestionsCommandTests {
    static let animals = """
        {
          "name": "animals",
          "locale": "en",
          "questions": [
            {"prompt": "How many legs has a spider?", "answer": 8},
            {"prompt": "How many legs has a bird?", "answer": 2, "choices": [2, 4, 6]}
          ]
        }
        """

    @Test("questions import of the README's JSON: name and locale from the file")
    func importJSON() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write(Self.animals, to: "file-name.json")
        let result = try db.run(["questions", "import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 2 questions into animals (en)\n")
        #expect(result.stderr == "note: created a new database at \(db.path)\n")
        let list = try JSONOutput.array(try db.ok(["questions", "list", "--json"]).stdout)
        #expect(list.count == 1)
        #expect(list.first?["name"] as? String == "animals")
        #expect(list.first?["locale"] as? String == "en")
        #expect(list.first?["questions"] as? Int == 2)
        #expect(JSONOutput.isTime(list.first?["updatedAt"]))
    }

    @Test("questions import of a bare array takes --set and --locale, else the file name and en")
    func importArray() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write(#"[{"prompt": "Wie viele Beine hat eine Spinne?", "answer": 8}]"#, to: "spinne.json")
        #expect(try db.ok(["questions", "import", file, "--set", "tiere", "--locale", "de"]).stdout == "imported 1 question into tiere (de)\n")
        #expect(try db.ok(["questions", "import", file]).stdout == "imported 1 question into spinne (en)\n")
        let table = try db.ok(["questions", "list"]).stdout
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.first == "SET     LOCALE  QUESTIONS  UPDATED")
        #expect(lines.dropFirst().map { $0.split(separator: " ").prefix(3).joined(separator: " ") }.sorted() == ["spinne en 1", "tiere de 1"])
    }

    @Test("questions import of HTKUltimateParentalGate's plist; --json names the set, locale and count")
    func importPlist() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write(spiderPlist, to: "spider.plist")
        let result = try db.run(["questions", "import", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONOutput.object(result.stdout)
        #expect(json["set"] as? String == "spider")
        #expect(json["locale"] as? String == "en")
        #expect(json["questions"] as? Int == 1)
        #expect(JSONOutput.isNumber(json["questions"]))
        let exported = try JSONOutput.object(try db.ok(["questions", "export", "--set", "spider"]).stdout)
        #expect((exported["questions"] as? [[String: Any]])?.first?["prompt"] as? String == "How many legs has a spider?")
        #expect((exported["questions"] as? [[String: Any]])?.first?["answer"] as? Int == 8)
    }

    @Test("a binary plist and answer_number given as text or a whole real import too")
    func plistVariants() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let items: [[String: Any]] = [
            ["question": "How many legs has a cat?", "answer_number": 4],
            ["question": "How many wheels has a bike?", "answer_number": "2"],
            ["question": "How many legs has an ant?", "answer_number": 6.0],
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: items, format: .binary, options: 0)
        let file = try db.write(binary, to: "legs.plist")
        #expect(try db.ok(["questions", "import", file, "--set", "legs"]).stdout == "imported 3 questions into legs (en)\n")
        let exported = try JSONOutput.object(try db.ok(["questions", "export", "--set", "legs"]).stdout)
        #expect((exported["questions"] as? [[String: Any]])?.map { $0["answer"] as? Int } == [4, 2, 6])
    }

    @Test("questions export writes the format import reads; the round trip keeps every question")
    func exportRoundTrip() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(Self.animals, to: "animals.json")])
        let exported = try db.ok(["questions", "export", "--set", "animals"]).stdout
        let json = try JSONOutput.object(exported)
        #expect(Set(json.keys) == ["name", "locale", "questions"])
        let questions = try #require(json["questions"] as? [[String: Any]])
        #expect(questions.map { $0["prompt"] as? String } == ["How many legs has a spider?", "How many legs has a bird?"])
        #expect(questions.map { $0["answer"] as? Int } == [8, 2])
        #expect(questions[1]["choices"] as? [Int] == [2, 4, 6])
        #expect(questions[0]["choices"] == nil)

        let output = db.file("out/animals-export.json")
        try FileManager.default.createDirectory(atPath: db.file("out"), withIntermediateDirectories: true)
        let written = try db.ok(["questions", "export", "--set", "animals", "--locale", "en", "--output", output])
        #expect(written.stdout == "exported 2 questions to \(output)\n")
        let reimported = try db.ok(["questions", "import", output, "--set", "copy"])
        #expect(reimported.stdout == "imported 2 questions into copy (en)\n")
        let copy = try JSONOutput.object(try db.ok(["questions", "export", "--set", "copy"]).stdout)
        #expect((copy["questions"] as? [[String: Any]])?.count == 2)
        #expect((copy["questions"] as? [[String: Any]])?[1]["choices"] as? [Int] == [2, 4, 6])
    }

    @Test("questions export --output FILE --json prints one JSON value")
    func exportOutputJSON() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(Self.animals, to: "animals.json")])
        let result = try db.run(["questions", "export", "--set", "animals", "--output", db.file("x.json"), "--json"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: db.file("x.json")))
        _ = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test("an existing set is refused without --replace (64, nothing changes) and replaced with it")
    func duplicateAndReplace() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write(Self.animals, to: "animals.json")
        try db.ok(["questions", "import", file])
        let before = try db.snapshot()
        let duplicate = try db.run(["questions", "import", file])
        #expect(duplicate.status == 64)
        #expect(duplicate.stdout.isEmpty)
        expectError(
            duplicate, status: 64,
            message: "question set 'animals' already exists in locale en (import it with --replace to overwrite it)")
        expectUnchanged(try db.snapshot(), before)

        let smaller = try db.write(#"[{"prompt": "How many legs has a fish?", "answer": 0}]"#, to: "fish.json")
        #expect(try db.ok(["questions", "import", smaller, "--set", "ANIMALS", "--replace"]).stdout.hasPrefix("imported 1 question into "))
        let list = try JSONOutput.array(try db.ok(["questions", "list", "--json"]).stdout)
        #expect(list.count == 1)
        #expect(list.first?["questions"] as? Int == 1)
    }

    @Test("questions remove: one locale, or every locale of the set; --json names the set")
    func remove() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        let file = try db.write(Self.animals, to: "animals.json")
        try db.ok(["questions", "import", file])
        try db.ok(["questions", "import", file, "--locale", "de"])
        try db.ok(["questions", "import", file, "--locale", "fr"])
        #expect(try db.ok(["questions", "remove", "--set", "animals", "--locale", "de"]).stdout == "removed question set animals (de)\n")
        #expect(try JSONOutput.array(try db.ok(["questions", "list", "--json"]).stdout).map { $0["locale"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["en", "fr"])
        let json = try JSONOutput.object(try db.ok(["questions", "remove", "--set", "animals", "--json"]).stdout)
        #expect(json["removed"] as? String == "animals")
        #expect(try db.ok(["questions", "list"]).stdout == "SET  LOCALE  QUESTIONS  UPDATED\n(none)\n")
        let audit = try JSONOutput.array(try db.ok(["audit", "list", "--json"]).stdout)
        #expect(audit.filter { $0["kind"] as? String == "questionSetRemoved" }.count >= 2)
    }

    @Test("an unknown set is 'not found' (exit 3) for export and remove, and nothing changes")
    func unknownSet() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(Self.animals, to: "animals.json")])
        let before = try db.snapshot()
        expectError(try db.run(["questions", "export", "--set", "plants"]), status: 3, message: "no question set named 'plants' in locale en")
        expectError(
            try db.run(["questions", "export", "--set", "animals", "--locale", "de"]), status: 3,
            message: "no question set named 'animals' in locale de")
        expectError(try db.run(["questions", "remove", "--set", "plants"]), status: 3, message: "no question set named 'plants'")
        expectError(
            try db.run(["questions", "remove", "--set", "animals", "--locale", "de"]), status: 3,
            message: "no question set named 'animals' in locale de")
        expectUnchanged(try db.snapshot(), before)
    }

    /// Imports `contents` as `name` and expects exit 64 with `message` and no change.
    func expectRefused(
        _ contents: Data, name: String, message: (String) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(Self.animals, to: "animals.json")], sourceLocation: sourceLocation)
        let before = try db.snapshot()
        let path = try db.write(contents, to: name)
        let result = try db.run(["questions", "import", path, "--set", "other"])
        expectError(result, status: 64, message: message(path), sourceLocation: sourceLocation)
        expectUnchanged(try db.snapshot(), before, sourceLocation: sourceLocation)
        let json = try db.run(["questions", "import", path, "--set", "other", "--json"])
        #expect(json.status == 64, sourceLocation: sourceLocation)
        #expect(json.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("malformed JSON is refused (64) with one line, and nothing changes")
    func malformedJSON() throws {
        try expectRefused(Data("this is { not json".utf8), name: "bad.json") { _ in "bad.json: malformed question file: not valid JSON" }
    }

    @Test("a truncated JSON file is refused (64)")
    func truncatedJSON() throws {
        let truncated = String(Self.animals.prefix(120))
        try expectRefused(Data(truncated.utf8), name: "cut.json") { _ in "cut.json: malformed question file: not valid JSON" }
    }

    @Test("JSON with a wrong type is refused (64), naming where")
    func wrongType() throws {
        try expectRefused(
            Data(#"{"name": "x", "questions": [{"prompt": "a", "answer": 1}, {"prompt": "b", "answer": "eight"}]}"#.utf8),
            name: "type.json") { _ in "type.json: malformed question file: questions[1].answer: expected a whole number" }
        try expectRefused(Data(#"{"name": "x", "questions": [{"answer": 1}]}"#.utf8), name: "noprompt.json") { _ in
            "noprompt.json: malformed question file: questions[0]: missing 'prompt'"
        }
    }

    @Test("questions that break the rules are refused (64): choices without the answer, repeated choices, none at all")
    func invalidQuestions() throws {
        try expectRefused(Data(#"[{"prompt": "Two?", "answer": 2, "choices": [3, 4]}]"#.utf8), name: "c.json") { _ in
            "c.json: question 1: malformed question: 'Two?': the answer 2 is not among its choices"
        }
        try expectRefused(Data(#"[{"prompt": "Two?", "answer": 2, "choices": [2, 2]}]"#.utf8), name: "d.json") { _ in
            "d.json: question 1: malformed question: 'Two?' repeats a choice"
        }
        try expectRefused(Data("".utf8), name: "empty.json") { _ in "empty.json is empty" }
    }

    @Test("a malformed plist is refused (64)")
    func malformedPlist() throws {
        let cut = String(spiderPlist.prefix(spiderPlist.count / 2))
        try expectRefused(Data(cut.utf8), name: "bad.plist") { _ in "bad.plist: malformed property list" }
    }

    @Test("a plist missing answer_number is refused (64), naming the item")
    func plistWithoutAnswer() throws {
        let plist = spiderPlist.replacingOccurrences(of: "    <key>answer_number</key>\n    <integer>8</integer>\n", with: "")
        #expect(plist != spiderPlist)
        try expectRefused(Data(plist.utf8), name: "noanswer.plist") { _ in
            "noanswer.plist: item 1: 'answer_number' is missing or not a whole number"
        }
    }

    @Test("a missing file is refused (64), naming it")
    func missingFile() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["profile", "add", "emma"])
        let before = try db.snapshot()
        let path = db.file("nowhere/questions.json")
        expectError(try db.run(["questions", "import", path]), status: 64, message: "cannot read \(path): no such file")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a directory given as the file is refused (64) with a message that says what it is")
    func directory() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try FileManager.default.createDirectory(atPath: db.file("folder"), withIntermediateDirectories: true)
        let result = try db.run(["questions", "import", db.file("folder")])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("no such file"), "\(result.stderr)")
    }

    @Test("a file over 5 MiB is refused (64); one of exactly 5 MiB is read")
    func tooLarge() throws {
        let valid = Data(#"{"questions": [{"prompt": "How many legs has a spider?", "answer": 8}]}"#.utf8)
        let limit = 5 * 1024 * 1024
        let over = valid + Data(repeating: UInt8(ascii: " "), count: limit + 1 - valid.count)
        try expectRefused(over, name: "big.json") { _ in "big.json is too large (5120 KiB; at most 5 MiB)" }

        let db = try TestDatabase()
        defer { db.remove() }
        let exact = valid + Data(repeating: UInt8(ascii: " "), count: limit - valid.count)
        #expect(exact.count == limit)
        let path = try db.write(exact, to: "exact.json")
        #expect(try db.ok(["questions", "import", path]).stdout == "imported 1 question into exact (en)\n")
    }

    @Test("JSON nested deeper than 16 levels is refused (64)")
    func deeplyNested() throws {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        try expectRefused(Data(deep.utf8), name: "deep.json") { _ in "deep.json: JSON nested deeper than 16 levels" }
        let seventeen = #"{"questions": [{"prompt": "a", "answer": 1, "extra": "#
            + String(repeating: "[", count: 14) + String(repeating: "]", count: 14) + "}]}"
        try expectRefused(Data(seventeen.utf8), name: "seventeen.json") { _ in "seventeen.json: JSON nested deeper than 16 levels" }
    }

    @Test("a question set imported for a profile is what its challenges ask")
    func challengeFromSet() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.ok(["questions", "import", try db.write(Self.animals, to: "animals.json")])
        try db.addProfile("emma", policy: ["--question-source", "questionSet:animals"])
        let json = try JSONOutput.object(try db.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let prompt = (json["challenge"] as? [String: Any])?["prompt"] as? String
        #expect(["How many legs has a spider?", "How many legs has a bird?"].contains(prompt ?? ""), "\(json)")
    }
}

@Suite("gatectl: a choice challenge gives fewer tries than options", .boundedConcurrency)
struct ChoiceTriesCommandTests {
    static let bird = #"{"name": "animals", "locale": "en", "questions": [{"prompt": "How many legs has a bird?", "answer": 2, "choices": [2, 4]}]}"#

    @Test("policy set and questions import refuse tries ≥ a question's own choices, exit 64, nothing written")
    func refused() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--answer-format", "choice", "--choice-count", "8", "--max-wrong-answers", "3"])
        try db.ok(["policy", "set", "--profile", "emma", "--question-source", "questionSet:animals"])
        let file = try db.write(Self.bird, to: "animals.json")
        var before = try db.snapshot()
        expectError(
            try db.run(["questions", "import", file]), status: 64,
            message: "inconsistent policy: question set 'animals' (en) cannot be stored: for profile 'emma', maxWrongAnswers 3 must be fewer than the 2 choices of a question questionSet:animals asks, or trying each of them would always pass")
        expectUnchanged(try db.snapshot(), before)

        try db.ok(["policy", "set", "--profile", "emma", "--max-wrong-answers", "1"])
        try db.ok(["questions", "import", file])
        before = try db.snapshot()
        expectError(
            try db.run(["policy", "set", "--profile", "emma", "--max-wrong-answers", "2"]), status: 64,
            message: "inconsistent policy: for profile 'emma', maxWrongAnswers 2 must be fewer than the 2 choices of a question questionSet:animals asks, or trying each of them would always pass")
        expectUnchanged(try db.snapshot(), before)
    }

    @Test("a database that already gives three tries to a two-option question: the challenge still ends after one wrong answer")
    func capped() throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma", policy: ["--answer-format", "choice", "--choice-count", "8", "--max-wrong-answers", "3",
                                           "--question-source", "questionSet:animals", "--min-response-time", "0s"])
        // As a database written before the check, or by another program, could hold it.
        try db.sqlite("""
            INSERT INTO question_sets (name, name_key, locale, created_at, updated_at) VALUES ('animals', 'animals', 'en', 0, 0);
            INSERT INTO questions (set_id, position, prompt, answer, choices)
                SELECT id, 0, 'How many legs has a bird?', 2, '[2,4]' FROM question_sets;
            """)
        let begun = try JSONOutput.object(try db.ok(["challenge", "begin", "emma", "--json"]).stdout)
        let challenge = try #require(begun["challenge"] as? [String: Any])
        #expect(Set(challenge["choices"] as? [Int] ?? []) == [2, 4])
        let id = try #require(challenge["id"] as? String)
        #expect(try db.sqlite("SELECT max_wrong_answers FROM challenges WHERE id = '\(id)'") == "1\n")
        let answered = try db.run(["challenge", "answer", id, "4", "--json"])
        #expect(answered.status == 1)
        let json = try JSONOutput.object(answered.stdout)
        #expect(json["result"] as? String == "failed", "\(answered.stdout)")
        #expect(json["reason"] as? String == "tooManyWrongAnswers")
    }
}
