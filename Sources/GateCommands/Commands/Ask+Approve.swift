import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask approve NUMBER`: a parent's decision.
    struct Approve: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "approve",
            abstract: "Approve a waiting request: parent mode opens for its profile at once, and a lockout is lifted.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The request's number, as ask list shows it.")
        var number: Int64

        func validate() throws {
            if number < 1 { throw ValidationError("the request number must be a whole number from 1") }
        }

        func run() async throws {
            let request = try await global.openGate().decideParentRequest(number, approve: true, by: actor.actor)
            if global.json { return try Output.json(ParentRequestJSON(request)) }
            Output.line("approved request \(request.id) of \(request.profile)")
        }
    }
}
