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
    case setPolicy(SetPolicy)
    case resetPolicy(ResetPolicy)
    case listPolicyChanges(ListPolicyChanges)
    case showPolicy(ShowPolicy)
    case listQuestionSets(ListQuestionSets)
    case removeQuestions(RemoveQuestions)
    case pruneAudit(PruneAudit)
    case countOutcomes(CountOutcomes)
    case verifyAudit(VerifyAudit)
    case listAudit(ListAudit)
    case listNotifications(ListNotifications)
    case removeNotification(RemoveNotification)
    case testNotification(TestNotification)
    case addNotification(AddNotification)
    case decideRequest(DecideRequest)
    case listRequests(ListRequests)
    case showDatabase(ShowDatabase)
    case checkDatabase(CheckDatabase)
    case addParentCode(AddParentCode)
    case listParentCodes(ListParentCodes)
    case removeParentCode(RemoveParentCode)
    case listHouseholds(ListHouseholds)
    case addHousehold(AddHousehold)
    case renameHousehold(RenameHousehold)
    case removeHousehold(RemoveHousehold)
    case exportHousehold(ExportHousehold)
    case importHousehold(ImportHousehold)

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
        case .setPolicy(let operation): operation
        case .resetPolicy(let operation): operation
        case .listPolicyChanges(let operation): operation
        case .showPolicy(let operation): operation
        case .listQuestionSets(let operation): operation
        case .removeQuestions(let operation): operation
        case .pruneAudit(let operation): operation
        case .countOutcomes(let operation): operation
        case .verifyAudit(let operation): operation
        case .listAudit(let operation): operation
        case .listNotifications(let operation): operation
        case .removeNotification(let operation): operation
        case .testNotification(let operation): operation
        case .addNotification(let operation): operation
        case .decideRequest(let operation): operation
        case .listRequests(let operation): operation
        case .showDatabase(let operation): operation
        case .checkDatabase(let operation): operation
        case .addParentCode(let operation): operation
        case .listParentCodes(let operation): operation
        case .removeParentCode(let operation): operation
        case .listHouseholds(let operation): operation
        case .addHousehold(let operation): operation
        case .renameHousehold(let operation): operation
        case .removeHousehold(let operation): operation
        case .exportHousehold(let operation): operation
        case .importHousehold(let operation): operation
        }
    }

    /// Whether it manages households rather than acting in one: `--household` does not apply.
    package var managesHouseholds: Bool {
        switch self {
        case .listHouseholds, .addHousehold, .renameHousehold, .removeHousehold, .exportHousehold, .importHousehold:
            true
        case .importQuestions, .exportQuestions, .backup, .addProfile, .listProfiles, .setProfileEnabled, .renameProfile,
             .lookUpProfile, .removeProfile, .showProfile, .unlockProfile, .endParentSession, .setPolicy, .resetPolicy,
             .listPolicyChanges, .showPolicy, .listQuestionSets, .removeQuestions, .pruneAudit, .countOutcomes, .verifyAudit,
             .listAudit, .listNotifications, .removeNotification, .testNotification, .addNotification, .decideRequest,
             .listRequests, .showDatabase, .checkDatabase, .addParentCode, .listParentCodes, .removeParentCode:
            false
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
        case .setPolicy: "policy set"
        case .resetPolicy: "policy reset"
        case .listPolicyChanges: "policy history"
        case .showPolicy: "policy show"
        case .listQuestionSets: "questions list"
        case .removeQuestions: "questions remove"
        case .pruneAudit: "audit prune"
        case .countOutcomes: "audit stats"
        case .verifyAudit: "audit verify"
        case .listAudit: "audit list"
        case .listNotifications: "notify list"
        case .removeNotification: "notify remove"
        case .testNotification: "notify test"
        case .addNotification: "notify add"
        case .decideRequest(let operation): operation.approve ? "ask approve" : "ask deny"
        case .listRequests: "ask list"
        case .showDatabase(let operation): operation.migrating ? "db migrate" : "db status"
        case .checkDatabase: "db check"
        case .addParentCode: "parent-code add"
        case .listParentCodes: "parent-code list"
        case .removeParentCode: "parent-code remove"
        case .listHouseholds: "household list"
        case .addHousehold: "household add"
        case .renameHousehold: "household rename"
        case .removeHousehold: "household remove"
        case .exportHousehold: "household export"
        case .importHousehold: "household import"
        }
    }
}
