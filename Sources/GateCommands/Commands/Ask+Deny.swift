import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask deny NUMBER`: a parent's decision.
    struct Deny: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "deny",
            abstract: "Deny a waiting request: the asking child is told, nothing opens.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The request's number, as ask list shows it.")
        var number: Int64

        func validate() throws {
            if number < 1 { throw ValidationError("the request number must be a whole number from 1") }
        }

        func run() async throws {
            let request = try await global.openGate().decideParentRequest(number, approve: false, by: actor.actor)
            if global.json { return try Output.json(ParentRequestJSON(request)) }
            Output.line("denied request \(request.id) of \(request.profile)")
        }
    }
}
