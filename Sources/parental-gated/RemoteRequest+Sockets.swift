import GateCommands

extension RemoteRequest {
    /// Whether `socket` takes this request: the one table of what each socket may do, with
    /// every operation classified (the compiler checks the switch is whole).
    func isAllowed(on socket: DaemonSocket) -> Bool {
        switch self {
        // A command line is an admin's: the gate socket never parses one.
        case .run: socket == .admin
        case .admin(let operation):
            switch operation {
            case .importQuestions, .exportQuestions, .backup, .addProfile, .listProfiles, .setProfileEnabled, .renameProfile,
                 .lookUpProfile, .removeProfile, .showProfile, .unlockProfile, .endParentSession:
                socket == .admin
            }
        case .gate(let step):
            switch step {
            case .profile, .begin, .answer, .cancel, .state, .session, .ask, .checkRequest: true
            }
        }
    }
}
