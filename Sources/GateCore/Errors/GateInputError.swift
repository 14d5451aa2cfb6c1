import Foundation

/// Input that a user or a file supplied and that the gate refuses, with a one-line reason.
public enum GateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyName(what: String)
    case nameTooLong(what: String, limit: Int)
    case forbiddenCharacter(what: String, scalar: String)
    case malformedLocale(String)
    case unknownLanguage(String)
    case malformedDuration(String)
    case malformedValue(field: PolicyField, text: String, expected: String)
    case outOfRange(field: PolicyField, value: String, range: String)
    case inconsistentPolicy(String)
    case malformedQuestion(String)
    /// A question file that cannot be read or decoded; the message names the file and the problem.
    case malformedQuestionFile(String)
    /// A page size (`limit`) outside what a query allows.
    case limitOutOfRange(Int, allowed: ClosedRange<Int>)
    /// A path the gate cannot safely write (its database, a backup, an export).
    case unusablePath(String, PathProblem)
    /// A notification subscription that cannot be made as asked; the message says why.
    case invalidNotification(String)
    /// A backup that cannot be restored (damaged, not the gate's, from a newer version); the message says why.
    case unrestorableBackup(String)
    /// An admin token too short, too long or too easy to guess; the reason says which.
    case weakAdminToken(String)
    /// A family's name that is not 1 to 63 lowercase letters, digits and dashes.
    case malformedFamilyName(String)
    /// A language's words (``GateStrings``) with a template that lacks what it must fill in.
    case malformedStrings(language: String, reason: String)
    /// A parent's code that is not six digits (spaces aside); nothing was tried.
    case malformedParentCode
    /// How long an approval opens parent mode, not a length it takes.
    case invalidApprovalLength(String)
    /// A drag's or two targets' report that cannot be judged (its field, its points); nothing was judged.
    case malformedReport(String)

    public var description: String {
        switch self {
        case .emptyName(let what):
            return "\(what) must not be empty"
        case .nameTooLong(let what, let limit):
            return "\(what) is longer than \(limit) characters"
        case .forbiddenCharacter(let what, let scalar):
            return "\(what) contains a control or invisible formatting character (\(scalar))"
        case .malformedLocale(let text):
            return "'\(text.escapedForMessage)' is not a locale tag (expected BCP 47, like en, ru-RU or zh-Hant-TW)"
        case .unknownLanguage(let text):
            return "unknown language '\(text.escapedForMessage)' (expected an ISO 639 code, like en, ru or de)"
        case .malformedDuration(let text):
            return "'\(text.escapedForMessage)' is not a duration (expected e.g. 90s, 5m, 1h30m, 2d)"
        case .malformedValue(let field, let text, let expected):
            return "'\(text.escapedForMessage)' is not a valid \(field.rawValue) (expected \(expected))"
        case .outOfRange(let field, let value, let range):
            return "\(field.rawValue) \(value) is out of range (allowed: \(range))"
        case .inconsistentPolicy(let reason):
            return "inconsistent policy: \(reason)"
        case .weakAdminToken(let reason):
            return reason
        case .malformedFamilyName(let name):
            return "a family's name is 1 to 63 lowercase letters, digits and dashes, not starting with a dash: '\(name.escapedForMessage)' is not one"
        case .malformedQuestion(let reason):
            return "malformed question: \(reason)"
        case .malformedQuestionFile(let message):
            return message
        case .limitOutOfRange(let limit, let allowed):
            return "limit \(limit) is out of range (allowed: \(allowed.lowerBound)...\(allowed.upperBound))"
        case .unusablePath(let path, let problem):
            return problem.message(path)
        case .invalidNotification(let message), .unrestorableBackup(let message):
            return message
        case .malformedStrings(let language, let reason):
            return "the words for '\(language.escapedForMessage)' cannot be used: \(reason)"
        case .malformedParentCode:
            return "a parent's code is the six digits the authenticator app shows; nothing was tried"
        case .invalidApprovalLength(let text):
            return "'\(text.escapedForMessage)' is not a length of parent mode: 1m to 1d (e.g. 15m, 1h), endOfDay, or standard (parentSession)"
        case .malformedReport(let reason):
            return "malformed report: \(reason); nothing was judged"
        }
    }
}

extension GateInputError {
    /// The description without its lead-in, for wrapping in a longer message.
    public var reason: String {
        if case .inconsistentPolicy(let reason) = self { return reason }
        return description
    }
}
