import GateProgram
import ArgumentParser
import ParentalGate
import GateJSON

extension GateCtl.Challenge {
    /// `gatectl challenge begin NAME`.
    struct Begin: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "begin",
            abstract: "Begin a challenge for a profile and print it (never its answer).",
            discussion: "Exit 0 with a challenge; 2 when locked out (with the time it ends); 1 when the profile is disabled.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "A label for the asking app or device, recorded in the audit log.")
        var client: String = "gatectl"

        func run() async throws {
            let result = try await global.gateSession().begin(profile: name, client: client, still: false)
            if global.json {
                try Output.json(ResultJSON(result))
            } else {
                switch result {
                case .challenge(let challenge):
                    Output.fields(
                        [("id", challenge.id.rawValue), ("question", challenge.prompt)]
                            + (challenge.choices.map { [("choices", $0.map(String.init).joined(separator: "  "))] } ?? [])
                            + [("deadline", Formatting.time(challenge.deadline))])
                case .lockedOut(let until): Output.line("locked out until \(Formatting.time(until))")
                case .hardLocked: Output.line("hard-locked: only an adult's unlock opens the gate")
                case .disabled: Output.line("\(name) is disabled")
                case .quietHours(let until): Output.line("quiet hours until \(Formatting.time(until)): only a parent's code or approval opens the gate")
                }
            }
            switch result {
            case .challenge: return
            case .lockedOut, .hardLocked, .quietHours: throw ExitCode.lockedOut
            case .disabled: throw ExitCode.refused
            }
        }
    }
}
