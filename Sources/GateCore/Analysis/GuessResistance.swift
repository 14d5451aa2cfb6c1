import Foundation

/// How likely a child who guesses, playing the best guessing strategy there is, is to get
/// through the gate under a policy.
///
/// The guesser knows how the gate makes its questions but cannot work out an answer. It
/// reads whether a challenge is arithmetic or a stored question, waits out
/// `minResponseTime` before its first answer (faster counts as wrong), answers again at
/// once, never repeats a guess the gate called wrong, and begins the next challenge the
/// moment it may. With k tries per challenge (`maxWrongAnswers`, capped at one fewer than
/// the options shown):
///
/// - `entry`: it tries the k most likely answers. For arithmetic that is the generator's
///   real distribution of answers (uniform over every answer the difficulty can give, so
///   k of them); for stored questions, the answers of the set the profile is asked, most
///   frequent first.
/// - `choice`: every option is equally likely to be the answer (``OptionShape``), so any k
///   options do as well as any others: k / N. A question's own choices count as its N.
/// - `mixed`: half arithmetic, half stored questions, each played at its best.
///
/// Then per challenge p; before the first lockout, over `maxFailedChallenges` = F
/// challenges, 1 − (1 − p)^F; within 24 hours 1 − (1 − p)^n, where n counts the challenges
/// that fit into 24 hours of F challenges, lockout 1, F challenges, lockout 2, … (each
/// lockout as escalation sets it), stopping for good at a hard lock.
///
/// The figures are exact under the model; the test suite plays the strategies against the
/// generator and through the real gate with a manual clock.
public struct GuessResistance: Hashable, Sendable, Codable {
    /// The best strategy, in words.
    public var strategy: String
    /// How many equally likely answers a single guess faces (1 / its chance).
    public var candidates: Int
    /// Probability of passing one challenge.
    public var perChallenge: Double
    /// Probability of passing before the first lockout starts.
    public var beforeFirstLockout: Double
    /// Probability of passing within 24 hours of relentless trying.
    public var within24Hours: Double
    /// How many challenges 24 hours of relentless trying gets.
    public var challengesPer24Hours: Int

    /// The figures for `policy`, whose stored questions (for a `questionSet:` or `mixed`
    /// source) are `storedQuestions`: the questions the profile is asked, in its locale.
    /// Without any, the gate asks arithmetic.
    public init(policy: Policy, storedQuestions: [Question] = []) {
        let arithmetic = Self.arithmetic(policy)
        let stored = storedQuestions.isEmpty ? nil : Self.stored(storedQuestions, policy: policy)
        let play: Play = switch (policy.questionSource, stored) {
        case (.arithmetic, _), (_, nil): arithmetic
        case (.questionSet, let stored?): stored
        case (.mixed, let stored?):
            Play(
                single: (arithmetic.single + stored.single) / 2, withTries: (arithmetic.withTries + stored.withTries) / 2,
                strategy: "arithmetic: \(arithmetic.strategy); stored questions: \(stored.strategy)")
        }
        strategy = play.strategy
        candidates = play.single > 0 ? Int((1 / play.single).rounded()) : 0
        perChallenge = play.withTries
        let failing = 1 - perChallenge
        beforeFirstLockout = 1 - pow(failing, Double(policy.maxFailedChallenges))
        challengesPer24Hours = Self.challenges(in: .seconds(86_400), policy: policy)
        within24Hours = 1 - pow(failing, Double(challengesPer24Hours))
    }

    /// Challenges a relentless answerer gets within `window`.
    public static func challenges(in window: Duration, policy: Policy) -> Int {
        let end = window.wholeMilliseconds
        let perChallenge = policy.minResponseTime.wholeMilliseconds
        var time: Int64 = 0
        var count = 0
        var level = 0
        while time < end {
            for _ in 0..<policy.maxFailedChallenges where time < end {
                count += 1
                time += perChallenge
            }
            level += 1
            if policy.hardLockAfter > 0 && level > policy.hardLockAfter { break }
            time += Escalation.lockoutDuration(level: level, policy: policy).wholeMilliseconds
        }
        return count
    }

    /// One kind of question played at its best: the chance of one guess and of all tries.
    private struct Play {
        var single: Double
        var withTries: Double
        var strategy: String
    }

    private static func arithmetic(_ policy: Policy) -> Play {
        switch policy.answerFormat {
        case .choice:
            let options = policy.choiceCount
            return Play(
                single: 1 / Double(options), withTries: Double(GateMachine.tries(policy, options: options)) / Double(options),
                strategy: "pick any option: each of the \(options) is equally likely to be the answer")
        case .entry:
            let odds = ArithmeticSpace.of(policy.difficulty).entryOdds
            return Play(
                single: odds.first?.probability ?? 0,
                withTries: odds.prefix(policy.maxWrongAnswers).reduce(0) { $0 + $1.probability },
                strategy: "answer any of the \(odds.count) answers \(policy.difficulty.rawValue) arithmetic can have, all equally likely")
        }
    }

    private static func stored(_ questions: [Question], policy: Policy) -> Play {
        switch policy.answerFormat {
        case .choice:
            var single = 0.0, withTries = 0.0
            for question in questions {
                let options = question.choices?.count ?? policy.choiceCount
                single += 1 / Double(options)
                withTries += Double(GateMachine.tries(policy, options: options)) / Double(options)
            }
            let count = Double(questions.count)
            return Play(
                single: single / count, withTries: withTries / count,
                strategy: "pick any option: the answer's rank among a question's options is uniform")
        case .entry:
            let frequencies = Dictionary(grouping: questions, by: \.answer).mapValues(\.count)
                .sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
            let count = Double(questions.count)
            let best = frequencies.prefix(policy.maxWrongAnswers)
            return Play(
                single: Double(frequencies.first?.value ?? 0) / count,
                withTries: Double(best.reduce(0) { $0 + $1.value }) / count,
                strategy: "answer " + best.map { String($0.key) }.joined(separator: ", then ")
                    + " (the set's most frequent answers)")
        }
    }
}
