import Foundation
@testable import GateCore
import Testing
import TestSlots

@Suite("Challenge generation", .boundedConcurrency)
struct ChallengeGenerationTests {
    static let samples = 10_000

    @Test("easy: single-digit sums and products above 10, and their inversions with single-digit results")
    func easy() {
        let random = RandomSource.seeded(11)
        var forms = Set<ArithmeticProblem.Form>()
        for _ in 0..<Self.samples {
            let problem = ArithmeticProblem.random(.easy, using: random)
            forms.insert(problem.form)
            let (x, y) = (problem.operands[0], problem.operands[1])
            #expect(problem.operands.count == 2)
            switch problem.form {
            case .sum:
                #expect((1...9).contains(x) && (1...9).contains(y) && x + y > 10 && problem.answer == x + y)
            case .product:
                #expect((1...9).contains(x) && (1...9).contains(y) && x * y > 10 && problem.answer == x * y)
            case .difference:
                #expect((11...99).contains(x) && (1...9).contains(y) && x - y == problem.answer && (1...9).contains(problem.answer))
            case .quotient:
                #expect((11...99).contains(x) && (2...9).contains(y) && x == problem.answer * y && (1...9).contains(problem.answer))
            default:
                Issue.record("easy made a \(problem.form)")
            }
        }
        #expect(forms == [.sum, .product, .difference, .quotient])
    }

    @Test("standard: two-digit sums and differences (positive, below 200) and digit × two-digit products")
    func standard() {
        let random = RandomSource.seeded(12)
        var forms = Set<ArithmeticProblem.Form>()
        for _ in 0..<Self.samples {
            let problem = ArithmeticProblem.random(.standard, using: random)
            forms.insert(problem.form)
            let (x, y) = (problem.operands[0], problem.operands[1])
            switch problem.form {
            case .sum:
                #expect((10...99).contains(x) && (10...99).contains(y) && problem.answer == x + y && problem.answer < 200)
            case .difference:
                #expect((10...99).contains(x) && (10...99).contains(y) && problem.answer == x - y && problem.answer > 0)
            case .product:
                #expect((2...9).contains(x) && (10...99).contains(y) && problem.answer == x * y)
            default:
                Issue.record("standard made a \(problem.form)")
            }
        }
        #expect(forms == [.sum, .difference, .product])
    }

    @Test("hard: products of two two-digit numbers, or two operations, always positive")
    func hard() {
        let random = RandomSource.seeded(13)
        var forms = Set<ArithmeticProblem.Form>()
        for _ in 0..<Self.samples {
            let problem = ArithmeticProblem.random(.hard, using: random)
            forms.insert(problem.form)
            let o = problem.operands
            #expect(problem.answer > 0)
            switch problem.form {
            case .product: #expect(o.count == 2 && o.allSatisfy { (10...99).contains($0) } && problem.answer == o[0] * o[1])
            case .productPlus: #expect(o.count == 3 && problem.answer == o[0] * o[1] + o[2])
            case .productMinus: #expect(o.count == 3 && problem.answer == o[0] * o[1] - o[2])
            case .sumMinus: #expect(o.count == 3 && problem.answer == o[0] + o[1] - o[2])
            default: Issue.record("hard made a \(problem.form)")
            }
            #expect(ArithmeticProblem.answerSpace(.hard).contains(problem.answer))
        }
        #expect(forms == [.product, .productPlus, .productMinus, .sumMinus])
    }

    @Test("every answer a difficulty produces is in its answer space", arguments: Difficulty.allCases)
    func answerSpaces(difficulty: Difficulty) {
        let random = RandomSource.seeded(14)
        let space = ArithmeticProblem.answerSpace(difficulty)
        for _ in 0..<Self.samples {
            #expect(space.contains(ArithmeticProblem.random(difficulty, using: random).answer))
        }
    }

    /// Pearson's chi-squared statistic of `counts` against a uniform distribution.
    static func chiSquared(_ counts: [Int]) -> Double {
        let expected = Double(counts.reduce(0, +)) / Double(counts.count)
        return counts.reduce(0) { $0 + pow(Double($1) - expected, 2) / expected }
    }

    /// The 0.999 quantile of chi-squared with `degrees` degrees of freedom (3…7).
    static func critical(degrees: Int) -> Double {
        [1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32][degrees] ?? 30
    }

