import Foundation

/// How likely a child who guesses, playing the best guessing strategy there is, is to get
/// through the gate under a policy.
///
/// The guesser knows how the gate makes its questions but cannot work out an answer. It
/// reads whether a challenge is arithmetic or a stored question and which operation it asks
/// ("plus", "times"), waits out `minResponseTime` before its first answer (faster counts as
/// wrong), answers again at once, never repeats a guess the gate called wrong, and schedules
/// its challenges and pauses for the most tries a day allows. With k tries per challenge
/// (`maxWrongAnswers`, capped at one fewer than the options shown):
///
/// - `entry` arithmetic: it gives k answers of the operation asked; they are equally likely
///   (``ArithmeticSpace``), so it passes Σ over forms of weight × k / answers of the form.
/// - `entry` stored questions: the set's k most frequent answers (the profile's locale).
/// - `choice`: every option of a group is the answer equally often (``OptionGroups``): k / N.
///   A question's own choices count as its N.
/// - `mixed`: half arithmetic, half stored questions, each played at its best.
///
/// Then per challenge p; before the first lockout, over `maxFailedChallenges` = F
/// challenges, 1 − (1 − p)^F; within 24 hours 1 − (1 − p)^n, where n is the most challenges
/// 24 hours allow (``TryingSchedule``: lockouts and the pauses of `failureWindow` that reset
/// their level, stopping at a hard lock).
///
/// The figures are exact under the model; the test suite plays the strategies against the
/// generator, and the schedule through the real gate with a manual clock.
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

    /// The most challenges a guesser gets within `window` (``TryingSchedule``).
    public static func challenges(in window: Duration, policy: Policy) -> Int {
        TryingSchedule(policy: policy, horizon: window.wholeMilliseconds).best(within: window.wholeMilliseconds).count
    }

    /// One kind of question played at its best: the chance of one guess and of all tries.
    private struct Play {
        var single: Double
        var withTries: Double
        var strategy: String
    }

    private static func arithmetic(_ policy: Policy) -> Play {
        switch policy.answerFormat {
        case .choice, .drag:
            let options = policy.choiceCount
            let pick = policy.answerFormat == .drag ? "drag any ball into the box (a script can follow the balls)" : "pick any option"
            return Play(
                single: 1 / Double(options), withTries: Double(GateMachine.tries(policy, options: options)) / Double(options),
                strategy: "\(pick): each of the \(options) is the answer equally often")
        case .entry:
            let space = ArithmeticSpace.of(policy.difficulty)
            return Play(
                single: space.bestGuess(tries: 1), withTries: space.bestGuess(tries: policy.maxWrongAnswers),
                strategy: "read the operation word, then answer any of its answers: each operation's answers are equally likely")
        }
    }

    private static func stored(_ questions: [Question], policy: Policy) -> Play {
        switch policy.answerFormat {
        case .choice, .drag:
            var single = 0.0, withTries = 0.0
            for question in questions {
                let options = question.choices?.count ?? policy.choiceCount
                single += 1 / Double(options)
                withTries += Double(GateMachine.tries(policy, options: options)) / Double(options)
            }
            let count = Double(questions.count)
            return Play(
                single: single / count, withTries: withTries / count,
                strategy: policy.answerFormat == .drag ? "drag any ball of the question's into the box" : "pick any option of the question's")
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
