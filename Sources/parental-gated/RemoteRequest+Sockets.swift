import GateProgram


extension RemoteRequest {
    /// Whether `socket` takes this request: the one table of what each socket may do, with
    /// every operation classified (the compiler checks the switch is whole).
    func isAllowed(on socket: DaemonSocket) -> Bool {
        switch self {
        case .admin(let operation):
            switch operation {
            case .importQuestions, .exportQuestions, .backup, .addProfile, .listProfiles, .setProfileEnabled, .renameProfile,
                 .lookUpProfile, .removeProfile, .showProfile, .unlockProfile, .endParentSession, .setPolicy, .resetPolicy,
                 .listPolicyChanges, .showPolicy, .listQuestionSets, .removeQuestions, .pruneAudit, .countOutcomes, .verifyAudit,
                 .listAudit, .listNotifications, .removeNotification, .testNotification, .addNotification, .decideRequest,
                 .listRequests, .showDatabase, .checkDatabase, .addParentCode, .listParentCodes, .removeParentCode:
                socket == .admin
            }
        case .gate(let step):
            switch step {
            case .profile, .begin, .answer, .cancel, .state, .session, .ask, .checkRequest, .parentCode, .hold: true
            }
        }
    }
}
