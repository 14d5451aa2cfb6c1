import Foundation
import GateCore
import GRDB

/// A row of `challenges`.
struct ChallengeRecord: Hashable {
    var id: String
    var profileId: Int64
    var source: String
    var questionId: Int64?
    var locale: String
    var prompt: String
    var answer: Int
    var answerFormat: String
    var choices: String?
    var issuedAt: Int64
    var deadline: Int64
    var maxWrongAnswers: Int
    var minResponseTimeMs: Int64
    var wrongAnswers: Int
    var status: String
    var endedAt: Int64?
    var client: String?
    /// ``ChallengeArithmetic/storedText``: generated arithmetic's form and operands.
    var arithmetic: String?
    /// ``DragMotion`` as JSON, for a `drag` challenge (whose `answerFormat` is `choice`).
    var motion: String?
    /// Moving parts left out for a client that cannot draw them (1), or not (0).
    var shownStill: Int
    /// ``ChallengeStep`` as JSON, if the challenge has a step.
    var step: String?
    var stepPressedAt: Int64?
    var stepDoneAt: Int64?

    /// The row for a newly issued challenge.
    init(_ issued: IssuedChallenge) throws {
        let challenge = issued.challenge
        id = challenge.id.rawValue
        profileId = challenge.profileID
        switch issued.origin {
        case .arithmetic:
            source = "arithmetic"
            questionId = nil
        case .question(let id):
            source = "questionSet"
            questionId = id
        }
        locale = challenge.locale.identifier
        prompt = challenge.prompt
        answer = issued.answer
        // The schema's challenges know entry and choice: a drag is a choice with a motion.
        answerFormat = (challenge.format == .drag ? AnswerFormat.choice : challenge.format).rawValue
        choices = try challenge.choices.map(JSONText.encode)
        issuedAt = challenge.issuedAt.millisecondsSince1970
        deadline = challenge.deadline.millisecondsSince1970
        maxWrongAnswers = issued.maxWrongAnswers
        minResponseTimeMs = issued.minResponseTime.wholeMilliseconds
        wrongAnswers = 0
        status = ChallengeStatus.open.rawValue
        endedAt = nil
        client = issued.client
        arithmetic = challenge.arithmetic?.storedText
        motion = try challenge.motion.map(JSONText.encode)
        shownStill = challenge.shownStill ? 1 : 0
        step = try challenge.step.map(JSONText.encode)
        stepPressedAt = nil
        stepDoneAt = nil
    }

    /// The domain value of this row.
    func storedChallenge() throws -> StoredChallenge {
        guard let challengeID = ChallengeID(id), let stored = AnswerFormat(rawValue: answerFormat), stored != .drag,
              let status = ChallengeStatus(rawValue: status)
        else { throw StoreError.constraint("malformed challenge row \(id)") }
        let parsedMotion = try motion.map { try JSONText.decode(DragMotion.self, from: $0) }
        let format = parsedMotion == nil ? stored : .drag
        let parsedArithmetic = try arithmetic.map { text in
            guard let parsed = ChallengeArithmetic(storedText: text) else { throw StoreError.constraint("malformed challenge row \(id)") }
            return parsed
        }
        let challenge = Challenge(
            id: challengeID, profileID: profileId, prompt: prompt, locale: try LocaleTag(stored: locale), format: format,
            choices: try choices.map { try JSONText.decode([Int].self, from: $0) },
            issuedAt: Date(millisecondsSince1970: issuedAt), deadline: Date(millisecondsSince1970: deadline), arithmetic: parsedArithmetic,
            motion: parsedMotion, shownStill: shownStill == 1, step: try step.map { try JSONText.decode(ChallengeStep.self, from: $0) })
        let issued = IssuedChallenge(
            challenge: challenge, origin: questionId.map { .question(id: $0) } ?? .arithmetic, answer: answer,
            maxWrongAnswers: maxWrongAnswers, minResponseTime: .milliseconds(minResponseTimeMs), client: client)
        return StoredChallenge(
            issued: issued, status: status, wrongAnswers: wrongAnswers,
            endedAt: endedAt.map(Date.init(millisecondsSince1970:)), stepPressedAt: stepPressedAt.map(Date.init(millisecondsSince1970:)),
            stepDoneAt: stepDoneAt.map(Date.init(millisecondsSince1970:)))
    }
}

