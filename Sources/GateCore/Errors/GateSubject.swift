/// What a refusal is about: the thing that was not found, or that a change conflicted with.
///
/// An embedder switches on it (a missing profile is the caller's typo, a missing challenge an
/// old screen) instead of reading the message.
public enum GateSubject: Hashable, Sendable, CustomStringConvertible {
    /// The profile with this name (as the caller gave it).
    case profile(String)
    /// The question set with this name, in this locale if one was asked for.
    case questionSet(name: String, locale: String?)
    /// The challenge with this id (as the caller gave it).
    case challenge(String)
    /// The notification (webhook subscription) with this id; `nil`: any at all.
    case notification(Int64?)
    /// The request to a parent with this number.
    case parentRequest(Int64)
    /// The request to a parent behind a child's handle (the handle itself is a secret).
    case parentRequestHandle
    /// The request to a parent behind an approval link (the link itself is a secret).
    case parentRequestLink
    /// The database a gate was asked to open without creating it.
    case database
    /// The audit record with this id.
    case auditRecord(Int64)
    /// The family with this name (a `GateDirectory`'s database).
    case family(String)
    /// The parent's code with this parent's name (as the caller gave it); `nil`: any at all.
    case parentCode(String?)

    /// The thing, in words: "profile named 'emma'".
    public var description: String {
        switch self {
        case .profile(let name): "profile named '\(name.escapedForMessage)'"
        case .questionSet(let name, let locale): "question set named '\(name.escapedForMessage)'" + (locale.map { " in locale \($0)" } ?? "")
        case .challenge(let id): "challenge with id '\(id.escapedForMessage)'"
        case .notification(let id?): "notification with id \(id)"
        case .notification(nil): "notification"
        case .parentRequest(let number): "request to a parent with number \(number)"
        case .parentRequestHandle: "request to a parent with this handle"
        case .parentRequestLink: "request to a parent behind this link"
        case .database: "database there"
        case .auditRecord(let id): "audit record with id \(id)"
        case .family(let name): "family named '\(name.escapedForMessage)'"
        case .parentCode(let name?): "parent's code named '\(name.escapedForMessage)'"
        case .parentCode(nil): "parent's code"
        }
    }

    /// The one line that says it does not exist.
    public var notFoundMessage: String {
        switch self {
        case .notification(let id?): "no notification with id \(id) (gatectl notify list shows them)"
        case .notification(nil): "no notifications are set up (add one with gatectl notify add)"
        case .database: "no database there (create: false)"
        case .parentCode(let name?): "no parent's code named '\(name.escapedForMessage)' (gatectl parent-code list shows them)"
        case .parentCode(nil): "no parent's code is set up (add one with gatectl parent-code add NAME)"
        default: "no \(description)"
        }
    }
}
