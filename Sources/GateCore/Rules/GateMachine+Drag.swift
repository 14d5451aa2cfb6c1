import Foundation

extension GateMachine.Run {
    /// A drag of a `drag` challenge's ball, judged against its motion at the time the server
    /// saw pass: a ball dragged into the box answers with its value (right, wrong or too
    /// fast, as any answer); a refused drag counts as a wrong answer.
    mutating func drag(_ challenge: StoredChallenge, report: DragReport, client: String?) -> DragOutcome {
        let shown = challenge.issued.challenge
        // The balls are shown once a step before them has passed.
        let shownAt = challenge.stepDoneAt ?? shown.issuedAt
        let elapsed = Duration.milliseconds(max(0, now.millisecondsSince1970 - shownAt.millisecondsSince1970))
        guard let motion = shown.motion, let choices = shown.choices, choices.count == motion.balls.count else {
            // Not reached: the service refuses a drag of a challenge without moving balls.
            return DragOutcome(refusal: .offBall, outcome: refuseDrag(challenge, .offBall, client: client))
        }
        switch motion.judge(report, elapsed: elapsed) {
        case .success(let ball):
            return DragOutcome(refusal: nil, outcome: answer(challenge, value: choices[ball], client: client))
        case .failure(let refusal):
            let outcome = refuseDrag(challenge, refusal, client: client)
            let counted = switch outcome {
            case .wrong, .failed(.tooManyWrongAnswers), .lockedOut, .hardLocked: true
            default: false
            }
            return DragOutcome(refusal: counted ? refusal : nil, outcome: outcome)
        }
    }

    /// A refused drag: one wrong try of an open challenge in time; otherwise what an answer
    /// to it would get (disabled, ended, timed out), counting nothing more.
    private mutating func refuseDrag(_ challenge: StoredChallenge, _ refusal: DragRefusal, client: String?) -> ChallengeOutcome {
        if let ended = refusedBeforeTrying(challenge, client: client, details: ["drag": refusal.rawValue]) { return ended }
        audit(.dragRefused, client: client, challenge: challenge.id, details: ["reason": refusal.rawValue])
        return countWrong(challenge, tooFast: false, client: client, recorded: false)
    }
}
