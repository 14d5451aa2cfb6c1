import ArgumentParser
import GateServer
import ParentalGate

extension GateCtl {
    /// `gatectl serve`: the HTTP API.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the gate over HTTP (API under /v1, forward auth at /v1/auth, /healthz, /openapi.yaml).",
            discussion: "Stops gracefully on SIGTERM or SIGINT.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "The address to listen on (default: loopback only).")
        var host: String = "127.0.0.1"

        @Option(help: "The port to listen on.")
        var port: Int = 8080

        @Flag(help: "Make a new admin token for the admin API, print it once, then serve.")
        var initAdminToken = false

        @Option(help: "A file holding an admin token (32 or more characters) to accept; only its hash is stored.")
        var adminTokenFile: String?

        func validate() throws {
            guard (1...65_535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        }

        func run() async throws {
            let gate = try global.openGate(readerPool: true)
            if initAdminToken {
                let token = try await gate.addAdminToken(label: "gatectl serve --init-admin-token", by: ActorOptions().actor)
                print("admin token (shown once; only its hash is stored): \(token)")
            }
            if let adminTokenFile {
                guard let text = try? String(contentsOfFile: adminTokenFile, encoding: .utf8) else {
                    throw CommandError.usage("cannot read \(adminTokenFile)")
                }
                try await gate.addAdminToken(
                    text.trimmingCharacters(in: .whitespacesAndNewlines), label: "file \(adminTokenFile)", by: ActorOptions().actor)
            }
            try await GateServer(gate: gate, host: host, port: port).run()
        }
    }
}
