import Crypto
import Foundation
import GateCore
import GRDB

extension SQLRunner {
    /// Opens parent mode for the profile until `expiresAt` and audits it.
    ///
    /// Returns the session and its token: 256 random bits, base64url. Only the token's
    /// SHA-256 is stored, so the token is shown this once.
    package func openSession(
        profileID: Int64, challengeID: ChallengeID?, expiresAt: Date, at now: Date
    ) throws -> (session: ParentSession, token: String) {
        let token = SecretToken.generate()
        var record = ParentSessionRecord(
            id: nil, profileId: profileID, tokenHash: SecretToken.hash(token), challengeId: challengeID?.rawValue,
            openedAt: now.millisecondsSince1970, expiresAt: expiresAt.millisecondsSince1970, endedAt: nil, endReason: nil)
        guard let sessionID = try insert(record) else { throw StoreError.constraint("a session without an id") }
        record.id = sessionID
        try appendAudit(
            AuditEvent(
                .sessionOpened, profileID: profileID, challengeID: challengeID,
                details: ["session": String(sessionID), "expiresAt": String(record.expiresAt)]),
            at: now)
        return (try record.session(), token)
    }

    /// The session the token belongs to, live or not, if any.
    package func session(token: String) throws -> ParentSession? {
        try session(tokenHash: SecretToken.hash(token))
    }

    /// The session whose token's SHA-256 is `tokenHash`, live or not, if any.
    package func session(tokenHash: Data) throws -> ParentSession? {
        try fetchOne(ParentSessionRecord.self, ParentSessionRecord.byTokenHashSQL, [tokenHash])?.session()
    }

    /// The profile's session that is live at `time`, if any.
    package func liveSession(profileID: Int64, at time: Date) throws -> ParentSession? {
        try fetchOne(ParentSessionRecord.self, ParentSessionRecord.liveSQL, [profileID, time.millisecondsSince1970])?.session()
    }

    /// Ends session `id` early (`ended`, or `replaced` by a newer one) and audits it.
    package func endSession(_ id: Int64, reason: SessionEndReason, by actor: String?, at now: Date) throws {
        guard let record = try fetchOne(ParentSessionRecord.self, ParentSessionRecord.byIDSQL, [id]),
              record.endedAt == nil
        else { return }
        try execute(ParentSessionRecord.endSQL, [max(now.millisecondsSince1970, record.openedAt), reason.rawValue, id])
        try appendAudit(
            AuditEvent(
                .sessionEnded, profileID: record.profileId, actor: actor,
                challengeID: record.challengeId.flatMap(ChallengeID.init),
                details: ["session": String(id), "reason": reason.rawValue]),
            at: now)
    }
}
