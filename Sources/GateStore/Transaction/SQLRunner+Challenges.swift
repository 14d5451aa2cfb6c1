import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Stores a newly issued challenge and audits its issue.
    package func insertChallenge(_ issued: IssuedChallenge, at now: Date) throws {
        try insert(ChallengeRecord(issued))
        let challenge = issued.challenge
        var details = [
            "format": challenge.format.rawValue, "locale": challenge.locale.identifier,
            "deadline": String(challenge.deadline.millisecondsSince1970),
            "source": issued.origin == .arithmetic ? "arithmetic" : "questionSet",
        ]
        // Parents see a step and which moving parts a client asked to leave out.
        if let step = challenge.step { details["step"] = step.kind.rawValue }
        if challenge.shownStill { details["still"] = "true" }
        try appendAudit(
            AuditEvent(.challengeIssued, profileID: challenge.profileID, client: issued.client, challengeID: challenge.id, details: details),
            at: now)
    }

    /// The challenge with identifier `id`, if any.
    package func challenge(id: ChallengeID) throws -> StoredChallenge? {
        if let known = memo.challenges[id.rawValue] { return known }
        var record = try fetchOne(ChallengeRecord.self, ChallengeRecord.byIDSQL, [id.rawValue])
        if let owner = record?.profileId, try lockGate(of: owner) {
            record = try fetchOne(ChallengeRecord.self, ChallengeRecord.byIDSQL, [id.rawValue])
        }
        let stored = try record?.storedChallenge()
        memo.challenges[id.rawValue] = stored
        return stored
    }

    /// The profile's open challenge, if it has one.
    package func openChallenge(profileID: Int64) throws -> StoredChallenge? {
        _ = try lockGate(of: profileID)
        let stored = try fetchOne(ChallengeRecord.self, ChallengeRecord.openByProfileSQL, [profileID])?.storedChallenge()
        if let stored { memo.challenges[stored.id.rawValue] = stored }
        return stored
    }

    /// Records an answer to challenge `id` and audits it; returns the attempt, or `nil` for a
    /// replay that only counted in the profile's run of replays (``AuditRun``).
    ///
    /// A wrong or too-fast answer to an open challenge adds one to its wrong answers. A
    /// `replay` (an answer to an ended challenge) is audited as refused; the first of a run
    /// is also kept as an attempt, the repeats after it only count in the audit record.
    @discardableResult
    package func recordAttempt(
        challenge id: ChallengeID, value: Int, outcome: AnswerOutcome, responseTime: Duration, client: String?,
        at now: Date
    ) throws -> Attempt? {
        guard let stored = try challenge(id: id) else { throw StoreError.notFound(.challenge(id.rawValue)) }
        var record = AttemptRecord(
            id: nil, challengeId: id.rawValue, profileId: stored.profileID, givenValue: value, outcome: outcome.rawValue,
            responseMs: max(0, responseTime.wholeMilliseconds), answeredAt: now.millisecondsSince1970, client: client)
        let audit = AuditEvent(
            outcome == .replay ? .replayRefused : .answerRecorded, profileID: stored.profileID, client: client,
            challengeID: id,
            details: [
                "outcome": outcome.rawValue, "value": String(value),
                "responseMs": String(record.responseMs), "status": stored.status.rawValue,
            ])
        if outcome == .replay, try appendAudit(audit, at: now).repeated { return nil }
        record.id = try insert(record)
        if stored.status == .open && (outcome == .wrong || outcome == .tooFast) {
            try execute(ChallengeRecord.countWrongSQL, [id.rawValue])
            memo.challenges[id.rawValue] = nil
        }
        if outcome != .replay { try appendAudit(audit, at: now) }
        return try record.attempt()
    }

    /// One more wrong try of open challenge `id` that no attempt records (a refused drag or step).
    package func countWrong(challenge id: ChallengeID) throws {
        try execute(ChallengeRecord.countWrongSQL, [id.rawValue])
        memo.challenges[id.rawValue] = nil
    }

    /// Sets the progress of open challenge `id`'s step: when it was pressed, when it was passed.
    package func setStepProgress(challenge id: ChallengeID, pressedAt: Date?, doneAt: Date?) throws {
        try execute(ChallengeRecord.stepSQL, [
            pressedAt?.millisecondsSince1970, doneAt?.millisecondsSince1970, id.rawValue,
        ])
        memo.challenges[id.rawValue] = nil
    }

    /// Ends challenge `id` as `status` and audits the end, naming `client` (by default the
    /// one that asked for the challenge) and, for a failure, `failure` (why: what the parents'
    /// notification says). A challenge ends exactly once.
    package func endChallenge(
        _ id: ChallengeID, as status: ChallengeStatus, failure: FailureReason?, client: String?, at now: Date
    ) throws {
        guard status != .open else { throw StoreError.constraint("a challenge cannot end as open") }
        guard let stored = try challenge(id: id) else { throw StoreError.notFound(.challenge(id.rawValue)) }
        guard stored.status == .open else { throw StoreError.conflict(.challengeEnded(id.rawValue)) }
        try execute(ChallengeRecord.endSQL, [status.rawValue, now.millisecondsSince1970, id.rawValue])
        memo.challenges[id.rawValue] = nil
        let kind: AuditEventKind = switch status {
        case .open, .passed: .challengePassed
        case .failed: .challengeFailed
        case .timedOut: .challengeTimedOut
        case .cancelled: .challengeCancelled
        case .abandoned: .challengeAbandoned
        }
        var details = ["wrongAnswers": String(stored.wrongAnswers)]
        if status == .failed, let failure { details["reason"] = failure.rawValue }
        try appendAudit(
            AuditEvent(kind, profileID: stored.profileID, client: client ?? stored.issued.client, challengeID: id, details: details),
            at: now)
    }
}
