import Foundation
import GateCore
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

    @Test("a language added with GateStrings.register words the challenges of its profiles, numbers in its own words; a table that lacks a placeholder, has a text too long, names no language or one without number words is refused and adds nothing")
    func addedLanguage() async throws {
        var dutch = GateStrings(language: try LocaleTag("nl"))
        dutch.question = "Hoeveel is {expression}?"
        dutch.plus = "{a} plus {b}"
        dutch.minus = "{a} min {b}"
        dutch.times = "{a} keer {b}"
        dutch.dividedBy = "{a} gedeeld door {b}"
        dutch.timesThenPlus = "{a} keer {b}, plus {c}"
        dutch.timesThenMinus = "{a} keer {b}, min {c}"
        dutch.plusThenMinus = "{a} plus {b}, min {c}"
        dutch.wrongTriesLeft = "Fout. Nog {n} pogingen."
        try GateStrings.register(dutch)

        var broken = dutch
        broken.language = "nl-BE"
        broken.times = "{a} keer"
        #expect(throws: GateInputError.malformedStrings(language: "nl-BE", reason: "times must contain {b}")) { try GateStrings.register(broken) }
        broken = dutch
        broken.language = "nl-BE"
        broken.failed = " "
        #expect(throws: GateInputError.malformedStrings(language: "nl-BE", reason: "failed is empty")) { try GateStrings.register(broken) }
        broken = dutch
        broken.language = "nl-BE"
        broken.askOff = String(repeating: "x", count: GateStrings.maximumTextLength + 1)
        #expect(throws: GateInputError.malformedStrings(language: "nl-BE", reason: "askOff is longer than 200 characters")) { try GateStrings.register(broken) }
        broken = dutch
        broken.language = "zu"
        #expect(throws: GateInputError.malformedStrings(language: "zu", reason: "this system has no words for numbers in it (they would be English)")) {
            try GateStrings.register(broken)
        }
        broken.language = "dutch please"
        #expect(throws: GateInputError.malformedLocale("dutch please")) { try GateStrings.register(broken) }
        #expect(GateStrings.tables["nl-BE"] == nil && GateStrings.tables["zu"] == nil)

        let test = try TestGate()
        let noor = try await test.gate.addProfile("noor", locale: "nl-BE")
        for _ in 0..<3 {
            let challenge = try await test.begin("noor")
            #expect(challenge.locale == (try LocaleTag("nl")), "nl-BE falls back to the added nl")
            let expression = try #require(challenge.prompt.wholeMatch(of: /Hoeveel is (.+)\?/)?.output.1, "\(challenge.prompt)")
            let numbers = expression.split(separator: #/, | plus | min | keer | gedeeld door /#).map(String.init)
            let dutchNumbers = Set((0...9_999).map { NumberWords.spell($0, language: "nl") })
            #expect(!numbers.isEmpty && numbers.allSatisfy(dutchNumbers.contains), "numbers in Dutch words: \(numbers)")
            #expect(NumberWords.spell(7, language: "nl") == "zeven")
            _ = try await test.pass(challenge)
            _ = try await test.gate.endSession(profile: "noor", by: "tests")
        }
        #expect(try await test.gate.strings(for: noor).wrong(triesLeft: 2) == "Fout. Nog 2 pogingen.")
    }
}
