import ParentalGate

/// What an admin's command asks of the gate, typed: the daemon performs it on the admin
/// socket and answers with its result, which gatectl renders. Here, without a daemon, gatectl
/// performs it on the database file.
package protocol GateOperation: Codable, Sendable {
    associatedtype Result: Codable & Sendable

    /// The operation as the wire carries it.
    var request: AdminRequest { get }

    /// Performs it on `gate`, for `caller`: the account the daemon's socket saw, `nil` here.
    func perform(on gate: Gate, caller: String?) async throws -> Result
}

/// An admin command's operation on the wire: one case per operation, so that the daemon's
/// socket table classifies each.
package enum AdminRequest: Codable, Sendable {
    case importQuestions(ImportQuestions)
    case exportQuestions(ExportQuestions)
    case backup(BackupDatabase)
    case addProfile(AddProfile)
    case listProfiles(ListProfiles)
    case setProfileEnabled(SetProfileEnabled)
    case renameProfile(RenameProfile)
    case lookUpProfile(LookUpProfile)
    case removeProfile(RemoveProfile)
    case showProfile(ShowProfile)
    case unlockProfile(UnlockProfile)
    case endParentSession(EndParentSession)

    /// The operation, to perform.
    package var operation: any GateOperation {
        switch self {
        case .importQuestions(let operation): operation
        case .exportQuestions(let operation): operation
        case .backup(let operation): operation
        case .addProfile(let operation): operation
        case .listProfiles(let operation): operation
        case .setProfileEnabled(let operation): operation
        case .renameProfile(let operation): operation
        case .lookUpProfile(let operation): operation
        case .removeProfile(let operation): operation
        case .showProfile(let operation): operation
        case .unlockProfile(let operation): operation
        case .endParentSession(let operation): operation
        }
    }

    /// The command it is the operation of, for the daemon's log.
    package var command: String {
        switch self {
        case .importQuestions: "questions import"
        case .exportQuestions: "questions export"
        case .backup: "db backup"
        case .addProfile: "profile add"
        case .listProfiles: "profile list"
        case .setProfileEnabled(let operation): operation.enabled ? "profile enable" : "profile disable"
        case .renameProfile: "profile rename"
        case .lookUpProfile: "profile remove"
        case .removeProfile: "profile remove"
        case .showProfile: "profile show"
        case .unlockProfile: "unlock"
        case .endParentSession: "session end"
        }
    }
}
