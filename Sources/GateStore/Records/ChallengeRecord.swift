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
        answerFormat = challenge.format.rawValue
        choices = try challenge.choices.map(JSONText.encode)
        issuedAt = challenge.issuedAt.millisecondsSince1970
        deadline = challenge.deadline.millisecondsSince1970
        maxWrongAnswers = issued.maxWrongAnswers
        minResponseTimeMs = issued.minResponseTime.wholeMilliseconds
        wrongAnswers = 0
        status = ChallengeStatus.open.rawValue
        endedAt = nil
        client = issued.client
    }

    /// The domain value of this row.
    func storedChallenge() throws -> StoredChallenge {
        guard let challengeID = ChallengeID(id), let format = AnswerFormat(rawValue: answerFormat),
              let status = ChallengeStatus(rawValue: status)
        else { throw StoreError.constraint("malformed challenge row \(id)") }
        let challenge = Challenge(
            id: challengeID, profileID: profileId, prompt: prompt, locale: try LocaleTag(locale), format: format,
            choices: try choices.map { try JSONText.decode([Int].self, from: $0) },
            issuedAt: Date(millisecondsSince1970: issuedAt), deadline: Date(millisecondsSince1970: deadline))
        let issued = IssuedChallenge(
            challenge: challenge, origin: questionId.map { .question(id: $0) } ?? .arithmetic, answer: answer,
            maxWrongAnswers: maxWrongAnswers, minResponseTime: .milliseconds(minResponseTimeMs), client: client)
        return StoredChallenge(
            issued: issued, status: status, wrongAnswers: wrongAnswers,
            endedAt: endedAt.map(Date.init(millisecondsSince1970:)))
    }
}

// MARK: - Database

// Columns by hand rather than `Codable`: decoding and encoding run on every gate operation.
extension ChallengeRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "challenges"

    /// Inserts this row through a statement prepared once per connection (GRDB's `insert`
    /// builds its statement anew each time).
    func insertCached(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO challenges (id, profile_id, source, question_id, locale, prompt, answer, answer_format, choices,
            issued_at, deadline, max_wrong_answers, min_response_time_ms, wrong_answers, status, ended_at, client)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """
        ).execute(arguments: [
            id, profileId, source, questionId, locale, prompt, answer, answerFormat, choices, issuedAt, deadline,
            maxWrongAnswers, minResponseTimeMs, wrongAnswers, status, endedAt, client,
        ])
    }

    init(row: Row) throws {
        id = row["id"]
        profileId = row["profile_id"]
        source = row["source"]
        questionId = row["question_id"]
        locale = row["locale"]
        prompt = row["prompt"]
        answer = row["answer"]
        answerFormat = row["answer_format"]
        choices = row["choices"]
        issuedAt = row["issued_at"]
        deadline = row["deadline"]
        maxWrongAnswers = row["max_wrong_answers"]
        minResponseTimeMs = row["min_response_time_ms"]
        wrongAnswers = row["wrong_answers"]
        status = row["status"]
        endedAt = row["ended_at"]
        client = row["client"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["profile_id"] = profileId
        container["source"] = source
        container["question_id"] = questionId
        container["locale"] = locale
        container["prompt"] = prompt
        container["answer"] = answer
        container["answer_format"] = answerFormat
        container["choices"] = choices
        container["issued_at"] = issuedAt
        container["deadline"] = deadline
        container["max_wrong_answers"] = maxWrongAnswers
        container["min_response_time_ms"] = minResponseTimeMs
        container["wrong_answers"] = wrongAnswers
        container["status"] = status
        container["ended_at"] = endedAt
        container["client"] = client
    }
}
