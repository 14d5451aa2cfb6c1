import Foundation
import GateCore
@testable import ParentalGate
import ParentalGateTesting
import TestSlots
import Testing

@Suite("Challenges through the gate: language, format and question source", .boundedConcurrency)
struct ChallengeSourceTests {
    @Test("the prompt is a sentence in the profile's language, with the fallback of SPEC.md", arguments: [
        ("ru-RU", nil, "Сколько будет "), ("ru", nil, "Сколько будет "), ("de-AT", nil, "Wie viel ist "),
        ("fr", nil, "Combien font "), ("es-MX", nil, "¿Cuánto es "), ("it", "es", "¿Cuánto es "), ("it", nil, "What is "),
        ("ja", "pt", "What is "),
    ] as [(String, String?, String)])
    func language(locale: String, household: String?, prefix: String) async throws {
        let test = try TestGate()
        if let household { try await test.gate.setHouseholdLocale(household, by: "mum") }
        try await test.gate.addProfile("emma", locale: locale)
        let challenge = try await test.begin("emma")
        #expect(challenge.prompt.hasPrefix(prefix), "\(challenge.prompt)")
        let hasDigits = challenge.prompt.contains { $0.isNumber }
        #expect(!hasDigits, "numbers are spelled out: \(challenge.prompt)")
        #expect(challenge.format == .entry && challenge.choices == nil)
    }

    @Test("the choice format gives distinct options holding the answer, uniform in position")
    func choiceThroughTheGate() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.answerFormat, to: "choice")
        try await test.gate.setPolicy(.choiceCount, to: "3")
        var positions = [0, 0, 0]
        for _ in 0..<600 {
            let challenge = try await test.freshChallenge("emma")
            let choices = try #require(challenge.choices)
            #expect(Set(choices).count == 3)
            let answer = try await test.rightAnswer(to: challenge)
            positions[try #require(choices.firstIndex(of: answer))] += 1
        }
        let expected = 200.0
        let chiSquared = positions.reduce(0) { $0 + pow(Double($1) - expected, 2) / expected }
        #expect(chiSquared < 13.82, "positions \(positions)")
    }

    @Test("the difficulty of the policy is the difficulty asked")
    func difficulty() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.difficulty, to: "easy")
        for _ in 0..<50 {
            let answer = try await test.rightAnswer(to: try await test.freshChallenge("emma"))
            #expect(ArithmeticProblem.answerSpace(.easy).contains(answer))
            #expect(answer <= 81)
        }
    }

    @Test("a question set source asks the set's questions in the best-matching locale", arguments: Backend.allCases)
    func questionSet(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma", locale: "de-CH")
        try await test.gate.addProfile("liam", locale: "ja")
        try await test.gate.importQuestions(
            [try Question(prompt: "How many legs has a spider?", answer: 8)], set: "animals", locale: "en", by: "mum")
        try await test.gate.importQuestions(
            [try Question(prompt: "Wie viele Beine hat eine Spinne?", answer: 8, choices: [6, 8, 10])], set: "animals",
            locale: "de", by: "mum")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:animals")
        let german = try await test.begin("emma")
        #expect(german.prompt == "Wie viele Beine hat eine Spinne?")
        #expect(german.locale.identifier == "de")
        #expect(try await test.rightAnswer(to: german) == 8)
        let english = try await test.begin("liam")
        #expect(english.prompt == "How many legs has a spider?")

        try await test.gate.setPolicy(.answerFormat, to: "choice")
        let withChoices = try await test.begin("emma")
        #expect(Set(withChoices.choices ?? []) == [6, 8, 10])
    }

    @Test("a question set that does not exist falls back to arithmetic: the gate never opens for lack of a question", arguments: Backend.allCases)
    func missingSet(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:nothing")
        let challenge = try await test.begin("emma")
        #expect(challenge.prompt.hasPrefix("What is "))
    }

    @Test("the mixed source asks both arithmetic and stored questions", arguments: Backend.allCases)
    func mixed(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.importQuestions(
            [try Question(prompt: "How many legs has a spider?", answer: 8)], set: "animals", locale: "en", by: "mum")
        try await test.gate.setPolicy(.questionSource, to: "mixed")
        var stored = 0
        for _ in 0..<100 {
            if try await test.freshChallenge("emma").prompt == "How many legs has a spider?" { stored += 1 }
        }
        #expect((25...75).contains(stored), "\(stored) of 100 stored")
    }
}