// MARK: - Database

extension ChallengeRecord: ColumnsRecord, ReadableRecord {
    static let databaseTableName = "challenges"
    static let insertSQL = insertStatement()
    static let byIDSQL = selectSQL(where: .id)
    /// `status = 'open'`, written into the SQL rather than bound.
    ///
    /// It is the condition of the partial index `challenges_open_per_profile`, and SQLite
    /// plans with a value bound there only by compiling the statement again at every step
    /// (BENCHMARKS.md §8).
    private static let isOpenSQL = " AND \(Columns.status.name) = '\(ChallengeStatus.open.rawValue)'"
    /// A profile's open challenge (at most one is open).
    static let openByProfileSQL = selectSQL(where: .profileId) + isOpenSQL
    /// One more wrong answer to a challenge.
    static let countWrongSQL =
        "UPDATE \(databaseTableName) SET \(Columns.wrongAnswers.name) = \(Columns.wrongAnswers.name) + 1 WHERE \(Columns.id.name) = ?"
    /// An open challenge's step: when pressed, when passed.
    static let stepSQL = updateSQL(set: [.stepPressedAt, .stepDoneAt], where: .id) + isOpenSQL
    /// The end of an open challenge: its new status and time.
    static let endSQL = updateSQL(set: [.status, .endedAt], where: .id) + isOpenSQL

    enum Columns: String, CaseIterable, ColumnExpression {
        case id, profileId = "profile_id", source, questionId = "question_id", locale, prompt, answer
        case answerFormat = "answer_format", choices, issuedAt = "issued_at", deadline, maxWrongAnswers = "max_wrong_answers"
        case minResponseTimeMs = "min_response_time_ms", wrongAnswers = "wrong_answers", status, endedAt = "ended_at", client
        case arithmetic, motion, shownStill = "shown_still", step, stepPressedAt = "step_pressed_at", stepDoneAt = "step_done_at"
    }

    init(row: some ColumnReader) throws {
        id = try row[Columns.id]
        profileId = try row[Columns.profileId]
        source = try row[Columns.source]
        questionId = try row[Columns.questionId]
        locale = try row[Columns.locale]
        prompt = try row[Columns.prompt]
        answer = try row[Columns.answer]
        answerFormat = try row[Columns.answerFormat]
        choices = try row[Columns.choices]
        issuedAt = try row[Columns.issuedAt]
        deadline = try row[Columns.deadline]
        maxWrongAnswers = try row[Columns.maxWrongAnswers]
        minResponseTimeMs = try row[Columns.minResponseTimeMs]
        wrongAnswers = try row[Columns.wrongAnswers]
        status = try row[Columns.status]
        endedAt = try row[Columns.endedAt]
        client = try row[Columns.client]
        arithmetic = try row[Columns.arithmetic]
        motion = try row[Columns.motion]
        shownStill = try row[Columns.shownStill]
        step = try row[Columns.step]
        stepPressedAt = try row[Columns.stepPressedAt]
        stepDoneAt = try row[Columns.stepDoneAt]
    }

    func databaseValue(of column: Columns) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .profileId: profileId
        case .source: source
        case .questionId: questionId
        case .locale: locale
        case .prompt: prompt
        case .answer: answer
        case .answerFormat: answerFormat
        case .choices: choices
        case .issuedAt: issuedAt
        case .deadline: deadline
        case .maxWrongAnswers: maxWrongAnswers
        case .minResponseTimeMs: minResponseTimeMs
        case .wrongAnswers: wrongAnswers
        case .status: status
        case .endedAt: endedAt
        case .client: client
        case .arithmetic: arithmetic
        case .motion: motion
        case .shownStill: shownStill
        case .step: step
        case .stepPressedAt: stepPressedAt
        case .stepDoneAt: stepDoneAt
        }
    }
}
