import Foundation
import GateCore

extension Gate {
    /// Stores `questions` as the set `set` in `locale`, replacing an existing one only when
    /// `replacing` is true.
    @discardableResult
    public func importQuestions(
        _ questions: [Question], set: String, locale: String, replacing: Bool = false, by actor: String = "api"
    ) async throws(GateError) -> QuestionSetSummary {
        let questionSet = try Self.validated { () throws(GateInputError) in
            try QuestionSet(name: ProfileName(set, what: "question set name"), locale: LocaleTag(locale), questions: questions)
        }
        return try await importQuestions(questionSet, replacing: replacing, by: actor)
    }

    /// Stores the question file at `url` (JSON or HTKUltimateParentalGate's plist, see
    /// ``QuestionFile``) as the set `set` (else the file's `name`, else the file's name without
    /// its extension) in `locale` (else the file's, else English).
    ///
    /// A file over ``QuestionFile/maximumBytes`` is refused without being read; a malformed
    /// one, or a malformed question in it, is refused whole with one line, and nothing is stored.
    @discardableResult
    public func importQuestions(
        contentsOf url: URL, set: String? = nil, locale: String? = nil, replacing: Bool = false, by actor: String = "api"
    ) async throws(GateError) -> QuestionSetSummary {
        let questionSet = try Self.validated { () throws(GateInputError) in try QuestionFile.questionSet(at: url, set: set, locale: locale) }
        return try await importQuestions(questionSet, replacing: replacing, by: actor)
    }

    /// Stores `questionSet` (``QuestionSet/init(decoding:name:locale:)`` reads one from a
    /// file's bytes), replacing an existing set of its name and locale only when `replacing`.
    @discardableResult
    public func importQuestions(
        _ questionSet: QuestionSet, replacing: Bool = false, by actor: String = "api"
    ) async throws(GateError) -> QuestionSetSummary {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor") }
        let now = timeSource.now()
        return try await write { try $0.importQuestionSet(questionSet, replacing: replacing, by: actor, at: now) }
    }

    /// The questions of the set `set` in exactly `locale`, in order.
    public func questions(set: String, locale: String) async throws(GateError) -> [Question] {
        let tag = try Self.validated { () throws(GateInputError) in try LocaleTag(locale) }
        let questions = try await read { try $0.questions(inSet: set, locale: tag).map(\.question) }
        if questions.isEmpty { throw GateError.notFound(.questionSet(name: set, locale: tag.identifier)) }
        return questions
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
        _ = try await write { try $0.removeQuestionSet(named: set, locale: tag, by: actor, at: now) }
    }
}
