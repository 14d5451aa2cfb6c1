import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// A generated challenge carries its form and operands, for an app that renders it itself.
@Suite("A challenge's arithmetic: form and operands, never the answer", .boundedConcurrency)
struct ChallengeArithmeticTests {
    /// What `arithmetic` computes to.
    private static func value(of arithmetic: ChallengeArithmetic) -> Int {
        let o = arithmetic.operands
        return switch arithmetic.form {
        case .sum: o[0] + o[1]
        case .difference: o[0] - o[1]
        case .product: o[0] * o[1]
        case .quotient: o[0] / o[1]
        case .productPlus: o[0] * o[1] + o[2]
        case .productMinus: o[0] * o[1] - o[2]
        case .sumMinus: o[0] + o[1] - o[2]
        }
    }

    @Test("every difficulty's challenge carries the arithmetic its answer comes from, kept by the store for the open challenge; a stored question carries none", arguments: Backend.allCases)
    func arithmeticIsTheQuestion(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        var forms = Set<ChallengeArithmetic.Form>()
        for difficulty in ["easy", "standard", "hard"] {
            try await test.gate.setPolicy(.difficulty, to: difficulty)
            for _ in 0..<12 {
                let challenge = try await test.begin("emma")
                let arithmetic = try #require(challenge.arithmetic, "\(challenge.prompt)")
                forms.insert(arithmetic.form)
                #expect(Self.value(of: arithmetic) == (try await test.rightAnswer(to: challenge)), "\(challenge.prompt): \(arithmetic)")
                #expect(arithmetic.operands.count == arithmetic.form.operandCount)
                guard case .verifying(let open) = try await test.gate.state(profile: "emma") else {
                    Issue.record("no open challenge")
                    return
                }
                #expect(open.arithmetic == arithmetic, "the open challenge, read back, has it too")
                _ = try await test.pass(challenge)
                _ = try await test.gate.endSession(profile: "emma")
            }
        }
        #expect(forms.count >= 4, "several forms were drawn: \(forms)")

        try await test.gate.importQuestions([try Question(prompt: "How many legs has a spider?", answer: 8)], set: "animals", locale: "en", by: "mum")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:animals")
        #expect(try await test.begin("emma").arithmetic == nil)
    }

    @Test("its JSON is {form, operands}, only beside the challenge's id; operands that do not fit the form are refused")
    func shapes() throws {
        let arithmetic = try #require(ChallengeArithmetic(form: .productPlus, operands: [7, 8, 3]))
        #expect(ChallengeArithmetic(form: .sum, operands: [1, 2, 3]) == nil)
        let challenge = Challenge(
            id: try #require(ChallengeID("0123456789abcdef0123456789abcdef")), profileID: 1, prompt: "What is seven times eight, plus three?",
            locale: .english, format: .entry, choices: nil, issuedAt: Date(timeIntervalSince1970: 0), deadline: Date(timeIntervalSince1970: 30),
            arithmetic: arithmetic)
        let json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(challenge)) as? [String: Any])
        let inner = try #require(json["arithmetic"] as? [String: Any])
        #expect(inner["form"] as? String == "productPlus" && inner["operands"] as? [Int] == [7, 8, 3])
        #expect(try JSONDecoder().decode(Challenge.self, from: try JSONEncoder().encode(challenge)) == challenge)
        let hiding = JSONEncoder()
        hiding.userInfo = [.hidingChallengeIDs: true]
        let hidden = try #require(try JSONSerialization.jsonObject(with: try hiding.encode(challenge)) as? [String: Any])
        #expect(hidden["id"] == nil && hidden["arithmetic"] == nil, "anyone but the device that began it gets the sentence only")
        var wrong = json
        wrong["arithmetic"] = ["form": "sum", "operands": [1, 2, 3]]
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Challenge.self, from: try JSONSerialization.data(withJSONObject: wrong))
        }
    }
}
