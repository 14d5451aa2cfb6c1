/// Something that happens to a profile's gate.
public enum GateEvent: Sendable {
    /// A client asks for a challenge; `question` is what it would be asked.
    case begin(PreparedQuestion, id: ChallengeID, client: String?)
    /// A client answers `challenge` (open or not: an answer to an ended one is a replay).
    case answer(StoredChallenge, value: Int, client: String?)
    /// A client gives up on `challenge`.
    case cancel(StoredChallenge, client: String?)
    /// Parent mode is ended early.
    case endSession(by: String?)
    /// An adult lifts a lockout or hard lock.
    case unlock(by: String)
    /// A parent approved a child's request: parent mode opens, as after a pass, and a lock is lifted.
    case approve(by: String)
    /// Nothing but the passing of time: settles timeouts and quiet windows.
    case timeCheck
}
