import Foundation

extension GateMachine.Run {
    /// A press of a `hold` step: the server's time is the start of the hold (a press again
    /// starts it again).
    mutating func pressHold(_ challenge: StoredChallenge, client: String?) -> StepOutcome {
        if let ended = refusedBeforeTrying(challenge, client: client, details: ["step": "true"]) { return .ended(ended) }
        guard case .hold(let holdMs) = challenge.issued.challenge.step else { return .ended(.alreadyEnded(challenge.status)) }
        var pressed = challenge
        pressed.stepPressedAt = now
        snapshot.openChallenge = pressed
        effects.append(.stepProgress(challenge.id, pressedAt: now, doneAt: nil))
        return .pressed(until: now.adding(.milliseconds(holdMs)))
    }

    /// The release of a `hold` step: passed when it was held for `holdMs` by the server's
    /// clock; sooner is refused and counts as a wrong answer.
    mutating func releaseHold(_ challenge: StoredChallenge, client: String?) -> StepOutcome {
        if let ended = refusedBeforeTrying(challenge, client: client, details: ["step": "true"]) { return .ended(ended) }
        guard case .hold(let holdMs) = challenge.issued.challenge.step, let pressedAt = challenge.stepPressedAt else {
            return .ended(.alreadyEnded(challenge.status))
        }
        let held = now.millisecondsSince1970 - pressedAt.millisecondsSince1970
        if held >= Int64(holdMs) {
            return passStep(challenge, pressedAt: pressedAt, client: client, details: ["heldMs": String(held)])
        }
        return refuseStep(challenge, .releasedEarly, client: client, details: ["heldMs": String(held)])
    }

    /// Two presses of a `twoTargets` step, as the client saw them, judged against the targets'
    /// motion at the time the server saw pass.
    mutating func holdTargets(_ challenge: StoredChallenge, report: TargetReport, client: String?) -> StepOutcome {
        if let ended = refusedBeforeTrying(challenge, client: client, details: ["step": "true"]) { return .ended(ended) }
        guard case .twoTargets(let targets) = challenge.issued.challenge.step else { return .ended(.alreadyEnded(challenge.status)) }
        let shownAt = challenge.issued.challenge.issuedAt
        let elapsed = Duration.milliseconds(max(0, now.millisecondsSince1970 - shownAt.millisecondsSince1970))
        switch targets.judge(report, elapsed: elapsed) {
        case .success: return passStep(challenge, pressedAt: nil, client: client, details: [:])
        case .failure(let refusal): return refuseStep(challenge, refusal, client: client, details: [:])
        }
    }

    /// What an answer would get when a drag or a step cannot be tried (the profile disabled, the
    /// challenge ended or timed out), audited with `details`; `nil` when it can.
    mutating func refusedBeforeTrying(_ challenge: StoredChallenge, client: String?, details: [String: String]) -> ChallengeOutcome? {
        guard snapshot.isEnabled else {
            audit(.answerRefused, client: client, challenge: challenge.id, details: details.merging(["reason": "disabled"]) { $1 })
            return .disabled
        }
        guard challenge.status == .open else {
            audit(.answerRefused, client: client, challenge: challenge.id, details: details.merging(["reason": "ended"]) { $1 })
            return .alreadyEnded(challenge.status)
        }
        settle(except: challenge.id)
        if now > challenge.issued.challenge.deadline {
            return timeOut(challenge, client: client).map(ChallengeOutcome.init) ?? .failed(.timedOut)
        }
        return nil
    }

    private mutating func passStep(_ challenge: StoredChallenge, pressedAt: Date?, client: String?, details: [String: String]) -> StepOutcome {
        var passed = challenge
        passed.stepDoneAt = now
        snapshot.openChallenge = passed
        effects.append(.stepProgress(challenge.id, pressedAt: pressedAt, doneAt: now))
        let kind = challenge.issued.challenge.step?.kind.rawValue ?? "none"
        audit(.stepPassed, client: client, challenge: challenge.id, details: details.merging(["step": kind]) { $1 })
        return .done
    }

    private mutating func refuseStep(
        _ challenge: StoredChallenge, _ refusal: StepRefusal, client: String?, details: [String: String]
    ) -> StepOutcome {
        var reset = challenge
        if reset.stepPressedAt != nil {
            reset.stepPressedAt = nil
            effects.append(.stepProgress(challenge.id, pressedAt: nil, doneAt: nil))
        }
        snapshot.openChallenge = reset
        let kind = challenge.issued.challenge.step?.kind.rawValue ?? "none"
        audit(.stepRefused, client: client, challenge: challenge.id, details: details.merging(["step": kind, "reason": refusal.rawValue]) { $1 })
        return .refused(refusal, countWrong(reset, tooFast: false, client: client, recorded: false))
    }
}
