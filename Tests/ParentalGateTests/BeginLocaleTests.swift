import Foundation
import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// A challenge worded in the asking screen's language, and the household's language read back.
@Suite("Begin in a screen's language; the household's language", .boundedConcurrency)
struct BeginLocaleTests {
    @Test("begin(locale:) words this challenge in that language (a region falls back to its language); the profile's own stays as it was")
    func perRequestLocale() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma", locale: "en")

        let german = try await test.gate.begin(profile: "emma", client: "tablet", locale: "de-AT")
        guard case .challenge(let inGerman) = german else { throw TestGateError.notAChallenge(profile: "emma", answer: "\(german)") }
        #expect(inGerman.locale == (try LocaleTag("de")))
        #expect(inGerman.prompt.hasPrefix("Wie viel ist "), "\(inGerman.prompt)")

        let plain = try await test.begin("emma")
        #expect(plain.locale == (try LocaleTag("en")) && plain.prompt.hasPrefix("What is "), "\(plain.prompt)")
        #expect(try await test.gate.profile(named: "emma").locale == (try LocaleTag("en")))
    }

    @Test("a screen's language words arithmetic only: stored questions stay the profile's, so a caller cannot pick another language's smaller set")
    func storedQuestionsStay() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma", locale: "en")
        try await test.gate.importQuestions(
            [try Question(prompt: "How many legs has a spider?", answer: 8), try Question(prompt: "How many legs has a cat?", answer: 4)],
            set: "animals", locale: "en", by: "mum")
        try await test.gate.importQuestions([try Question(prompt: "Wie viele Beine hat eine Spinne?", answer: 8)], set: "animals", locale: "de", by: "mum")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:animals")
        for _ in 0..<3 {  // a fourth begin would be the third abandoned challenge: a lockout
            let begun = try await test.gate.begin(profile: "emma", locale: "de")
            guard case .challenge(let challenge) = begun else { throw TestGateError.notAChallenge(profile: "emma", answer: "\(begun)") }
            #expect(challenge.locale == (try LocaleTag("en")) && challenge.prompt.hasPrefix("How many legs"), "\(challenge.prompt)")
        }
    }

    @Test("an unknown or malformed locale is bad input, and nothing begins")
    func badLocale() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        let open = try await test.begin("emma")
        for bad in ["xx", "", "de_DE!"] {
            await #expect(throws: GateError.self, "\(bad)") { try await test.gate.begin(profile: "emma", locale: bad) }
        }
        await #expect(throws: GateError.invalidInput(.unknownLanguage("xx"))) { try await test.gate.begin(profile: "emma", locale: "xx") }
        guard case .verifying(let still) = try await test.gate.state(profile: "emma") else {
            Issue.record("a refused begin abandoned the open challenge")
            return
        }
        #expect(still.id == open.id)
    }

    @Test("householdLocale() reads what setHouseholdLocale wrote: English until then")
    func householdLocale() async throws {
        let test = try TestGate()
        #expect(try await test.gate.householdLocale() == (try LocaleTag("en")))
        try await test.gate.setHouseholdLocale("fr-CA", by: "mum")
        #expect(try await test.gate.householdLocale() == (try LocaleTag("fr-CA")))
    }
}
