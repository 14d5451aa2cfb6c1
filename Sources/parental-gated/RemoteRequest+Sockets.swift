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
                 .listRequests, .showDatabase, .checkDatabase, .addParentCode, .listParentCodes, .removeParentCode,
                 .listHouseholds, .addHousehold, .renameHousehold, .removeHousehold, .exportHousehold, .importHousehold:
                socket == .admin
            }
        case .gate(let step):
            switch step {
            case .profile, .begin, .answer, .cancel, .state, .session, .ask, .checkRequest, .parentCode, .hold: true
            }
        case .household(_, let request):
            // Another household is the admin socket's to reach (the gate socket serves the daemon's own).
            socket == .admin && request.isAllowed(on: socket)
        }
    }
}
