import Foundation
import GateCore
import Testing
import TestSlots

/// Question files as the library reads them (`QuestionFile`, `QuestionSet(decoding:)`):
/// the shapes it accepts, and hostile input that must give one line and never a crash.
@Suite("Question files", .boundedConcurrency)
struct QuestionFileTests {
    static let animals = Data("""
        {
          "name": "animals",
          "locale": "en",
          "questions": [
            {"prompt": "How many legs has a spider?", "answer": 8},
            {"prompt": "How many legs has a bird?", "answer": 2, "choices": [2, 4, 6]}
          ]
        }
        """.utf8)

    static let spider = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array><dict>
          <key>question</key><string>How many legs has a spider?</string>
          <key>answer_number</key><integer>8</integer>
        </dict></array></plist>
        """.utf8)

    /// The message `data` is refused with, or `nil` when it is read.
    static func refusal(_ data: Data, fileName: String? = nil) -> String? {
        do {
            _ = try QuestionFile(decoding: data, fileName: fileName)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the README's JSON: name, locale and questions, choices where given")
    func readmeJSON() throws {
        let file = try QuestionFile(decoding: Self.animals)
        #expect(file.name == "animals")
        #expect(file.locale == "en")
        #expect(file.questions == [
            try Question(prompt: "How many legs has a spider?", answer: 8),
            try Question(prompt: "How many legs has a bird?", answer: 2, choices: [2, 4, 6]),
        ])
        let set = try QuestionSet(decoding: Self.animals)
        #expect(set.name.value == "animals" && set.locale == .english && set.questions.count == 2)
        let renamed = try QuestionSet(decoding: Self.animals, name: "tiere", locale: "de")
        #expect(renamed.name.value == "tiere" && renamed.locale.identifier == "de")
    }

    @Test("a bare array takes its name and locale from the caller; without a name it is refused")
    func bareArray() throws {
        let data = Data(#"[{"prompt": "How many legs has a spider?", "answer": 8}]"#.utf8)
        let set = try QuestionSet(decoding: data, name: "spiders")
        #expect(set.name.value == "spiders" && set.locale == .english)
        #expect(throws: GateInputError.malformedQuestionFile("the question file names no set: give the set's name")) {
            try QuestionSet(decoding: data)
        }
    }

    @Test("HTKUltimateParentalGate's plist, and answers given as text or whole floating-point numbers")
    func plist() throws {
        let file = try QuestionFile(decoding: Self.spider)
        #expect(file.questions == [try Question(prompt: "How many legs has a spider?", answer: 8)])
        #expect(file.name == nil && file.locale == nil)
        let items: [[String: Any]] = [["question": "Cat?", "answer_number": "4"], ["question": "Ant?", "answer_number": 6.0]]
        let binary = try PropertyListSerialization.data(fromPropertyList: items, format: .binary, options: 0)
        #expect(try QuestionFile(decoding: binary).questions.map(\.answer) == [4, 6])
    }

    @Test("what export writes is what import reads")
    func roundTrip() throws {
        let file = try QuestionFile(decoding: Self.animals)
        #expect(try QuestionFile(decoding: try JSONEncoder.gate(pretty: true).encode(file)) == file)
    }

    @Test("malformed files are refused with one line naming the file and the place", arguments: [
        ("this is { not json", "bad.json: malformed question file: not valid JSON"),
        (#"{"questions": [{"prompt": "a", "answer": 1}, {"prompt": "b", "answer": "eight"}]}"#,
         "bad.json: malformed question file: questions[1].answer: expected a whole number"),
        (#"{"questions": [{"answer": 1}]}"#, "bad.json: malformed question file: questions[0]: missing 'prompt'"),
        (#"{"name": "x"}"#, "bad.json: malformed question file: missing 'questions'"),
        (#"[{"prompt": "Two?", "answer": 2, "choices": [3, 4]}]"#,
         "bad.json: question 1: malformed question: 'Two?': the answer 2 is not among its choices"),
        (#"[{"prompt": "a", "answer": 1}, {"prompt": " ", "answer": 2}]"#,
         "bad.json: question 2: malformed question: the question text is empty"),
        ("", "bad.json is empty"),
        (String(repeating: "[", count: 5000), "bad.json: JSON nested deeper than 16 levels"),
        ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict></dict></plist>",
         "bad.json: expected an array of dictionaries with question and answer_number"),
        ("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict><key>question</key><string>q</string></dict></array></plist>",
         "bad.json: item 1: 'answer_number' is missing or not a whole number"),
        ("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict><key>question</key><string>",
         "bad.json: malformed property list"),
    ])
    func refused(text: String, message: String) {
        #expect(Self.refusal(Data(text.utf8), fileName: "bad.json") == message)
    }

    @Test("files over 5 MiB and plists nested 100,000 deep are refused; exactly 5 MiB is read")
    func limits() throws {
        let valid = Data(#"{"questions": [{"prompt": "How many legs has a spider?", "answer": 8}]}"#.utf8)
        let limit = QuestionFile.maximumBytes
        let exact = valid + Data(repeating: UInt8(ascii: " "), count: limit - valid.count)
        #expect(try QuestionFile(decoding: exact).questions.count == 1)
        #expect(Self.refusal(exact + Data(" ".utf8), fileName: "big.json") == "big.json is too large (5120 KiB; at most 5 MiB)")
        let depth = 100_000
        let deep = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(Self.refusal(Data(deep.utf8), fileName: "deep.plist") == "deep.plist: property list nested deeper than 16 levels")
    }

    @Test("a file is refused before it is read when missing, a folder, or too large")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("question-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nowhere.json")
        #expect(throws: GateInputError.malformedQuestionFile("cannot read \(missing.path): no such file")) {
            try QuestionFile(contentsOf: missing)
        }
        #expect(throws: GateInputError.malformedQuestionFile("cannot read \(folder.path): it is a directory")) {
            try QuestionFile(contentsOf: folder)
        }
        // A device that never ends, and a pipe no one writes to, are refused before a read.
        #expect(throws: GateInputError.malformedQuestionFile("cannot read /dev/zero: not a regular file")) {
            try QuestionFile(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        let pipe = folder.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(throws: GateInputError.malformedQuestionFile("cannot read \(pipe.path): not a regular file")) {
            try QuestionFile(contentsOf: pipe)
        }
        let huge = folder.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge.path))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        #expect(throws: GateInputError.malformedQuestionFile("huge.json is too large (51200 KiB; at most 5 MiB)")) {
            try QuestionFile(contentsOf: huge)
        }
        let animals = folder.appendingPathComponent("animals.json")
        try Self.animals.write(to: animals)
        #expect(try QuestionFile(contentsOf: animals).questions.count == 2)
    }

    @Test("thousands of random byte strings fed to the question-file reader give one-line errors, never a crash")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        let seeds: [String] = [
            #"{"name":"a","locale":"en","questions":[{"prompt":"p","answer":1}]}"#, #"[{"prompt":"p","answer":2}]"#,
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict><key>question</key><string>q</string><key>answer_number</key><integer>3</integer></dict></array></plist>",
            "bplist00", "[", "{", String(repeating: "[", count: 100_000), "\u{FEFF}[]",
        ]
        var accepted = 0
        for round in 0..<3000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            // Mutate: flip, insert and delete random bytes, or replace everything with noise.
            if round % 5 == 0 {
                bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                for _ in 0..<Int.random(in: 0...6, using: &generator) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                    default: bytes.remove(at: index)
                    }
                }
            }
            if let message = Self.refusal(Data(bytes), fileName: "fuzz.json") {
                #expect(!message.isEmpty && !message.contains("\n"), "\(message)")
            } else {
                accepted += 1
            }
        }
        #expect(accepted < 3000)
    }
}
