import Foundation
import GateCore
import ParentalGate

/// The result of `challenge begin`, `challenge answer` and `challenge cancel` in `gatectl --json` output and the HTTP API.
public struct ResultJSON: Encodable, Sendable {
    /// `challenge`, `passed`, `wrong`, `failed`, `lockedOut`, `hardLocked`, `alreadyEnded`, `disabled`.
    public var result: String
    public var challenge: ChallengeJSON?
    public var token: String?
    public var until: Date?
    public var triesLeft: Int?
    public var tooFast: Bool?
    /// Why a challenge failed: `tooManyWrongAnswers`, `tooFast` (the last try was too fast), `timedOut`, `cancelled`.
    public var reason: String?
    /// How an already ended challenge had ended.
    public var status: String?

    public init(_ result: BeginResult) {
        switch result {
        case .challenge(let challenge):
            self.result = "challenge"
            self.challenge = ChallengeJSON(challenge)
        case .lockedOut(let until):
            self.result = "lockedOut"
            self.until = until
        case .hardLocked: self.result = "hardLocked"
        case .disabled: self.result = "disabled"
        }
    }

    public init(_ result: AnswerResult) {
        switch result {
        case .passed(let pass):
            self.result = "passed"
            token = pass.token
            until = pass.until
        case .wrong(let triesLeft, let tooFast):
            self.result = "wrong"
            self.triesLeft = triesLeft
            self.tooFast = tooFast
        case .failed(let reason):
            self.result = "failed"
            self.reason = reason.rawValue
        case .lockedOut(let until):
            self.result = "lockedOut"
            self.until = until
        case .hardLocked: self.result = "hardLocked"
        case .alreadyEnded(let status):
            self.result = "alreadyEnded"
            self.status = status.rawValue
        case .disabled: self.result = "disabled"
        }
    }
}
