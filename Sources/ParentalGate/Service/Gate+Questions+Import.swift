import Foundation
import GateCore

extension Gate {
    /// Stores `questions` as the set `set` in `locale`, replacing an existing one only when
    /// `replacing` is true.
    @discardableResult
    public func importQuestions(
        _ questions: [Question], set: String, locale: String, replacing: Bool = false, by actor: String = "api"
    ) async throws(GateError) -> QuestionSetSummary {
        let (questionSet, actor) = try Self.validated { () throws(GateInputError) in
            (try QuestionSet(name: ProfileName(set, what: "question set name"), locale: LocaleTag(locale), questions: questions),
             try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        return try await write { try $0.importQuestionSet(questionSet, replacing: replacing, by: actor, at: now) }
    }

    /// Every stored question set.
    public func questionSets() async throws(GateError) -> [QuestionSetSummary] {
        try await read { try $0.questionSets() }
    }

    /// Removes the question set `set` in `locale`, or in every locale when `nil`.
    public func removeQuestions(set: String, locale: String? = nil, by actor: String = "api") async throws(GateError) {
        let (tag, actor) = try Self.validated { () throws(GateInputError) in
            var tag: LocaleTag?
            if let locale { tag = try LocaleTag(locale) }
            return (tag, try Label(actor, what: "actor"))
        }
        let now = timeSource.now()
        try await write { try $0.removeQuestionSet(named: set, locale: tag, by: actor, at: now) }
    }

    /// The guess resistance of the policy in force for `profile` (the household's when `nil`).
    public func guessResistance(for profile: String? = nil) async throws(GateError) -> GuessResistance {
        let policy = try await policy(for: profile).policy
        let candidates: Int? = try await read { transaction in
            let name: String? = if case .questionSet(let name) = policy.questionSource { name } else { nil }
            var answers = Set<Int>()
            for set in try transaction.questionSets() where name == nil || ProfileName.key(for: set.name) == ProfileName.key(for: name ?? "") {
                for stored in try transaction.questions(inSet: set.name, locale: set.locale) {
                    answers.insert(stored.question.answer)
                }
            }
            return answers.isEmpty ? nil : answers.count
        }
        return GuessResistance(policy: policy, storedCandidates: candidates)
    }
}
