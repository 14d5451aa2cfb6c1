/// Something that happens to a profile's gate, typed by what the gate answers to it: a
/// begin is answered with a ``BeginResult``, an answer with a ``ChallengeOutcome``, a cancel
/// with a ``CancelOutcome``, and so on,
/// so no caller handles an answer the rules never give.
public struct GateEvent<Outcome: Sendable>: Sendable {
    /// The rule that handles the event.
    let rule: @Sendable (inout GateMachine.Run) -> Outcome
}

extension GateEvent where Outcome == BeginResult {
    /// A client asks for a challenge; `question` is what it would be asked.
    public static func begin(_ question: PreparedQuestion, id: ChallengeID, client: String?) -> Self {
        Self { $0.begin(question, id: id, client: client) }
    }
}

extension GateEvent where Outcome == ChallengeOutcome {
    /// A client answers `challenge` (open or not: an answer to an ended one is a replay).
    public static func answer(_ challenge: StoredChallenge, value: Int, client: String?) -> Self {
        Self { $0.answer(challenge, value: value, client: client) }
    }
}

extension GateEvent where Outcome == CancelOutcome {
    /// A client gives up on `challenge`.
    public static func cancel(_ challenge: StoredChallenge, client: String?) -> Self {
        Self { $0.cancel(challenge, client: client) }
    }
}

extension GateEvent where Outcome == Bool {
    /// Parent mode is ended early; answered with whether it was on.
    public static func endSession(by actor: String?) -> Self {
        Self { $0.endSession(by: actor) }
    }

    /// An adult lifts a lockout or hard lock; answered with whether the gate was locked.
    public static func unlock(by actor: String) -> Self {
        Self { $0.unlock(by: actor) }
    }
}

extension GateEvent where Outcome == ApprovalOutcome {
    /// A parent approved a child's request: parent mode opens for `length` (capped by
    /// `maxApproval`), as after a pass, and a lock is lifted.
    public static func approve(by actor: String, for length: ApprovalLength = .standard) -> Self {
        Self { $0.approve(by: actor, for: length) }
    }
}

extension GateEvent where Outcome == GateState {
    /// Nothing but the passing of time: settles timeouts and quiet windows; answered with the state.
    public static var timeCheck: Self {
        Self { $0.timeCheck() }
    }
}

extension GateEvent where Outcome == ParentCodeOutcome {
    /// A code typed as a parent's, as checked against the household's parent codes.
    public static func parentCode(_ check: ParentCodeCheck, client: String?) -> Self {
        Self { $0.enterParentCode(check, client: client) }
    }
}

extension GateEvent where Outcome == DragOutcome {
    /// A client drags a ball of `drag` challenge `challenge`, as `report` says it saw it.
    public static func drag(_ challenge: StoredChallenge, report: DragReport, client: String?) -> Self {
        Self { $0.drag(challenge, report: report, client: client) }
    }
}

extension GateEvent where Outcome == StepOutcome {
    /// A client presses `challenge`'s hold step.
    public static func pressHold(_ challenge: StoredChallenge, client: String?) -> Self {
        Self { $0.pressHold(challenge, client: client) }
    }

    /// A client releases `challenge`'s hold step.
    public static func releaseHold(_ challenge: StoredChallenge, client: String?) -> Self {
        Self { $0.releaseHold(challenge, client: client) }
    }

    /// A client held `challenge`'s two targets, as `report` says it saw it.
    public static func holdTargets(_ challenge: StoredChallenge, report: TargetReport, client: String?) -> Self {
        Self { $0.holdTargets(challenge, report: report, client: client) }
    }
}
