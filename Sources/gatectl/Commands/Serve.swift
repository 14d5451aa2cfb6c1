import ArgumentParser
import GateServer
import ParentalGate

extension GateCtl {
    /// `gatectl serve`: the HTTP API.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the gate over HTTP (API under /v1, forward auth at /v1/auth, /healthz, /openapi.yaml).",
            discussion: "Stops gracefully on SIGTERM or SIGINT.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The address to listen on (default: loopback only).")
        var host: String = "127.0.0.1"

        @Option(help: "The port to listen on.")
        var port: Int = 8080

        func validate() throws {
            guard (1...65_535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        }

        func run() async throws {
            let gate = try global.openGate()
            try await GateServer(gate: gate, host: host, port: port).run()
        }
    }
}
