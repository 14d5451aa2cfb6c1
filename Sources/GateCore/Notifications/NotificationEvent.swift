import Foundation

/// An event as parents are told about it: what happened, to which profile, when, and the
/// facts that matter, in a webhook's JSON or an ntfy message.
public struct NotificationEvent: Hashable, Sendable {
    public var kind: NotificationEventKind
    /// The profile's name when it happened; `nil` for a test.
    public var profile: String?
    public var occurredAt: Date
    /// The facts, as strings: `until`, `level`, `reason`, `by`, `wasLocked`, `client`,
    /// `request`, `expiresAt`, `account`.
    public var details: [String: String]
    /// The id of the event's audit record.
    public var auditID: Int64

    public init(kind: NotificationEventKind, profile: String?, occurredAt: Date, details: [String: String], auditID: Int64) {
        self.kind = kind
        self.profile = profile
        self.occurredAt = occurredAt
        self.details = details
        self.auditID = auditID
    }

    /// The facts of audit event `event` that a notification of `kind` carries: never an
    /// answer, a challenge id or a token.
    public static func details(of event: AuditEvent) -> [String: String] {
        var facts: [String: String] = [:]
        if let client = event.client { facts["client"] = client }
        switch event.kind {
        // Records from before the reason was kept were all counted as too many wrong answers.
        case .challengeFailed:
            facts["reason"] = event.details["reason"].flatMap(FailureReason.init(rawValue:))?.rawValue
                ?? FailureReason.tooManyWrongAnswers.rawValue
        case .challengeTimedOut: facts["reason"] = FailureReason.timedOut.rawValue
        case .challengeCancelled: facts["reason"] = FailureReason.cancelled.rawValue
        case .challengeAbandoned: facts["reason"] = FailureReason.abandoned.rawValue
        case .lockoutStarted:
            facts["level"] = event.details["level"]
            facts["until"] = event.detailsWithISOTimes["until"]
        case .hardLockStarted: facts["level"] = event.details["level"]
        case .unlocked:
            facts["by"] = event.actor
            facts["wasLocked"] = event.details["wasLocked"]
        case .notificationTested: facts["by"] = event.actor
        case .parentCodeAccepted:
            facts["result"] = "opened"
            facts["by"] = event.actor
        case .parentCodeWrong:
            facts["result"] = event.details["reason"] ?? "wrong"
            facts["by"] = event.details["parent"]
        case .parentAsked:
            facts["request"] = event.details["request"]
            facts["account"] = event.details[AuditEvent.accountKey]
            facts["expiresAt"] = event.detailsWithISOTimes["expiresAt"]
        default: break
        }
        return facts
    }

    /// The webhook's JSON body: `id` (the delivery id), `event`, `profile`, `time`, `details`,
    /// `message` and `auditId`, keys sorted. Every try of a delivery sends the same bytes.
    public func webhookBody(deliveryID: String) -> Data {
        var object: [String: Any] = [
            "id": deliveryID, "event": kind.rawValue, "time": occurredAt.iso8601Milliseconds, "details": details,
            "message": message, "auditId": auditID,
        ]
        if let profile { object["profile"] = profile }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// One sentence for a person (an ntfy message, the webhook's `message`).
    public var message: String {
        let who = profile ?? "?"
        switch kind {
        case .passed:
            return "\(who) passed the parental gate."
        case .failed:
            let reason = details["reason"].flatMap(FailureReason.init(rawValue:))
            let why = switch reason {
            case .tooManyWrongAnswers?, .tooFast?: "wrong answers"
            case .timedOut?: "too slow"
            case .cancelled?: "cancelled"
            case .abandoned?: "left for a new one"
            case nil: "not passed"
            }
            return "\(who) failed a parental gate challenge (\(why))."
        case .lockedOut:
            return "\(who) is locked out of the parental gate until \(details["until"] ?? "later")."
        case .hardLocked:
            return "\(who) is locked out of the parental gate until an adult unlocks it."
        case .unlocked:
            return "\(details["by"] ?? "An adult") unlocked the parental gate of \(who)."
        case .request:
            // Not the client's label: it is the asking child's own text, and inside the gate's
            // message it could pass for the gate's words (a fake link, "already approved").
            // The account is the kernel's word (the gate socket's caller), not the child's.
            let request = details["request"] ?? "?"
            let how = details["approveURL"].map { "Approve or deny: \($0)" }
                ?? "Approve with: gatectl ask approve \(request) (or deny)."
            let from = details["account"].map { " from the computer account \($0)" } ?? ""
            return "\(who) asks a parent to open the parental gate\(from); request \(request), open until \(details["expiresAt"] ?? "soon"). \(how)"
        case .parentCode:
            let parent = details["by"] ?? "a parent"
            return switch details["result"] {
            case "opened": "\(parent)'s parent's code opened the parental gate of \(who)."
            case "replayed": "\(parent)'s parent's code was typed again at \(who)'s gate after it was used: someone may have seen it typed. It opened nothing."
            default: "A wrong parent's code was typed at \(who)'s gate. It opened nothing."
            }
        case .test:
            return "A test notification from ParentalGate" + (details["by"].map { ", sent by \($0)." } ?? ".")
        }
    }

    /// A short title for a phone's notification list.
    public var title: String {
        let who = profile ?? "?"
        return switch kind {
        case .passed: "\(who) passed the gate"
        case .failed: "\(who) failed a challenge"
        case .lockedOut: "\(who) is locked out"
        case .hardLocked: "\(who) is hard-locked"
        case .unlocked: "\(who) was unlocked"
        case .request: "\(who) asks for a parent"
        case .parentCode: details["result"] == "opened" ? "Parent's code at \(who)'s gate" : "A parent's code refused at \(who)'s gate"
        case .test: "ParentalGate test"
        }
    }

    /// ntfy's priority when the subscription sets none: high for lockouts and hard locks.
    public var defaultPriority: Int {
        kind == .lockedOut || kind == .hardLocked || kind == .request || (kind == .parentCode && details["result"] != "opened") ? 4 : 3
    }
}
