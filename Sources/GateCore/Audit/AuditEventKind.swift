/// What an audit record is about. The schema's `audit_event_kinds` table lists the same names.
public enum AuditEventKind: String, CaseIterable, Codable, Sendable {
    case profileAdded, profileRenamed, profileUpdated, profileDisabled, profileEnabled, profileRemoved
    case householdUpdated, policyChanged
    case questionSetImported, questionSetRemoved
    case challengeIssued, answerRecorded, challengePassed, challengeFailed
    case challengeTimedOut, challengeCancelled, challengeAbandoned
    case replayRefused, beginRefused, answerRefused, dragRefused, stepRefused, stepPassed
    case lockoutStarted, hardLockStarted, unlocked, countersReset
    case sessionOpened, sessionEnded
    case clockAnomaly, auditPruned
    case adminTokenCreated
    case notificationAdded, notificationRemoved, notificationTested
    case parentAsked, requestApproved, requestDenied, requestExpired
    case parentCodeAdded, parentCodeRemoved, parentCodeAccepted, parentCodeWrong, parentCodeRefused
}
