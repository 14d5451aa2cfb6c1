import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("QuestionSource", .boundedConcurrency)
struct QuestionSourceTests {
    @Test(
        "parses arithmetic, mixed and named question sets",
        arguments: [
            ("arithmetic", QuestionSource.arithmetic),
            ("mixed", .mixed),
            (" arithmetic ", .arithmetic),
            ("\tmixed", .mixed),
            ("questionSet:animals", .questionSet("animals")),
            ("questionSet:Animals", .questionSet("Animals")),
            ("questionSet: Animals ", .questionSet("Animals")),
            ("questionSet:big cats", .questionSet("big cats")),
            ("questionSet:a:b", .questionSet("a:b")),
            ("questionSet:Ёлка", .questionSet("Ёлка")),
            ("questionSet:Jose\u{301}", .questionSet("Jos\u{E9}")),
            ("questionSet:arithmetic", .questionSet("arithmetic")),
            ("questionSet:\u{1F43E}", .questionSet("\u{1F43E}")),
        ] as [(String, QuestionSource)])
    func parses(text: String, source: QuestionSource) throws {
        #expect(try QuestionSource(text) == source)
    }

    @Test(
        "refuses anything else as malformed",
        arguments: ["", " ", "Arithmetic", "ARITHMETIC", "Mixed", "math", "questionset:animals", "QuestionSet:animals",
                    "questionSet", "set:animals", "animals", "arithmetic mixed", "questionSet :animals", "arithmetic\n"])
    func refusesMalformed(text: String) {
        #expect(
            throws: GateInputError.malformedValue(field: .questionSource, text: text, expected: "arithmetic, mixed or questionSet:<name>")
        ) { try QuestionSource(text) }
    }

    @Test("validates the set name as a name")
    func validatesSetName() throws {
        #expect(throws: GateInputError.emptyName(what: "question set name")) { try QuestionSource("questionSet:") }
        #expect(throws: GateInputError.emptyName(what: "question set name")) { try QuestionSource("questionSet:\u{3000}") }
        #expect(throws: GateInputError.forbiddenCharacter(what: "question set name", scalar: "U+A")) {
            try QuestionSource("questionSet:big\ncats")
        }
        #expect(throws: GateInputError.forbiddenCharacter(what: "question set name", scalar: "U+200B")) {
            try QuestionSource("questionSet:ani\u{200B}mals")
        }
        #expect(throws: GateInputError.nameTooLong(what: "question set name", limit: 64)) {
            try QuestionSource("questionSet:" + String(repeating: "n", count: 65))
        }
        #expect(try QuestionSource("questionSet:" + String(repeating: "n", count: 64)) == .questionSet(String(repeating: "n", count: 64)))
    }

    @Test("prints as it is typed", arguments: [
        (QuestionSource.arithmetic, "arithmetic"), (.mixed, "mixed"), (.questionSet("animals"), "questionSet:animals"),
    ] as [(QuestionSource, String)])
    func prints(source: QuestionSource, text: String) {
        #expect(source.description == text)
    }

    @Test("description parses back to the same source")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 0x5E7)
        let alphabet = Array("abcXYZ019 -_:.ёЖé\u{1F43E}")
        var checked = 0
        for _ in 0..<1_000 {
            let length = Int.random(in: 1...64, using: &generator)
            let raw = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            guard let name = try? ProfileName(raw) else { continue }
            let source = QuestionSource.questionSet(name.value)
            #expect(try QuestionSource(source.description) == source, "\(raw)")
            checked += 1
        }
        // Most random names are valid ones: the loop above did test something.
        #expect(checked >= 900, "only \(checked) of 1,000 random names were valid")
        for source in [QuestionSource.arithmetic, .mixed] {
            #expect(try QuestionSource(source.description) == source)
        }
    }

    @Test("validate refuses an untrimmed question set name, so every accepted value round-trips through its text")
    func validateAcceptsOnlyCanonicalNames() throws {
        let untrimmed = PolicyValue.questionSource(.questionSet(" Animals "))
        #expect(throws: GateInputError.self) { try Policy.default.setting(.questionSource, to: untrimmed) }
        let canonical = PolicyValue.questionSource(.questionSet("Animals"))
        let policy = try Policy.default.setting(.questionSource, to: canonical)
        let reparsed = try PolicyField.questionSource.parse(policy[.questionSource].description)
        #expect(reparsed == policy[.questionSource])
    }
}
