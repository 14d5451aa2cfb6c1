import Foundation

extension GateMachine.Run {
    /// A parent's code: refused while disabled or locked (it opens nothing and counts nothing,
    /// so a guesser gains nothing during a lockout), or while the household is over
    /// ``ParentCodeLimit``; a valid one clears the counts, ends an open challenge without
    /// counting it and opens parent mode, as an approval does; a wrong or replayed one is one
    /// failed challenge.
    mutating func enterParentCode(_ check: ParentCodeCheck, client: String?) -> ParentCodeOutcome {
        guard snapshot.isEnabled else {
            audit(.parentCodeRefused, client: client, details: ["reason": "disabled"])
            return .disabled
        }
        settle(except: nil)
        if let lock = lockRefusal() {
            switch lock {
            case .hardLocked:
                audit(.parentCodeRefused, client: client, details: ["reason": "hardLocked"])
                return .hardLocked
            case .lockedOut(let until):
                audit(.parentCodeRefused, client: client, details: [
                    "reason": "lockedOut", "until": String(until.millisecondsSince1970),
                ])
                return .lockedOut(until: until)
            }
        }
        switch check {
        case .valid(let parent):
            audit(.parentCodeAccepted, actor: parent, client: client)
            return .opened(until: openForParent(until: now.adding(policy.parentSession), client: client))
        case .limited(let until):
            audit(.parentCodeRefused, client: client, details: [
                "reason": "tooManyWrongCodes", "until": String(until.millisecondsSince1970),
            ])
            return .lockedOut(until: until)
        case .replayed(let parent):
            audit(.parentCodeWrong, client: client, details: ["reason": "replayed", "parent": parent])
        case .wrong:
            audit(.parentCodeWrong, client: client, details: ["reason": "wrong"])
        }
        switch recordFailure(at: now) {
        case .lockedOut(let until)?: return .lockedOut(until: until)
        case .hardLocked?: return .hardLocked
        case nil: return .wrong
        }
    }
}
