import Foundation

/// How likely a child answering at random is to get through the gate under a policy.
///
/// The model: the random answerer knows the set of answers a challenge can have (the N
/// options of the `choice` format, or a stored question's own options; for `entry`, every
/// answer the difficulty can produce, or the distinct answers of the question set) and
/// picks uniformly among them, never repeating
/// a guess the gate has called wrong. It waits out `minResponseTime` before its first answer
/// (faster counts as wrong) and answers again at once, so a challenge takes
/// `minResponseTime`; it begins the next challenge the moment it may. Then:
///
/// - per challenge, with k = `maxWrongAnswers` tries among M candidates: p = min(k, M) / M;
/// - before the first lockout, over `maxFailedChallenges` = F challenges: 1 − (1 − p)^F;
/// - within 24 hours: 1 − (1 − p)^n, where n counts the challenges that fit into 24 hours
///   of F challenges, lockout 1, F challenges, lockout 2, … (each lockout as escalation
///   sets it), stopping for good at the hard lock that follows `hardLockAfter` lockouts.
///
/// The figures are exact under the model; the test suite checks them against a simulated
/// random answerer driven through the real gate by a manual clock.
public struct GuessResistance: Hashable, Sendable, Codable {
    /// The options the random answerer picks among.
    public var candidates: Int
    /// Probability of passing one challenge.
    public var perChallenge: Double
    /// Probability of passing before the first lockout starts.
    public var beforeFirstLockout: Double
    /// Probability of passing within 24 hours of relentless trying.
    public var within24Hours: Double
    /// How many challenges 24 hours of relentless trying gets.
    public var challengesPer24Hours: Int

    /// The figures for `policy`.
    ///
    /// `storedQuestions` describes the questions a `questionSet:` or `mixed` source asks: the
    /// number of options of each (its own choices, else `choiceCount` for `choice`, else the
    /// number of distinct answers of the set for `entry`). Without it, 100 per question.
    public init(policy: Policy, storedQuestions: [Int]? = nil) {
        let tries = policy.maxWrongAnswers
        func chance(_ candidates: Int) -> Double { Double(min(tries, max(1, candidates))) / Double(max(1, candidates)) }
        let arithmetic = policy.answerFormat == .choice
            ? policy.choiceCount : ArithmeticProblem.answerSpace(policy.difficulty).count
        let stored = (storedQuestions?.isEmpty == false ? storedQuestions : nil) ?? [100]
        let storedChance = stored.map(chance).reduce(0, +) / Double(stored.count)
        switch policy.questionSource {
        case .arithmetic:
            candidates = arithmetic
            perChallenge = chance(arithmetic)
        case .questionSet:
            candidates = stored.min() ?? 100
            perChallenge = storedChance
        case .mixed:
            candidates = min(arithmetic, stored.min() ?? 100)
            perChallenge = (chance(arithmetic) + storedChance) / 2
        }
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
}
