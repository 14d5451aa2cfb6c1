/// How an operation conflicts with what is stored, and with which thing.
public enum GateConflict: Equatable, Sendable, CustomStringConvertible {
    /// A profile `existing` already has this name (names are compared ignoring case).
    case duplicateProfile(name: String, existing: String)
    /// A question set with this name already exists in this locale.
    case duplicateQuestionSet(name: String, locale: String)
    /// The challenge has already ended.
    case challengeEnded(String)
    /// The request to a parent was already decided (`approved`, `denied`) or has expired.
    case requestDecided(number: Int64, status: String)
    /// The request's profile was renamed while it was being approved: approve it again.
    case requestProfileRenamed(number: Int64)
    /// Another process (the daemon?) has the database open, so it cannot be replaced.
    case databaseInUse(path: String, process: Int32)
    /// A database is already there, so a new one is not made (`Gate.create(at:setUp:)`).
    case databaseExists(path: String)
    /// A family with this name already exists (a `GateDirectory`'s).
    case familyExists(String)
    /// A parent's code with this name already exists (names are compared ignoring case).
    case duplicateParentCode(String)
    /// A challenge answered the way its format does not take: a `drag` challenge's value
    /// without the drag, or a drag of a challenge without moving balls.
    case wrongAnswerForm(challenge: String, format: AnswerFormat)
    /// A challenge's step comes first: its question cannot be answered yet.
    case stepPending(challenge: String, step: StepKind)
    /// A step tried that the challenge does not have, or has passed; or a release before a press.
    case stepNotPending(challenge: String, step: StepKind)
    /// The database refused the change (a rule it enforces); the message says which.
    case refused(String)

    /// The thing the change conflicted with, when there is one.
    public var subject: GateSubject? {
        switch self {
        case .duplicateProfile(_, let existing): .profile(existing)
        case .duplicateQuestionSet(let name, let locale): .questionSet(name: name, locale: locale)
        case .challengeEnded(let id): .challenge(id)
        case .requestDecided(let number, _), .requestProfileRenamed(let number): .parentRequest(number)
        case .databaseInUse, .databaseExists: .database
        case .familyExists(let name): .family(name)
        case .duplicateParentCode(let name): .parentCode(name)
        case .wrongAnswerForm(let id, _), .stepPending(let id, _), .stepNotPending(let id, _): .challenge(id)
        case .refused: nil
        }
    }

    public var description: String {
        switch self {
        case .duplicateProfile(let name, let existing):
            existing == name
                ? "a profile named '\(name.escapedForMessage)' already exists"
                : "a profile named '\(existing.escapedForMessage)' already exists (names are compared ignoring case)"
        case .duplicateQuestionSet(let name, let locale):
            "question set '\(name.escapedForMessage)' already exists in locale \(locale) (import it with --replace to overwrite it)"
        case .challengeEnded(let id):
            "challenge \(id) has already ended"
        case .requestDecided(let number, let status):
            "request \(number) was already \(status); nothing changed"
        case .requestProfileRenamed(let number):
            "request \(number)'s profile was renamed while it was being approved; nothing changed: approve it again"
        case .databaseInUse(let path, let process):
            "process \(process) has the database \(path.escapedForMessage) open (the daemon?): stop it first (systemctl stop parental-gated); nothing was replaced"
        case .databaseExists(let path):
            "a database is already at \(path.escapedForMessage); nothing was made"
        case .familyExists(let name):
            "a family named '\(name.escapedForMessage)' already exists; nothing was made"
        case .duplicateParentCode(let name):
            "a parent's code named '\(name.escapedForMessage)' already exists (remove it first to make a new one)"
        case .wrongAnswerForm(let id, let format):
            format == .drag
                ? "challenge \(id) is answered by dragging its ball into the box (POST /v1/challenges/\(id)/drag), not with a value; nothing changed"
                : "challenge \(id) has no moving balls: answer it with a value; nothing changed"
        case .stepPending(let id, let step):
            step == .hold
                ? "challenge \(id) is answered after its hold step (POST /v1/challenges/\(id)/hold: press, then release); nothing changed"
                : "challenge \(id) is answered after its two targets are held (POST /v1/challenges/\(id)/targets); nothing changed"
        case .stepNotPending(let id, let step):
            step == .hold
                ? "challenge \(id) has no hold step waiting for that (a release needs a press first); nothing changed"
                : "challenge \(id) has no two-targets step waiting; nothing changed"
        case .refused(let detail):
            "refused by the database: \(detail)"
        }
    }
}
