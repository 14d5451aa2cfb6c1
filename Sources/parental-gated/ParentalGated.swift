import ArgumentParser
import Foundation
import GateCommands
import GateServer
import ParentalGate

/// `parental-gated`: the daemon that owns the database and serves the gate.
@main
struct ParentalGated: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parental-gated",
        abstract: "Serve the gate over HTTP (API under /v1, forward auth at /v1/auth, /healthz, /readyz, /openapi.yaml).",
        discussion: """
            Prints the address it serves on (and a new admin token, with --init-admin-token) \
            on standard output as soon as it has them; logs go to standard error. \
            Stops gracefully on SIGTERM or SIGINT.
            """)

    /// Runs the daemon; a failure is one `error: …` line with gatectl's exit codes.
    static func main() async {
        Foundation.exit(await CommandRunner.run(Array(CommandLine.arguments.dropFirst()), root: Self.self))
    }

    @OptionGroup var global: GlobalOptions

    @OptionGroup var actor: ActorOptions

    @Option(help: "The address to listen on (default: loopback only).")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port; the one chosen is printed).")
    var port: Int = 8080

    @Flag(help: "Make a new admin token for the admin API, print it once, then serve.")
    var initAdminToken = false

    @Option(help: "A file holding an admin token (32 to 512 characters) to accept; only its hash is stored.")
    var adminTokenFile: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: "The IP address of a reverse proxy whose X-Forwarded-For, -Proto and -Host headers are believed (repeatable).")
    var trustedProxies: [String] = []

    @Flag(help: "Clients come over HTTPS (through a TLS proxy): session cookies are Secure and the origin is https.")
    var secureCookies = false

    @Option(help: "Requests that can write, per client address, as N/DURATION (default: 60/1m).")
    var rateLimitPerAddress: RateLimitArgument?

    @Option(help: "Gate operations per profile, as N/DURATION (default: 12/1m).")
    var rateLimitPerProfile: RateLimitArgument?

    @Flag(help: "Turn both rate limits off.")
    var noRateLimit = false

    @Option(help: "Close a connection that sends nothing for this long, including one whose request head is unfinished (default: 15s).")
    var idleTimeout: DurationArgument?

    @Option(help: "Close a connection whose request body has not arrived within this long of its head (default: 30s).")
    var readTimeout: DurationArgument?

    @Option(help: "Connections open at once; more wait until one closes (default: 256).")
    var maxConnections: Int?

    @Option(help: "Connections open at once from one client address; more are closed (default: 32).")
    var maxConnectionsPerAddress: Int?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let bad = trustedProxies.first(where: { !GateServerOptions.isIPAddress($0) }) {
            throw ValidationError("--trusted-proxy must be an IP address, not '\(bad.escapedForMessage)'")
        }
        if noRateLimit, rateLimitPerAddress != nil || rateLimitPerProfile != nil {
            throw ValidationError("--no-rate-limit cannot be combined with --rate-limit-per-address or --rate-limit-per-profile")
        }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--read-timeout", readTimeout)] {
            if let value, !(Duration.milliseconds(100)...Duration.seconds(3600)).contains(value.duration) {
                throw ValidationError("\(name) must be between 100ms and 1h")
            }
        }
        if let maxConnections, !(1...100_000).contains(maxConnections) {
            throw ValidationError("--max-connections must be between 1 and 100000")
        }
        if let maxConnectionsPerAddress, !(1...100_000).contains(maxConnectionsPerAddress) {
            throw ValidationError("--max-connections-per-address must be between 1 and 100000")
        }
    }

    /// The server's options from the command line.
    var options: GateServerOptions {
        var options = GateServerOptions()
        options.host = host
        options.port = port
        options.trustedProxies = Set(trustedProxies)
        options.secureCookies = secureCookies
        if noRateLimit {
            options.rateLimitPerAddress = nil
            options.rateLimitPerProfile = nil
        }
        if let rateLimitPerAddress { options.rateLimitPerAddress = rateLimitPerAddress.limit }
        if let rateLimitPerProfile { options.rateLimitPerProfile = rateLimitPerProfile.limit }
        if let idleTimeout { options.idleTimeout = idleTimeout.duration }
        if let readTimeout { options.readTimeout = readTimeout.duration }
        if let maxConnections { options.maxConnections = maxConnections }
        if let maxConnectionsPerAddress { options.maxConnectionsPerAddress = maxConnectionsPerAddress }
        return options
    }

    func run() async throws {
        // Read the token file first: a bad one changes nothing.
        let fileToken = try adminTokenFile.map { path in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandError.usage("cannot read \(path)")
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let gate = try global.openGate(readerPool: true)
        if let fileToken, let adminTokenFile {
            try await gate.addAdminToken(fileToken, label: "file \(adminTokenFile)", by: actor.actor)
        }
        if initAdminToken {
            let token = try await gate.addAdminToken(label: "gatectl serve --init-admin-token", by: actor.actor)
            Self.say("admin token (shown once; only its hash is stored): \(token)")
        }
        try await GateServer(gate: gate, options: options).run { host, port in
            Self.say("serving on http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
        }
    }

    /// Writes `line` to standard output at once, unbuffered, even when it is a pipe (as
    /// under systemd, where `print` would hold it in a buffer).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
