import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Challenge {
    /// `gatectl challenge answer ID VALUE`.
    struct Answer: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "answer",
            abstract: "Answer a challenge.",
            discussion: """
                Exit 0 on a pass (printing the parent-session token); 1 for a wrong answer, a failed, \
                ended or disabled challenge; 2 when the answer started a lockout or hard lock.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The challenge id that challenge begin printed.")
        var id: String

        @Argument(help: "The answer: a whole number.")
        var value: Int

        @Option(help: "A label for the answering app or device, recorded in the audit log.")
        var client: String = "gatectl"

        func run() async throws {
            guard let challenge = ChallengeID(id) else {
                throw GateError.notFound(.challenge(id))
            }
            let result = try await global.gateSession().answer(challenge: challenge, value: value, client: client)
            try Self.report(result, json: global.json)
        }

        /// Prints `result` and throws its exit status unless it is a pass.
        static func report(_ result: AnswerResult, json: Bool) throws {
            if json {
                try Output.json(ResultJSON(result))
            } else {
                switch result {
                case .passed(let pass):
                    Output.fields([("result", "passed"), ("parent mode until", Formatting.time(pass.until)), ("token", pass.token)])
                case .wrong(let triesLeft, let tooFast):
                    Output.line(tooFast ? "too fast: counted as wrong; tries left: \(triesLeft)" : "wrong; tries left: \(triesLeft)")
                case .failed(let reason): Output.line("failed: " + Self.words(for: reason))
                case .lockedOut(let until): Output.line("failed; locked out until \(Formatting.time(until))")
                case .hardLocked: Output.line("failed; hard-locked: only an adult's unlock opens the gate")
                case .alreadyEnded(let status): Output.line("refused: this challenge has already ended (\(status.rawValue))")
                case .disabled: Output.line("refused: the profile is disabled")
                }
            }
            switch result {
            case .passed: return
            case .lockedOut, .hardLocked: throw ExitCode.lockedOut
            case .wrong, .failed, .alreadyEnded, .disabled: throw ExitCode.refused
            }
        }

        /// Why a challenge failed, for people.
        static func words(for reason: FailureReason) -> String {
            switch reason {
            case .tooManyWrongAnswers: "too many wrong answers"
            case .tooFast: "the last try was too fast (counted as wrong)"
            case .timedOut: "timed out"
            case .cancelled: "cancelled"
            case .abandoned: "abandoned"
            }
        }
    }
}
