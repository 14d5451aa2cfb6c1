import GateProgram
import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// What `ask approve` and `ask deny` share: the request's number and who decides.
    struct DecisionOptions: ParsableArguments {
        @OptionGroup var global: GlobalOptions
        @OptionGroup var actor: ActorOptions

        @Argument(help: "The request's number, as ask list shows it.")
        var number: Int64

        func validate() throws {
            if number < 1 { throw ValidationError("the request number must be a whole number from 1") }
        }

        /// Decides the request and prints what became of it.
        func decide(approve: Bool, for length: ApprovalLength? = nil) async throws {
            let request = try await global.perform(DecideRequest(number: number, approve: approve, by: actor.by, length: length))
            if global.json { return try Output.json(request) }
            Output.line("\(approve ? "approved" : "denied") request \(request.id) of \(request.profile)")
        }
    }
}
