import Foundation
@testable import GateCore
import Testing
import TestSlots

/// The generator draws answers first and solves for operands; these tests check the solving
/// against the rules written forwards, the way SPEC.md states them.
@Suite("Arithmetic space: answers first, operands solved", .boundedConcurrency)
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
        #expect(Set(space.forms.map(\.form)) == Set(expected.keys))
        #expect(abs(space.forms.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
        for form in space.forms.map(\.form) {
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
            guard let form = random.element(of: space.forms.map(\.form)), let answer = random.element(of: space.answersByForm[form] ?? []),
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

    @Test("entry: each form comes by its weight, and its answers uniformly", arguments: Difficulty.allCases)
    func entryAnswersFollowTheWeights(difficulty: Difficulty) {
        let space = ArithmeticSpace.of(difficulty)
        let random = RandomSource.seeded(42)
        let samples = 60_000
        var byForm: [ArithmeticProblem.Form: [Int: Int]] = [:]
        for _ in 0..<samples {
            let problem = ArithmeticProblem.random(difficulty, using: random)
            byForm[problem.form, default: [:]][problem.answer, default: 0] += 1
        }
        for (form, weight) in space.forms {
            let counts = byForm[form] ?? [:]
            let drawn = counts.values.reduce(0, +)
            let sigma = (Double(samples) * weight * (1 - weight)).squareRoot()
            #expect(abs(Double(drawn) - Double(samples) * weight) <= 4.5 * sigma + 1, "\(difficulty) \(form): \(drawn) of \(samples)")
            let answers = space.answersByForm[form] ?? []
            #expect(Set(counts.keys).isSubset(of: Set(answers)))
            // Uniform within the form, where there are enough draws to tell (chi-squared, 0.999).
            guard drawn >= 20 * answers.count else { continue }
            let observed = answers.map { counts[$0, default: 0] }
            let statistic = ChallengeGenerationTests.chiSquared(observed)
            let degrees = Double(observed.count - 1)
            let critical = degrees * pow(1 - 2 / (9 * degrees) + 3.09 * (2 / (9 * degrees)).squareRoot(), 3)
            #expect(statistic < critical, "\(difficulty) \(form): chi-squared \(statistic) against \(critical)")
        }
    }

    @Test("the best guess per operation is what the weights say, and the default policy's is at most 0.25%")
    func bestGuess() {
        let standard = ArithmeticSpace.of(.standard)
        let expected = standard.forms.reduce(0.0) { $0 + $1.weight / Double(standard.answersByForm[$1.form]?.count ?? 1) }
        #expect(abs(standard.bestGuess(tries: 1) - expected) < 1e-15)
        #expect(standard.bestGuess(tries: 1) <= 0.0025)
        #expect(standard.answers.allSatisfy { standard.probability(of: $0) <= standard.bestGuess(tries: 1) + 1e-15 },
                "no answer is a better blind guess than the best guess per operation")
    }

    @Test("choice options are the answer's group, of its own form and number of digits: the same question shows the same set", arguments: Difficulty.allCases)
    func optionsAreTheAnswersGroup(difficulty: Difficulty) {
        let generator = QuestionGenerator(random: .seeded(43))
        let space = ArithmeticSpace.of(difficulty)
        for count in 2...8 {
            var seen: [ArithmeticProblem: Set<Int>] = [:]
            for _ in 0..<500 {
                let (problem, options) = generator.choiceProblem(difficulty, count: count)
                #expect(options.count == count && Set(options).count == count && options.contains(problem.answer))
                let groups = space.groups(of: problem.form, count: count)
                #expect(groups.contains { Set($0) == Set(options) }, "\(problem.form): \(options)")
                #expect(Set(options.map { String($0).count }).count == 1, "one number of digits: \(options)")
                if let earlier = seen[problem] { #expect(earlier == Set(options), "asked again, the same options") }
                seen[problem] = Set(options)
            }
        }
    }

    @Test("a form's groups partition its answers of each number of digits; only a class's last few are left out")
    func groupsPartition() {
        for difficulty in Difficulty.allCases {
            let space = ArithmeticSpace.of(difficulty)
            for (form, _) in space.forms {
                for count in 2...8 {
                    let groups = space.groups(of: form, count: count)
                    let grouped = groups.flatMap { $0 }
                    #expect(groups.allSatisfy { $0.count == count })
                    #expect(Set(grouped).count == grouped.count, "no answer in two groups")
                    let classes = space.digitClassesByForm[form] ?? []
                    #expect(grouped.count == classes.reduce(0) { $0 + $1.count - $1.count % count })
                }
            }
        }
    }
}
