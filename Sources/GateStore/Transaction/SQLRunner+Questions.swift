import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Stores `set`; an existing set of the same name and locale is replaced only when
    /// `replacing` is true.
    @discardableResult
    package func importQuestionSet(
        _ set: QuestionSet, replacing: Bool, by actor: Label, at now: Date
    ) throws -> QuestionSetSummary {
        try lockPolicies()  // the policies in force are checked against the new questions
        let time = now.millisecondsSince1970
        let setID: Int64
        if let existing = try fetchOne(QuestionSetRecord.self, QuestionSetRecord.namedSQL, [set.name.key, set.locale.identifier]) {
            guard replacing, let id = existing.id else {
                throw StoreError.conflict(.duplicateQuestionSet(name: existing.name, locale: existing.locale))
            }
            setID = id
            try execute(QuestionRecord.deleteOfSetSQL, [id])
            memo.challenges.removeAll()  // the database cleared the question of the challenges that asked them
            try execute(QuestionSetRecord.renameSQL, [set.name.value, max(time, existing.createdAt), id])
        } else {
            guard let id = try insert(QuestionSetRecord(
                id: nil, name: set.name.value, nameKey: set.name.key, locale: set.locale.identifier,
                createdAt: time, updatedAt: time
            )) else { throw StoreError.constraint("a question set without an id") }
            setID = id
        }
        for (position, question) in set.questions.enumerated() {
            try insert(QuestionRecord(
                id: nil, setId: setID, position: position, prompt: question.prompt, answer: question.answer,
                choices: try question.choices.map(JSONText.encode)))
        }
        do {
            try checkPoliciesAgainstQuestions()
        } catch let error as GateInputError {
            throw GateInputError.inconsistentPolicy(
                "question set '\(set.name.value)' (\(set.locale.identifier)) cannot be stored: " + error.reason)
        }
        try appendAudit(
            AuditEvent(
                .questionSetImported, actor: actor.value,
                details: ["set": set.name.value, "locale": set.locale.identifier, "questions": String(set.questions.count)]),
            at: now)
        guard let summary = try questionSets().first(where: { $0.id == setID }) else {
            throw StoreError.notFound(.questionSet(name: set.name.value, locale: set.locale.identifier))
        }
        return summary
    }

    /// Every stored question set, by name and locale.
    package func questionSets() throws -> [QuestionSetSummary] {
        try fetchAll(QuestionSetSummaryRow.self, QuestionSetRecord.summariesSQL, []).map(\.summary)
    }

    /// The locales the set called `name` exists in.
    package func questionSetLocales(named name: String) throws -> [LocaleTag] {
        try fetchAll(SingleValue.self, QuestionSetRecord.localesSQL, [try ProfileName.lookupKey(for: name, what: "question set name")])
            .map { try LocaleTag(stored: $0.value.flatMap { String.fromDatabaseValue($0) } ?? "") }
    }

    /// The questions of the set called `name` in exactly `locale`, in their order.
    package func questions(inSet name: String, locale: LocaleTag) throws -> [StoredQuestion] {
        try fetchAll(
            QuestionRecord.self, QuestionRecord.inSetSQL, [try ProfileName.lookupKey(for: name, what: "question set name"), locale.identifier]
        ).map { try $0.storedQuestion() }
    }

    /// The question with identifier `id`, if it still exists.
    package func question(id: Int64) throws -> StoredQuestion? {
        try fetchOne(QuestionRecord.self, QuestionRecord.byIDSQL, [id])?.storedQuestion()
    }

    /// Removes the set called `name` in `locale`, or in every locale when `locale` is `nil`.
    /// Returns how many sets were removed; throws when there was none.
    @discardableResult
    package func removeQuestionSet(named name: String, locale: LocaleTag?, by actor: Label, at now: Date) throws -> Int {
        let key = try ProfileName.lookupKey(for: name, what: "question set name")
        try lockPolicies()
        let removed = if let locale {
            try execute(QuestionSetRecord.deleteNamedInLocaleSQL, [key, locale.identifier])
        } else {
            try execute(QuestionSetRecord.deleteNamedSQL, [key])
        }
        memo.challenges.removeAll()  // the database cleared the question of the challenges that asked them
        guard removed > 0 else { throw StoreError.notFound(.questionSet(name: name, locale: locale?.identifier)) }
        try appendAudit(
            AuditEvent(
                .questionSetRemoved, actor: actor.value,
                details: ["set": name, "locale": locale?.identifier ?? "all", "sets": String(removed)]),
            at: now)
        return removed
    }

    /// The fewest own choices of a stored question `source` may ask; `nil` when none has its own.
    package func fewestOwnChoices(for source: QuestionSource) throws -> Int? {
        typealias Question = QuestionRecord.Columns
        typealias Set = QuestionSetRecord.Columns
        let fewest = "SELECT min(\(dialect.jsonArrayLength("q.\(Question.choices.name)"))) FROM \(QuestionRecord.databaseTableName) q"
        let found: SingleValue? = switch source {
        case .arithmetic: nil
        case .mixed: try fetchOne(SingleValue.self, fewest + " WHERE q.\(Question.choices.name) IS NOT NULL", [])
        case .questionSet(let name):
            try fetchOne(SingleValue.self, fewest + """
                 JOIN \(QuestionSetRecord.databaseTableName) s ON s.\(Set.id.name) = q.\(Question.setId.name)
                WHERE q.\(Question.choices.name) IS NOT NULL AND s.\(Set.nameKey.name) = ?
                """, [ProfileName.key(for: name)])
        }
        return found?.value.flatMap { Int.fromDatabaseValue($0) }
    }
}
