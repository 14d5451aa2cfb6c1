/// What a parent can be told about. The schema's `notification_event_kinds` lists the same names.
///
/// A new kind (a child's request for approval will be `request`) is a case here, one row in
/// a migration, and the audit kind it comes from in ``init(audit:)``.
public enum NotificationEventKind: String, CaseIterable, Codable, Sendable {
    /// A challenge was passed: parent mode is open.
    case passed
    /// A challenge ended without a pass (wrong answers, too fast, too slow, cancelled, abandoned).
    case failed
    /// Failures in a row started a lockout.
    case lockedOut
    /// Lockouts in a row started a hard lock that only an adult's unlock lifts.
    case hardLocked
    /// An adult unlocked the gate.
    case unlocked
    /// A child asks a parent to open the gate; the message carries a one-time approval link.
    case request
    /// A parent's code opened a gate, or a wrong or used one was typed (someone may have seen it).
    case parentCode
    /// `gatectl notify test`: sent to the subscriptions it names, never subscribed to.
    case test

    /// The kinds a subscription can name, in this order: every kind but ``test``.
    public static let subscribable: [NotificationEventKind] = allCases.filter { $0 != .test }

    /// The kind of notification an audit record of `kind` gives, if parents are told about it.
    public init?(audit kind: AuditEventKind) {
        switch kind {
        case .challengePassed: self = .passed
        case .challengeFailed, .challengeTimedOut, .challengeCancelled, .challengeAbandoned: self = .failed
        case .lockoutStarted: self = .lockedOut
        case .hardLockStarted: self = .hardLocked
        case .unlocked: self = .unlocked
        case .parentAsked: self = .request
        case .parentCodeAccepted, .parentCodeWrong: self = .parentCode
        default: return nil
        }
    }

    /// The kinds a comma-separated list names (`lockedOut,hardLocked`), or every subscribable
    /// kind for `all`; in ``subscribable``'s order, each once.
    public static func list(parsing text: String) throws(GateInputError) -> [NotificationEventKind] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if words == ["all"] { return subscribable }
        guard !words.isEmpty, !words.contains(where: \.isEmpty) else {
            throw .invalidNotification("name the events to send, e.g. lockedOut,hardLocked, or all")
        }
        var kinds: Set<NotificationEventKind> = []
        for word in words {
            guard let kind = NotificationEventKind(rawValue: word), kind != .test else {
                throw .invalidNotification(
                    "unknown event '\(word.escapedForMessage)' (expected \(subscribable.map(\.rawValue).joined(separator: ", ")) or all)")
            }
            kinds.insert(kind)
        }
        return subscribable.filter(kinds.contains)
    }
}
