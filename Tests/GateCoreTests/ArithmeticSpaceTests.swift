import Foundation
@testable import GateCore
import Testing

/// The generator draws answers first and solves for operands; these tests check the solving
/// against the rules written forwards, the way SPEC.md states them.
@Suite("Arithmetic space: answers first, operands solved")
struct ArithmeticSpaceTests {
    /// Every operand list of each form the rules of `difficulty` allow, counted by answer.
    static func bruteForce(_ difficulty: Difficulty) -> [ArithmeticProblem.Form: [Int: Int]] {
        var counts: [ArithmeticProblem.Form: [Int: Int]] = [:]
        func add(_ form: ArithmeticProblem.Form, _ answer: Int) { counts[form, default: [:]][answer, default: 0] += 1 }
        switch difficulty {
        case .easy:
            for a in 2...9 {
                for b in 2...9 {
                    if a + b > 10 { add(.sum, a + b); add(.difference, a) }
                    if a * b > 10 { add(.product, a * b); add(.quotient, a) }
                }
            }
        case .standard:
            for a in 10...99 {
                for b in 10...99 { add(.sum, a + b) }
            }
            for a in 11...99 {
                for b in 10...98 where a > b { add(.difference, a - b) }
            }
            for a in 2...9 {
                for b in 10...99 { add(.product, a * b) }
            }
        case .hard:
            for a in 11...99 {
                for b in 11...99 { add(.product, a * b) }
            }
            for a in 2...9 {
                for b in 10...99 {
                    for c in 10...99 { add(.productPlus, a * b + c) }
                }
                for b in 12...99 {
                    for c in 10...min(99, a * b - 1) { add(.productMinus, a * b - c) }
                }
            }
            for a in 10...99 {
                for b in 10...99 {
                    for c in 10...min(99, a + b - 1) { add(.sumMinus, a + b - c) }
                }
            }
        }
        return counts
    }

    @Test("each form's answers, and how many operand lists give each, match the rules enumerated forwards", arguments: Difficulty.allCases)
    func matchesTheRules(difficulty: Difficulty) {
        let expected = Self.bruteForce(difficulty)
        let space = ArithmeticSpace.of(difficulty)
        #expect(Set(space.forms) == Set(expected.keys))
        for form in space.forms {
            let counts = expected[form] ?? [:]
            #expect(space.answersByForm[form] == counts.keys.sorted(), "\(difficulty) \(form)")
            for (answer, count) in counts {
                let solved = ArithmeticProblem.operands(form, answer: answer, difficulty: difficulty).count
                #expect(solved == count, "\(difficulty) \(form) \(answer): \(solved) solved, \(count) by the rules")
            }
        }
        #expect(space.answers == Set(expected.values.flatMap(\.keys)).sorted())
        #expect(ArithmeticProblem.answerSpace(difficulty) == Set(space.answers))
    }

    @Test("every operand list solved for an answer gives that answer", arguments: Difficulty.allCases)
    func solvedOperandsGiveTheAnswer(difficulty: Difficulty) {
        let space = ArithmeticSpace.of(difficulty)
        let random = RandomSource.seeded(41)
        for _ in 0..<2000 {
            guard let form = random.element(of: space.forms), let answer = random.element(of: space.answersByForm[form] ?? []),
                  let problem = ArithmeticProblem.random(form, answer: answer, difficulty: difficulty, using: random)
            else {
                Issue.record("no problem")
                return
            }
            let o = problem.operands
            let value = switch form {
            case .sum: o[0] + o[1]
            case .difference: o[0] - o[1]
            case .product: o[0] * o[1]
            case .quotient: o[0] % o[1] == 0 ? o[0] / o[1] : -1
            case .productPlus: o[0] * o[1] + o[2]
            case .productMinus: o[0] * o[1] - o[2]
            case .sumMinus: o[0] + o[1] - o[2]
            }
            #expect(value == answer && problem.answer == answer, "\(problem)")
        }
        #expect(ArithmeticProblem.random(.sum, answer: 5, difficulty: .standard, using: random) == nil)
        #expect(ArithmeticProblem.random(.quotient, answer: 12, difficulty: .hard, using: random) == nil)
    }

    @Test("entry answers are uniform over every answer the difficulty can give", arguments: [Difficulty.easy, .standard])
    func entryAnswersAreUniform(difficulty: Difficulty) {
        let space = ArithmeticSpace.of(difficulty)
        let random = RandomSource.seeded(42)
        let samples = space.answers.count * 100
        var counts: [Int: Int] = [:]
        for _ in 0..<samples {
            counts[ArithmeticProblem.random(difficulty, using: random).answer, default: 0] += 1
        }
        #expect(counts.count == space.answers.count, "every answer comes up")
        let observed = space.answers.map { counts[$0, default: 0] }
        let statistic = ChallengeGenerationTests.chiSquared(observed)
        let degrees = Double(observed.count - 1)
        // Wilson–Hilferty: the 0.999 quantile of chi-squared with `degrees` degrees of freedom.
        let critical = degrees * pow(1 - 2 / (9 * degrees) + 3.09 * (2 / (9 * degrees)).squareRoot(), 3)
        #expect(statistic < critical, "chi-squared \(statistic) against \(critical)")
    }

    @Test("choice options are all answers of the question's own form: reading the operation rules none out", arguments: Difficulty.allCases)
    func optionsFitTheForm(difficulty: Difficulty) {
        let generator = QuestionGenerator(random: .seeded(43))
        let space = ArithmeticSpace.of(difficulty)
        for count in 2...8 {
            for _ in 0..<500 {
                let (problem, options) = generator.choiceProblem(difficulty, count: count)
                #expect(options.count == count && Set(options).count == count && options.contains(problem.answer))
                let answers = space.answersByForm[problem.form] ?? []
                #expect(options.allSatisfy { answers.contains(sorted: $0) }, "\(problem.form): \(options)")
            }
        }
    }
}
