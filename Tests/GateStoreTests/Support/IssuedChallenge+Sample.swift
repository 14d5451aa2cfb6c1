import Foundation
import GateCore

extension IssuedChallenge {
    /// "What is seven times eight?" issued to `profileID` at `time`, with a 30 s deadline.
    static func sample(profileID: Int64, at time: Date, format: AnswerFormat = .entry) -> IssuedChallenge {
        let challenge = Challenge(
            id: .random(), profileID: profileID, prompt: "What is seven times eight?", locale: .english, format: format,
            choices: format == .choice ? [54, 56, 63, 48] : nil, issuedAt: time, deadline: time.addingTimeInterval(30))
        return IssuedChallenge(
            challenge: challenge, origin: .arithmetic, answer: 56, maxWrongAnswers: 1,
            minResponseTime: .milliseconds(1500), client: "tests")
    }
}
