import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("GateInputError messages", .boundedConcurrency)
struct ErrorMessageTests {
    @Test("each error reads as one clear line")
    func descriptions() {
        #expect(GateInputError.emptyName(what: "profile name").description == "profile name must not be empty")
        #expect(GateInputError.nameTooLong(what: "profile name", limit: 64).description == "profile name is longer than 64 characters")
        #expect(
            GateInputError.forbiddenCharacter(what: "actor", scalar: "U+202E").description
                == "actor contains a control or invisible formatting character (U+202E)")
        #expect(
            GateInputError.malformedLocale("en--US").description
                == "'en--US' is not a locale tag (expected BCP 47, like en, ru-RU or zh-Hant-TW)")
        #expect(
            GateInputError.unknownLanguage("xx").description == "unknown language 'xx' (expected an ISO 639 code, like en, ru or de)")
        #expect(GateInputError.malformedDuration("5x").description == "'5x' is not a duration (expected e.g. 90s, 5m, 1h30m, 2d)")
        #expect(
            GateInputError.malformedValue(field: .choiceCount, text: "four", expected: "a whole number, 2...8").description
                == "'four' is not a valid choiceCount (expected a whole number, 2...8)")
        #expect(
            GateInputError.outOfRange(field: .timeLimit, value: "11m", range: "5s...10m").description
                == "timeLimit 11m is out of range (allowed: 5s...10m)")
        #expect(GateInputError.inconsistentPolicy("x must be below y").description == "inconsistent policy: x must be below y")
        #expect(GateInputError.malformedQuestion("the question text is empty").description == "malformed question: the question text is empty")
    }

    @Test("reason drops the lead-in of an inconsistent policy only")
    func reason() {
        #expect(GateInputError.inconsistentPolicy("x must be below y").reason == "x must be below y")
        #expect(GateInputError.malformedDuration("5x").reason == GateInputError.malformedDuration("5x").description)
        #expect(GateInputError.emptyName(what: "actor").reason == "actor must not be empty")
    }

    @Test("errors from real input never contain a line break")
    func refusedInputStaysOnOneLine() {
        let errors: [GateInputError?] = [
            caughtError { () throws(GateInputError) in try DurationText.parse("5\nm") },
            caughtError { () throws(GateInputError) in try LocaleTag("en\n-US") },
            caughtError { () throws(GateInputError) in try PolicyField.choiceCount.parse("4\n") },
            caughtError { () throws(GateInputError) in try PolicyField.answerFormat.parse("entry\r\nchoice") },
            caughtError { () throws(GateInputError) in try QuestionSource("questionSet\n") },
            caughtError { () throws(GateInputError) in try Question(prompt: "a\nb", answer: 1, choices: [2, 3]) },
        ]
        for error in errors {
            let message = error?.description ?? ""
            #expect(!message.isEmpty)
            #expect(!message.contains("\n") && !message.contains("\r"), "\(message)")
        }
    }

    @Test("user text in a message is shortened and its control characters shown")
    func escapedUserText() {
        let long = String(repeating: "x", count: 500)
        let message = GateInputError.malformedDuration(long).description
        #expect(message == "'" + String(repeating: "x", count: 77) + "...' is not a duration (expected e.g. 90s, 5m, 1h30m, 2d)")
        #expect(GateInputError.malformedDuration("5\u{1B}[2Jm").description.hasPrefix("'5\\u{1b}[2Jm'"))
    }

    // MARK: escapedForMessage

    @Test("short text without control characters is unchanged")
    func unchanged() {
        for text in ["", "Emma", "Ёлка", "\u{1F44D}\u{1F3FD}", "tab-less text", String(repeating: "a", count: 80)] {
            #expect(text.escapedForMessage == text)
        }
    }

    @Test("control and format characters are made visible")
    func controlsAreEscaped() {
        #expect("a\nb".escapedForMessage == "a\\u{a}b")
        #expect("a\tb".escapedForMessage == "a\\u{9}b")
        #expect("\u{0}".escapedForMessage == "\\u{0}")
        #expect("a\r\nb".escapedForMessage == "a\\u{d}\\u{a}b")
        #expect("a\u{202E}b".escapedForMessage == "a\\u{202e}b")
        #expect("a\u{200B}b".escapedForMessage == "a\\u{200b}b")
        #expect("a\u{85}b".escapedForMessage == "a\\u{85}b")
    }

    @Test("text over 80 characters is cut to 77 and an ellipsis")
    func shortening() {
        let text81 = String(repeating: "b", count: 81)
        #expect(text81.escapedForMessage == String(repeating: "b", count: 77) + "...")
        let emoji = String(repeating: "\u{1F600}", count: 100)
        #expect(emoji.escapedForMessage == String(repeating: "\u{1F600}", count: 77) + "...")
    }

    @Test("line and paragraph separators are made visible too")
    func lineSeparatorsAreEscaped() {
        // U+2028 and U+2029 (categories Zl and Zp) break lines in many viewers and in
        // JavaScript, yet escapedForMessage only escapes Cc and Cf.
        #expect("a\u{2028}b".escapedForMessage == "a\\u{2028}b")
        #expect("a\u{2029}b".escapedForMessage == "a\\u{2029}b")
    }
}
