import ArgumentParser
import ParentalGate

/// One option per policy field, for `policy set`.
struct PolicyValueOptions: ParsableArguments {
    @Option(help: "entry (type a number) or choice (pick one of --choice-count options).")
    var answerFormat: String?
    @Option(help: "Options shown when the answer format is choice (2...8).")
    var choiceCount: String?
    @Option(help: "Arithmetic difficulty: easy, standard or hard.")
    var difficulty: String?
    @Option(help: "Where questions come from: arithmetic, questionSet:<name> or mixed.")
    var questionSource: String?
    @Option(help: "Wrong answers that end one challenge as failed (1...10).")
    var maxWrongAnswers: String?
    @Option(help: "A challenge answered later than this has failed, e.g. 30s (5s...10m).")
    var timeLimit: String?
    @Option(help: "An answer faster than this counts as wrong, e.g. 1.5s (0s...10s).")
    var minResponseTime: String?
    @Option(help: "Failed challenges in a row that start a lockout (1...100).")
    var maxFailedChallenges: String?
    @Option(help: "Quiet period after which failures in a row count from zero again, e.g. 12h.")
    var failureWindow: String?
    @Option(help: "Length of the first lockout, e.g. 5m.")
    var lockout: String?
    @Option(help: "Each further lockout is this many times longer (1.0...10.0).")
    var lockoutGrowth: String?
    @Option(help: "The longest a lockout grows to, e.g. 24h.")
    var maxLockout: String?
    @Option(help: "Lockouts in a row after which only an adult's unlock opens the gate (0 = never).")
    var hardLockAfter: String?
    @Option(help: "How long parent mode lasts after a pass, e.g. 10m.")
    var parentSession: String?
    @Option(help: "How long audit records are kept before prune may drop them, e.g. 365d.")
    var auditRetention: String?
    @Option(help: "Whether a child may ask a parent instead of answering: allowed or off.")
    var askParent: String?
    @Option(help: "How long a request to a parent and its approval links stay open, e.g. 10m (1m...24h).")
    var askExpiry: String?
    @Option(help: "After a request ended, how long until the profile may ask again, e.g. 1m (0s...1h).")
    var askCooldown: String?

    /// The fields given, with their text, in the policy table's order.
    var values: [(PolicyField, String)] {
        let given: [PolicyField: String?] = [
            .answerFormat: answerFormat, .choiceCount: choiceCount, .difficulty: difficulty,
            .questionSource: questionSource, .maxWrongAnswers: maxWrongAnswers, .timeLimit: timeLimit,
            .minResponseTime: minResponseTime, .maxFailedChallenges: maxFailedChallenges,
            .failureWindow: failureWindow, .lockout: lockout, .lockoutGrowth: lockoutGrowth, .maxLockout: maxLockout,
            .hardLockAfter: hardLockAfter, .parentSession: parentSession, .auditRetention: auditRetention,
            .askParent: askParent, .askExpiry: askExpiry, .askCooldown: askCooldown,
        ]
        return PolicyField.allCases.compactMap { field in
            guard let text = given[field] ?? nil else { return nil }
            return (field, text)
        }
    }

    func validate() throws {
        guard !values.isEmpty else { throw ValidationError("name at least one field to set, e.g. --lockout 10m") }
        for (field, text) in values {
            do {
                _ = try field.parse(text)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
