import Foundation
import GateCore
import GRDB

extension StoreTransaction {
    /// Stores `set`; an existing set of the same name and locale is replaced only when
    /// `replacing` is true.
    @discardableResult
    package func importQuestionSet(
        _ set: QuestionSet, replacing: Bool, by actor: Label, at now: Date
    ) throws -> QuestionSetSummary {
        let time = now.millisecondsSince1970
        let setID: Int64
        if let existing = try QuestionSetRecord.fetchOne(
            db, sql: "SELECT * FROM question_sets WHERE name_key = ? AND locale = ?",
            arguments: [set.name.key, set.locale.identifier])
        {
            guard replacing, let id = existing.id else {
                throw StoreError.duplicateQuestionSet(name: existing.name, locale: existing.locale)
            }
            setID = id
            try db.execute(sql: "DELETE FROM questions WHERE set_id = ?", arguments: [id])
            memo.challenges.removeAll()  // SQLite cleared the question of the challenges that asked them
            try db.execute(
                sql: "UPDATE question_sets SET name = ?, updated_at = ? WHERE id = ?",
                arguments: [set.name.value, max(time, existing.createdAt), id])
        } else {
            try QuestionSetRecord(
                id: nil, name: set.name.value, nameKey: set.name.key, locale: set.locale.identifier,
                createdAt: time, updatedAt: time
            ).insert(db)
            setID = db.lastInsertedRowID
        }
        for (position, question) in set.questions.enumerated() {
            try QuestionRecord(
                id: nil, setId: setID, position: position, prompt: question.prompt, answer: question.answer,
                choices: try question.choices.map(JSONText.encode)
            ).insertCached(db)
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
            throw StoreError.questionSetNotFound(name: set.name.value, locale: set.locale.identifier)
        }
        return summary
    }

    /// Every stored question set, by name and locale.
    package func questionSets() throws -> [QuestionSetSummary] {
        try Row.fetchAll(db, sql: """
            SELECT s.id, s.name, s.locale, s.updated_at, count(q.id) AS question_count
            FROM question_sets s LEFT JOIN questions q ON q.set_id = s.id
            GROUP BY s.id ORDER BY s.name_key, s.locale
            """
        ).map { row in
            QuestionSetSummary(
                id: row["id"], name: row["name"], locale: try LocaleTag(stored: row["locale"] as String),
                questionCount: row["question_count"], updatedAt: Date(millisecondsSince1970: row["updated_at"]))
        }
    }

    /// The locales the set called `name` exists in.
    package func questionSetLocales(named name: String) throws -> [LocaleTag] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT locale FROM question_sets WHERE name_key = ? ORDER BY locale"),
            arguments: [try ProfileName.lookupKey(for: name, what: "question set name")]
        ).map { try LocaleTag(stored: $0) }
    }

    /// The questions of the set called `name` in exactly `locale`, in their order.
    package func questions(inSet name: String, locale: LocaleTag) throws -> [StoredQuestion] {
        try QuestionRecord.fetchAll(db.cachedStatement(sql: """
            SELECT q.* FROM questions q JOIN question_sets s ON s.id = q.set_id
            WHERE s.name_key = ? AND s.locale = ? ORDER BY q.position
            """), arguments: [try ProfileName.lookupKey(for: name, what: "question set name"), locale.identifier]
        ).map { try $0.storedQuestion() }
    }

    /// The question with identifier `id`, if it still exists.
    package func question(id: Int64) throws -> StoredQuestion? {
        try QuestionRecord.fetchOne(db, key: id)?.storedQuestion()
    }

    /// Removes the set called `name` in `locale`, or in every locale when `locale` is `nil`.
    /// Returns how many sets were removed; throws when there was none.
    @discardableResult
    package func removeQuestionSet(named name: String, locale: LocaleTag?, by actor: Label, at now: Date) throws -> Int {
        let key = try ProfileName.lookupKey(for: name, what: "question set name")
        let removed: Int
        if let locale {
            try db.execute(sql: "DELETE FROM question_sets WHERE name_key = ? AND locale = ?", arguments: [key, locale.identifier])
        } else {
            try db.execute(sql: "DELETE FROM question_sets WHERE name_key = ?", arguments: [key])
        }
        removed = db.changesCount
        memo.challenges.removeAll()  // SQLite cleared the question of the challenges that asked them
        guard removed > 0 else { throw StoreError.questionSetNotFound(name: name, locale: locale?.identifier) }
        try appendAudit(
            AuditEvent(
                .questionSetRemoved, actor: actor.value,
                details: ["set": name, "locale": locale?.identifier ?? "all", "sets": String(removed)]),
            at: now)
        return removed
    }
}
