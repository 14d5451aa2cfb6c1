import Foundation
import GateCore
@testable import ParentalGate
import ParentalGateTesting
import TestSlots
import Testing

/// A challenge never gives as many tries as it has options, whether the options come from
/// `choiceCount` or from a stored question's own choices.
@Suite("Choice tries: fewer tries than options, whatever the source", .boundedConcurrency)
struct ChoiceTriesTests {
    let bird: [Question]
    let dog: [Question]

    init() throws {
        bird = [try Question(prompt: "How many legs has a bird?", answer: 2, choices: [2, 4])]
        dog = [try Question(prompt: "How many legs has a dog?", answer: 4, choices: [2, 4, 6, 8])]
    }

    static func expectRefused(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("not refused", sourceLocation: sourceLocation)
        } catch let error as GateError {
            guard case .invalidInput = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.description.contains(message), "\(error.description)", sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("a policy that gives a question's own choices as many tries is refused, for the household and a profile, and changes nothing", arguments: Backend.allCases)
    func policyRefused(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.importQuestions(bird, set: "animals", locale: "en")
        try await test.gate.setPolicy([(.answerFormat, "choice"), (.choiceCount, "8"), (.questionSource, "questionSet:animals")])
        let history = try await test.gate.policyHistory(limit: 1000).count
        let audit = try await test.audit().count

        await Self.expectRefused("maxWrongAnswers 2 must be fewer than the 2 choices of a question questionSet:animals asks") {
            try await test.gate.setPolicy(.maxWrongAnswers, to: "2")
        }
        await Self.expectRefused("for profile 'emma', maxWrongAnswers 3 must be fewer than the 2 choices") {
            try await test.gate.setPolicy(.maxWrongAnswers, to: "3", for: "emma")
        }
        try await test.gate.setPolicy(.questionSource, to: "arithmetic")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "3")
        await Self.expectRefused("the 2 choices of a question mixed asks") {
            try await test.gate.setPolicy(.questionSource, to: "mixed")
        }
        await Self.expectRefused("the 2 choices of a question questionSet:ANIMALS asks") {
            try await test.gate.setPolicy(.questionSource, to: "questionSet:ANIMALS", for: "emma")
        }
        #expect(try await test.gate.policy().policy.maxWrongAnswers == 3)
        #expect(try await test.gate.policy().policy.questionSource == .arithmetic)
        #expect(try await test.gate.policyHistory(limit: 1000).count == history + 2, "only the two accepted changes")
        #expect(try await test.audit().count == audit + 2)
        try await test.gate.setPolicy(.answerFormat, to: "entry")
        try await test.gate.setPolicy(.questionSource, to: "mixed")
        await Self.expectRefused("the 2 choices") {
            try await test.gate.setPolicy(.answerFormat, to: "choice")
        }
    }

    @Test("an import that would give a policy in force as many tries as a question's own choices is refused and stores nothing", arguments: Backend.allCases)
    func importRefused(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.answerFormat, to: "choice", for: "emma")
        try await test.gate.setPolicy(.choiceCount, to: "8", for: "emma")
        try await test.gate.setPolicy(.maxWrongAnswers, to: "3", for: "emma")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:animals", for: "emma")
        let audit = try await test.audit().count

        await Self.expectRefused(
            "question set 'animals' (en) cannot be stored: for profile 'emma', maxWrongAnswers 3 must be fewer than the 2 choices"
        ) {
            try await test.gate.importQuestions(bird, set: "animals", locale: "en")
        }
        #expect(try await test.gate.questionSets().isEmpty)
        #expect(try await test.audit().count == audit)

        try await test.gate.importQuestions(dog, set: "animals", locale: "en")
        await Self.expectRefused("cannot be stored") {
            try await test.gate.importQuestions(bird, set: "animals", locale: "en", replacing: true)
        }
        #expect(try await test.gate.questions(set: "animals", locale: "en") == dog, "the set it would replace is kept")
        try await test.gate.importQuestions(bird, set: "birds", locale: "en")  // no policy asks it
    }

    @Test("issuing gives a two-option question one try even when the policy says three", arguments: [1, 2, 3, 7])
    func issuingCaps(tries: Int) {
        var policy = Policy.default
        policy.maxWrongAnswers = tries
        #expect(GateMachine.tries(policy, options: 2) == 1)
        #expect(GateMachine.tries(policy, options: 4) == min(tries, 3))
        #expect(GateMachine.tries(policy, options: nil) == tries)
    }
}
