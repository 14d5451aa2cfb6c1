import GateProgram
import ArgumentParser
import GateJSON
import ParentalGate

extension GateCtl.Ask {
    /// `gatectl ask request NAME`: a child's request.
    struct Request: AsyncParsableCommand, GlobalCommand {
        static let configuration = CommandConfiguration(
            commandName: "request",
            abstract: "Ask a parent to open a profile's gate; print the request and its handle.",
            discussion: "Exit 0 when asked; 1 when refused (one already waiting, asked too soon, switched off by the policy, or a disabled profile).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: "A label for the asking app or device, recorded in the audit log and shown to the parent.")
        var client: String = "gatectl"

        struct JSON: Encodable {
            var id: String
            var request: ParentRequest
        }

        func run() async throws {
            let result = try await global.gateSession().ask(profile: name, client: client)
            let refusal: String
            switch result {
            case .asked(let request, let handle):
                if global.json { return try Output.json(JSON(id: handle, request: request)) }
                Output.fields([
                    ("request", String(request.id)), ("handle", handle), ("open until", Formatting.time(request.expiresAt)),
                    ("check with", "gatectl ask check - (the handle on standard input)"),
                ])
                return
            case .alreadyWaiting(let request):
                refusal = "request \(request.id) of \(request.profile) is already waiting for a parent, until \(Formatting.time(request.expiresAt))"
            case .tooSoon(let retryAt):
                refusal = "\(name) asked a moment ago: ask again after \(Formatting.time(retryAt))"
            case .notAllowed:
                refusal = "\(name)'s policy does not allow asking a parent (askParent off)"
            case .disabled:
                refusal = "\(name) is disabled"
            }
            Output.line(refusal)
            throw ExitCode.refused
        }
    }
}
