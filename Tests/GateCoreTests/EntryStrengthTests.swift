import Foundation
@testable import GateCore
import Testing
import TestSlots

/// Attacks the `entry` format as a child who reads the question's operation word but cannot
/// do the sum, and can script: learn from many challenges which answers each operation gives
/// most, then always give those.
@Suite("Entry strength: a guesser that learns the most frequent answers of each operation", .boundedConcurrency)
struct EntryStrengthTests {
    static let training = 20_000
    static let scoring = 10_000

    /// The share of `scoring` fresh challenges that the `tries` answers most frequent for their
    /// operation in `training` challenges pass.
    static func learnedPassRate(_ difficulty: Difficulty, tries: Int, seed: UInt64) -> Double {
        let random = RandomSource.seeded(seed)
        var counts: [ArithmeticProblem.Form: [Int: Int]] = [:]
        for _ in 0..<training {
            let problem = ArithmeticProblem.random(difficulty, using: random)
            counts[problem.form, default: [:]][problem.answer, default: 0] += 1
        }
        let guesses = counts.mapValues { answers in
            Set(answers.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }.prefix(tries).map(\.key))
        }
        var passes = 0
        for _ in 0..<scoring {
            let problem = ArithmeticProblem.random(difficulty, using: random)
            if guesses[problem.form]?.contains(problem.answer) == true { passes += 1 }
        }
        return Double(passes) / Double(scoring)
    }

    @Test("the learned best guesses per operation pass no more often than the reported figure allows", arguments: [
        (Difficulty.easy, 1), (.standard, 1), (.standard, 3), (.hard, 1), (.hard, 5),
    ])
    func learnedGuesses(difficulty: Difficulty, tries: Int) throws {
        var policy = Policy.default
        policy.difficulty = difficulty
        policy.maxWrongAnswers = tries
        let reported = GuessResistance(policy: policy).perChallenge
        let measured = Self.learnedPassRate(difficulty, tries: tries, seed: UInt64(tries * 10) + UInt64(Difficulty.allCases.firstIndex(of: difficulty) ?? 0))
        ChoiceStrengthTests.report("entry \(difficulty) tries=\(tries) learned \(measured) reported \(reported)")
        // Within 4 standard errors of the reported figure, plus one challenge.
        let tolerance = 4 * (reported * (1 - reported) / Double(Self.scoring)).squareRoot() + 1 / Double(Self.scoring)
        #expect(measured <= reported + tolerance, "\(difficulty), \(tries) tries: measured \(measured), reported \(reported)")
    }

    @Test("the default policy: the best guess passes at most 0.3% of challenges and 10% of days with the best schedule")
    func defaultPolicy() {
        let figures = GuessResistance(policy: .default)
        #expect(figures.perChallenge <= 0.003, "\(figures.perChallenge)")
        #expect(figures.within24Hours <= 0.10, "\(figures.within24Hours)")
        #expect(figures.perChallenge == ArithmeticSpace.of(.standard).bestGuess(tries: 1))
        #expect(figures.challengesPer24Hours == 41, "3 rounds a lockout, 5 min doubling, and 12-hour pauses that reset the level")
    }
}
