import GateProgram
import ArgumentParser
import ParentalGate

extension GateCtl.Challenge {
    /// `gatectl challenge cancel ID`.
    struct Cancel: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Give up a challenge: it ends as cancelled, which counts as one failed challenge.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The challenge id.")
        var id: String

        @Option(help: "A label for the cancelling app or device, recorded in the audit log.")
        var client: String = "gatectl"

        func run() async throws {
            guard let challenge = ChallengeID(id) else {
                throw GateError.notFound(.challenge(id))
            }
            let result = try await global.gateSession().cancel(challenge: challenge, client: client)
            do {
                try Answer.report(result, json: global.json)
            } catch let code as ExitCode where code == .refused && result == .failed(.cancelled) {
                return
            }
        }
    }
}