    @Test(
        "the right answer's position and rank among the choices are uniform, and no choice repeats",
        arguments: [(Difficulty.standard, 4), (.easy, 4), (.hard, 3), (.easy, 6)])
    func choicesAreUniform(difficulty: Difficulty, count: Int) {
        let seed = UInt64(count * 100) + [Difficulty.easy: 1, .standard: 2, .hard: 3][difficulty, default: 0]
        let generator = QuestionGenerator(random: .seeded(seed))
        var positions = Array(repeating: 0, count: count)
        var ranks = Array(repeating: 0, count: count)
        var sameDigits = 0
        var distractors = 0
        for _ in 0..<Self.samples {
            let question = generator.arithmetic(difficulty, format: .choice, choiceCount: count, strings: .forLocale(.english), locale: .english)
            guard let choices = question.choices else {
                Issue.record("no choices")
                return
            }
            #expect(choices.count == count)
            #expect(Set(choices).count == count, "a choice repeats: \(choices)")
            #expect(choices.allSatisfy { $0 > 0 })
            guard let position = choices.firstIndex(of: question.answer) else {
                Issue.record("the answer is not among the choices")
                return
            }
            positions[position] += 1
            ranks[choices.filter { $0 < question.answer }.count] += 1
            for choice in choices where choice != question.answer {
                distractors += 1
                if String(choice).count == String(question.answer).count { sameDigits += 1 }
            }
        }
        #expect(Self.chiSquared(positions) < Self.critical(degrees: count - 1), "positions \(positions)")
        #expect(Self.chiSquared(ranks) < Self.critical(degrees: count - 1), "ranks \(ranks)")
        #expect(Double(sameDigits) / Double(distractors) > 0.8, "distractors mostly have the answer's number of digits")
    }

    @Test("a strategy of always the first, the largest or the middle option passes about 1 in N")
    func fixedStrategiesDoNotWin() {
        let generator = QuestionGenerator(random: .seeded(99))
        var first = 0, largest = 0, middle = 0
        let count = 4
        for _ in 0..<Self.samples {
            let question = generator.arithmetic(.standard, format: .choice, choiceCount: count, strings: .forLocale(.english), locale: .english)
            let choices = question.choices ?? []
            if choices.first == question.answer { first += 1 }
            if choices.max() == question.answer { largest += 1 }
            if choices[count / 2] == question.answer { middle += 1 }
        }
        let expected = Double(Self.samples) / Double(count)
        let tolerance = 4 * (Double(Self.samples) * 0.25 * 0.75).squareRoot()
        for wins in [first, largest, middle] {
            #expect(abs(Double(wins) - expected) < tolerance, "\(wins) wins of \(Self.samples)")
        }
    }

    @Test("prompts are sentences in the locale's words", arguments: [
        ("en", "What is seven times eight?"),
        ("ru", "Сколько будет семь умножить на восемь?"),
        ("de", "Wie viel ist sieben mal acht?"),
        ("fr", "Combien font sept fois huit\u{202F}?"),
        ("es", "¿Cuánto es siete por ocho?"),
    ])
    func prompts(language: String, expected: String) throws {
        let problem = ArithmeticProblem(form: .product, operands: [7, 8], answer: 56)
        #expect(problem.prompt(in: .forLocale(try LocaleTag(language))) == expected)
    }

    @Test("German compounds come without invisible soft hyphens")
    func noSoftHyphens() throws {
        let problem = ArithmeticProblem(form: .sum, operands: [21, 56], answer: 77)
        let prompt = problem.prompt(in: .forLocale(try LocaleTag("de")))
        #expect(prompt == "Wie viel ist einundzwanzig plus sechsundfünfzig?")
        #expect(!prompt.unicodeScalars.contains("\u{AD}"))
    }

    @Test("locale fallback: ru-RU → ru → household default → en")
    func fallback() throws {
        #expect(GateStrings.forLocale(try LocaleTag("ru-RU")).language == "ru")
        #expect(GateStrings.forLocale(try LocaleTag("it"), householdDefault: try LocaleTag("de-AT")).language == "de")
        #expect(GateStrings.forLocale(try LocaleTag("it"), householdDefault: try LocaleTag("ja")).language == "en")
        #expect(GateStrings.forLocale(try LocaleTag("it")).language == "en")
        #expect(GateStrings.builtInLanguages == ["de", "en", "es", "fr", "ru"])
    }

