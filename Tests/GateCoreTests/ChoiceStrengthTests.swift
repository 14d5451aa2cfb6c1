import Foundation
@testable import GateCore
import Testing
import TestSlots

/// Attacks the `choice` format as a child who cannot do the sum but can script would:
/// without reading the question, learn from many challenges which option tends to be the
/// answer, then use it.
@Suite("Choice strength: an informed guesser that sees only the options", .boundedConcurrency)
struct ChoiceStrengthTests {
    static let training = 20_000
    static let scoring = 10_000
    /// How far above 1 in N any strategy may score (1.5 percentage points).
    static let margin = 0.015

    static let cases: [(Difficulty, Int)] = Difficulty.allCases.flatMap { difficulty in (2...8).map { (difficulty, $0) } }

    /// Options and answer of one generated challenge: what `QuestionGenerator.arithmetic`
    /// shows for `choice`, without the wording it adds.
    static func draw(_ generator: QuestionGenerator, _ difficulty: Difficulty, _ count: Int) -> (options: [Int], answer: Int) {
        let (problem, options) = generator.choiceProblem(difficulty, count: count)
        return (options, problem.answer)
    }

    @Test("a learning guesser and the fixed strategies pass no more than 1 in N + 1.5 points", arguments: cases)
    func learnedGuesser(difficulty: Difficulty, count: Int) {
        let seed = UInt64(count * 10) + UInt64(Difficulty.allCases.firstIndex(of: difficulty) ?? 0)
        let generator = QuestionGenerator(random: .seeded(seed))
        var adversary = OptionAdversary(answerSpace: ArithmeticProblem.answerSpace(difficulty))
        for _ in 0..<Self.training {
            let (options, answer) = Self.draw(generator, difficulty, count)
            adversary.learn(options: options, answer: answer)
        }
        adversary.finishLearning()
        let tieBreak = RandomSource.seeded(seed + 1000)
        var learned = 0, first = 0, smallest = 0, largest = 0, middle = 0
        for _ in 0..<Self.scoring {
            let (options, answer) = Self.draw(generator, difficulty, count)
            #expect(options.count == count && Set(options).count == count && options.contains(answer))
            let sorted = options.sorted()
            if adversary.guess(options: options, tieBreak: tieBreak) == answer { learned += 1 }
            if options.first == answer { first += 1 }
            if sorted.first == answer { smallest += 1 }
            if sorted.last == answer { largest += 1 }
            if sorted[count / 2] == answer { middle += 1 }
        }
        let limit = 1 / Double(count) + Self.margin
        Self.report("choice \(difficulty) N=\(count) learned \(learned) first \(first) smallest \(smallest) largest \(largest) middle \(middle) of \(Self.scoring)")
        let scores = ["learned": learned, "first": first, "smallest": smallest, "largest": largest, "middle": middle]
            .mapValues { Double($0) / Double(Self.scoring) }
        for (strategy, score) in scores.sorted(by: { $0.key < $1.key }) {
            #expect(score <= limit, "\(difficulty), \(count) options: '\(strategy)' passes \(Self.percent(score)), limit \(Self.percent(limit))")
        }
    }

    /// Prints a measured figure when `GATE_STRENGTH_REPORT` is set (for BENCHMARKS.md).
    static func report(_ line: String) {
        if ProcessInfo.processInfo.environment["GATE_STRENGTH_REPORT"] != nil { print("strength: " + line) }
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value * 100)
    }
}
