import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("Question and QuestionSet", .boundedConcurrency)
struct QuestionTests {
    // MARK: Question

    @Test("keeps a valid question, trimmed")
    func valid() throws {
        let question = try Question(prompt: "  How many legs has a spider?\n", answer: 8)
        #expect(question.prompt == "How many legs has a spider?")
        #expect(question.answer == 8)
        #expect(question.choices == nil)
    }

    @Test("keeps choices as given, in order")
    func validChoices() throws {
        let question = try Question(prompt: "How many legs has a spider?", answer: 8, choices: [6, 8, 4, 10])
        #expect(question.choices == [6, 8, 4, 10])
    }

    @Test("accepts negative and large answers and line breaks inside the prompt")
    func unusualButValid() throws {
        #expect(try Question(prompt: "What is 3 minus 5?", answer: -2, choices: [-2, 2]).answer == -2)
        #expect(try Question(prompt: "Line one\nline two", answer: 1).prompt == "Line one\nline two")
        #expect(try Question(prompt: "Сколько лап у паука?", answer: 8).prompt == "Сколько лап у паука?")
    }

    @Test("answers and choices lie within ±1,000,000,000")
    func answerRange() throws {
        #expect(Question.answerRange == -1_000_000_000...1_000_000_000)
        #expect(try Question(prompt: "Big", answer: 1_000_000_000).answer == 1_000_000_000)
        #expect(try Question(prompt: "Small", answer: -1_000_000_000).answer == -1_000_000_000)
        #expect(try Question(prompt: "Pick", answer: 0, choices: [-1_000_000_000, 0, 1_000_000_000]).choices?.count == 3)
        for answer in [1_000_000_001, -1_000_000_001, Int.max, Int.min] {
            #expect(throws: GateInputError.malformedQuestion("'Big': the answer \(answer) is out of range (allowed: -1000000000...1000000000)")) {
                try Question(prompt: "Big", answer: answer)
            }
        }
        #expect(throws: GateInputError.malformedQuestion("'Pick': the choice 1000000001 is out of range (allowed: -1000000000...1000000000)")) {
            try Question(prompt: "Pick", answer: 1, choices: [1, 1_000_000_001])
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Question.self, from: Data(#"{"prompt":"Big","answer":1000000001}"#.utf8))
        }
    }

    @Test("refuses an empty prompt", arguments: ["", " ", "\n\t ", "\u{3000}"])
    func emptyPrompt(prompt: String) {
        #expect(throws: GateInputError.malformedQuestion("the question text is empty")) { try Question(prompt: prompt, answer: 1) }
    }

    @Test("allows 1000 characters and refuses 1001")
    func promptLength() throws {
        let max = String(repeating: "q", count: 999) + "?"
        #expect(try Question(prompt: max, answer: 1).prompt.count == 1_000)
        #expect(try Question(prompt: "  " + max + "  ", answer: 1).prompt == max)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(try Question(prompt: String(repeating: family, count: 1_000), answer: 1).prompt.count == 1_000)
        #expect(throws: GateInputError.malformedQuestion("the question text is longer than 1000 characters")) {
            try Question(prompt: max + "?", answer: 1)
        }
        #expect(throws: GateInputError.malformedQuestion("the question text is longer than 1000 characters")) {
            try Question(prompt: String(repeating: "q", count: 100_000), answer: 1)
        }
    }

    @Test("refuses control characters other than a line break", arguments: ["a\u{0}b", "a\tb", "a\rb", "a\r\nb", "a\u{1B}b", "a\u{7F}b", "a\u{85}b"])
    func controlCharacters(prompt: String) {
        #expect(throws: GateInputError.malformedQuestion("the question text contains control characters")) {
            try Question(prompt: prompt, answer: 1)
        }
    }

    @Test("refuses choices without the answer")
    func choicesWithoutAnswer() {
        #expect(throws: GateInputError.malformedQuestion("'Legs?': the answer 8 is not among its choices")) {
            try Question(prompt: "Legs?", answer: 8, choices: [6, 4, 10])
        }
    }

    @Test("refuses repeated choices")
    func repeatedChoices() {
        #expect(throws: GateInputError.malformedQuestion("'Legs?' repeats a choice")) {
            try Question(prompt: "Legs?", answer: 8, choices: [6, 8, 6])
        }
        #expect(throws: GateInputError.malformedQuestion("'Legs?' repeats a choice")) {
            try Question(prompt: "Legs?", answer: 8, choices: [8, 8])
        }
    }

    @Test("allows 2 to 8 choices", arguments: 2...8)
    func choiceCounts(count: Int) throws {
        let choices = Array(1...count)
        #expect(try Question(prompt: "Pick", answer: 1, choices: choices).choices?.count == count)
    }

    @Test("refuses 0, 1 or 9 choices", arguments: [0, 1, 9, 20])
    func wrongChoiceCounts(count: Int) {
        let choices = Array(0..<count)
        #expect(throws: GateInputError.malformedQuestion("'Pick' has \(count) choices (allowed: 2...8)")) {
            try Question(prompt: "Pick", answer: 0, choices: choices)
        }
    }

    @Test("the choice count is checked before repeats and the answer")
    func checkOrder() {
        #expect(throws: GateInputError.malformedQuestion("'Pick' has 1 choices (allowed: 2...8)")) {
            try Question(prompt: "Pick", answer: 5, choices: [1])
        }
        #expect(throws: GateInputError.malformedQuestion("'Pick' repeats a choice")) {
            try Question(prompt: "Pick", answer: 5, choices: [1, 1])
        }
    }

    @Test("messages about a long prompt stay short and on one line")
    func messagesAreOneLine() {
        let prompt = "Line one\nline two " + String(repeating: "word ", count: 150)
        let error = caughtError { () throws(GateInputError) in try Question(prompt: prompt, answer: 1, choices: [2, 3]) }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("malformed question: '"))
        #expect(!message.contains("\n"))
        #expect(message.contains("Line one\\u{a}line two"))
        #expect(message.contains("..."))
        #expect(message.count < 200)
    }

    // MARK: Codable

    @Test("decodes valid questions, trimmed")
    func decodes() throws {
        let json = #"[{"prompt":" Legs of a spider? ","answer":8},{"prompt":"Pick","answer":2,"choices":[1,2,3]}]"#
        let questions = try JSONDecoder().decode([Question].self, from: Data(json.utf8))
        #expect(questions == [try Question(prompt: "Legs of a spider?", answer: 8), try Question(prompt: "Pick", answer: 2, choices: [1, 2, 3])])
    }

    @Test("encodes and decodes back")
    func roundTrip() throws {
        let questions = [try Question(prompt: "Legs?", answer: 8, choices: [6, 8]), try Question(prompt: "Сколько?", answer: -3)]
        let decoded = try JSONDecoder().decode([Question].self, from: JSONEncoder().encode(questions))
        #expect(decoded == questions)
    }

    @Test(
        "decoding refuses invalid questions",
        arguments: [
            #"{"prompt":"","answer":1}"#,
            #"{"prompt":"Legs?","answer":8,"choices":[1,2]}"#,
            #"{"prompt":"Legs?","answer":8,"choices":[8]}"#,
            #"{"prompt":"Legs?","answer":8,"choices":[8,8,1]}"#,
            #"{"prompt":"Legs?"}"#,
            #"{"answer":8}"#,
            #"{"prompt":"Legs?","answer":"eight"}"#,
            #"{"prompt":"Legs?","answer":8.5}"#,
            #"{"prompt":"a\tb","answer":1}"#,
            #"[]"#,
        ])
    func decodingRefuses(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Question.self, from: Data(json.utf8)) }
    }

    @Test("a decoding error carries the validation message")
    func decodingErrorMessage() {
        do {
            _ = try JSONDecoder().decode(Question.self, from: Data(#"{"prompt":"Legs?","answer":8,"choices":[1,2]}"#.utf8))
            Issue.record("decoded a question whose choices lack the answer")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "malformed question: 'Legs?': the answer 8 is not among its choices")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: QuestionSet

    @Test("a set keeps its name, locale and questions")
    func validSet() throws {
        let questions = [try Question(prompt: "Legs?", answer: 8), try Question(prompt: "Eyes?", answer: 2)]
        let set = try QuestionSet(name: ProfileName("animals"), locale: LocaleTag("en"), questions: questions)
        #expect(set.name.value == "animals")
        #expect(set.locale.identifier == "en")
        #expect(set.questions == questions)
    }

    @Test("an empty set is refused")
    func emptySet() throws {
        let name = try ProfileName("animals")
        #expect(throws: GateInputError.malformedQuestion("question set 'animals' has no questions")) {
            try QuestionSet(name: name, locale: .english, questions: [])
        }
    }

    @Test("a set holds at most 10,000 questions")
    func setSizeLimit() throws {
        let name = try ProfileName("big")
        let question = try Question(prompt: "One?", answer: 1)
        let full = try QuestionSet(name: name, locale: .english, questions: Array(repeating: question, count: 10_000))
        #expect(full.questions.count == 10_000)
        #expect(throws: GateInputError.malformedQuestion("question set 'big' has more than 10000 questions")) {
            try QuestionSet(name: name, locale: .english, questions: Array(repeating: question, count: 10_001))
        }
    }

    @Test("stored questions keep their id")
    func storedQuestion() throws {
        let question = try Question(prompt: "Legs?", answer: 8)
        let stored = StoredQuestion(id: 12, question: question)
        #expect(stored.id == 12)
        #expect(stored.question == question)
    }
}