    @Test("every built-in table fills every template", arguments: GateStrings.builtInLanguages)
    func tablesComplete(language: String) throws {
        let strings = GateStrings.forLocale(try LocaleTag(language))
        for form in ArithmeticProblem.Form.allCases {
            let problem = ArithmeticProblem(form: form, operands: [12, 3, 4], answer: 0)
            let prompt = problem.prompt(in: strings)
            #expect(!prompt.contains("{"), "\(language) \(form): \(prompt)")
            #expect(prompt.contains(NumberWords.spell(12, language: language)))
        }
        #expect(strings.wrongTriesLeft.contains("{n}"))
        #expect(strings.lockedOut.contains("{time}"))
    }

    @Test("a stored question without choices shows its answer's group every time: the same roundness, the sign of the answer", arguments: [
        (1, [1, 3, 7, 9]), (8, [2, 4, 6, 8]), (12, [12, 14, 16, 18]), (60, [20, 40, 60, 80]), (365, [365, 375, 385, 395]),
        (100, [100, 300, 700, 900]), (-3, [-1, -3, -7, -9]), (150, [50, 150, 250, 350]),
    ])
    func storedGroups(answer: Int, group: [Int]) throws {
        let generator = QuestionGenerator(random: .seeded(UInt64(abs(answer))))
        let question = StoredQuestion(id: 1, question: try Question(prompt: "How many?", answer: answer))
        for _ in 0..<50 {
            let prepared = try #require(generator.stored(from: [question], format: .choice, choiceCount: 4, locale: .english))
            #expect(Set(prepared.choices ?? []) == Set(group))
        }
        #expect(group.allSatisfy { OptionGroups.roundness($0) == OptionGroups.roundness(answer) })
    }

    @Test("stored groups: every answer 1…5000 is in its group of N, all of one roundness and positive, N = 2…8")
    func storedGroupsHold() {
        for count in 2...8 {
            for answer in 1...5000 {
                let group = OptionGroups.stored(answer: answer, count: count)
                guard group.count == count, Set(group).count == count, group.contains(answer),
                      group.allSatisfy({ $0 > 0 && OptionGroups.roundness($0) == OptionGroups.roundness(answer) }),
                      OptionGroups.stored(answer: group[0], count: count) == group
                else {
                    Issue.record("\(answer), \(count): \(group)")
                    return
                }
            }
        }
    }

    @Test("a seeded source gives the same questions and choices every run")
    func seeded() {
        let a = QuestionGenerator(random: .seeded(5)), b = QuestionGenerator(random: .seeded(5))
        for _ in 0..<100 {
            let x = a.arithmetic(.hard, format: .choice, choiceCount: 4, strings: .forLocale(.english), locale: .english)
            let y = b.arithmetic(.hard, format: .choice, choiceCount: 4, strings: .forLocale(.english), locale: .english)
            #expect(x == y)
        }
    }

    @Test("stored questions keep their own choices, shuffled; others get distractors, even for zero or negative answers")
    func storedQuestions() throws {
        let generator = QuestionGenerator(random: .seeded(8))
        let fixed = StoredQuestion(id: 1, question: try Question(prompt: "Legs of a spider?", answer: 8, choices: [6, 8, 10]))
        let open = StoredQuestion(id: 2, question: try Question(prompt: "Two minus five?", answer: -3))
        var positions = [0, 0, 0]
        for _ in 0..<3000 {
            let question = try #require(generator.stored(from: [fixed], format: .choice, choiceCount: 4, locale: .english))
            #expect(Set(question.choices ?? []) == [6, 8, 10])
            positions[question.choices?.firstIndex(of: 8) ?? 0] += 1
            let negative = try #require(generator.stored(from: [open], format: .choice, choiceCount: 4, locale: .english))
            #expect(negative.choices?.count == 4)
            #expect(Set(negative.choices ?? []).count == 4)
            #expect(negative.choices?.contains(-3) == true)
            #expect(negative.origin == .question(id: 2))
        }
        #expect(Self.chiSquared(positions) < Self.critical(degrees: 2))
        #expect(generator.stored(from: [], format: .entry, choiceCount: 4, locale: .english) == nil)
    }
}
