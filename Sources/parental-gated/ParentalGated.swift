import ArgumentParser
import Foundation
import GateCommands
import GateServer
import Logging
import ParentalGate
import ServiceLifecycle

/// `parental-gated`: the daemon that owns the database and serves the gate.
@main
struct ParentalGated: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parental-gated",
        abstract: "The ParentalGate daemon: the only process that opens the database; serves HTTP and two Unix sockets.",
        discussion: """
            HTTP: the gate API under /v1, forward auth at /v1/auth, the admin API, /healthz, \
            /readyz, /metrics and /openapi.yaml. Delivers the notifications gatectl notify sets up. The admin socket (mode 0660, --admin-group) takes \
            every gatectl command; the gate socket (mode 0666) only what a child may do: challenge \
            begin, answer and cancel, status, session check and the terminal gate, for the profiles \
            --gate-access allows. Settings come from the flags, else PARENTAL_GATE_* environment \
            variables (http.port is PARENTAL_GATE_HTTP_PORT), else the JSON file --config names.

            Prints the address it serves on (and a new admin token, with --init-admin-token) on \
            standard output as soon as it has them; logs go to standard error. Stops gracefully on \
            SIGTERM or SIGINT; SIGHUP is logged and changes nothing.
            """,
        version: Gate.version)

    /// Runs the daemon; a failure is one `error: …` line with gatectl's exit codes.
    static func main() async {
        Foundation.exit(await CommandRunner.run(Array(CommandLine.arguments.dropFirst()), root: Self.self))
    }

    @OptionGroup var global: GlobalOptions

    @OptionGroup var actor: ActorOptions

    @Option(help: "A JSON configuration file (default: $PARENTAL_GATE_CONFIG); flags and the environment override it.")
    var config: String?

    @Option(help: "The address to listen on for HTTP (default: loopback only).")
    var host: String?

    @Option(help: "The HTTP port (default: 8080; 0: any free port, the one chosen is printed).")
    var port: Int?

    @Option(help: "The admin socket: every gatectl command (default: $RUNTIME_DIRECTORY/admin.sock under systemd, else none).")
    var adminSocket: String?

    @Option(help: "The group that may use the admin socket (mode 0660); default: the daemon's own group.")
    var adminGroup: String?

    @Option(help: "The gate socket: what a child may do (default: $RUNTIME_DIRECTORY/gate.sock under systemd, else none).")
    var gateSocket: String?

    @Option(
        name: .customLong("gate-access"),
        help: "USER=PROFILE[,PROFILE…]: on the gate socket the account USER may use only these profiles; * for every account or every profile (repeatable; a gate socket needs at least one rule: *=* lets every account use every profile).")
    var gateAccess: [String] = []

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical (default: info).")
    var logLevel: String?

    @Flag(help: "Make a new admin token for the admin API, print it once, then serve.")
    var initAdminToken = false

    @Option(help: "A file holding an admin token to accept (32 to 512 characters, hard to guess: openssl rand -hex 32; a regular file only its owner may read), replacing the token of any earlier token file; only its hash is stored.")
    var adminTokenFile: String?

    @Flag(help: "Retire every stored admin token before this start's --init-admin-token or --admin-token-file token (one of them is needed).")
    var revokeAdminTokens = false

    @Option(
        name: .customLong("trusted-proxy"),
        help: "The IP address of a reverse proxy whose X-Forwarded-For, -Proto and -Host headers are believed (repeatable).")
    var trustedProxies: [String] = []

    @Flag(inversion: .prefixedNo, help: "Clients come over HTTPS (through a TLS proxy): session cookies are Secure and the origin is https.")
    var secureCookies: Bool?

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

    @Option(
        name: .customLong("allowed-host"),
        help: "A name the gate is reached by (Host, or X-Forwarded-Host from a trusted proxy), besides IP addresses and localhost (repeatable).")
    var allowedHosts: [String] = []

    @Option(help: "Reset a connection whose answers have not been read for this long (default: 30s).")
    var writeTimeout: DurationArgument?

    @Option(help: "Connections open at once; more wait until one closes (default: 256).")
    var maxConnections: Int?

    @Option(help: "Connections open at once from one client address; more are closed (default: 32).")
    var maxConnectionsPerAddress: Int?

    @Option(help: "Wait this long before trying again a notification that was not delivered, twice as long after each further failure (default: 5s).")
    var notifyRetryBase: DurationArgument?

    @Option(help: "The longest wait between tries of a notification (default: 1h).")
    var notifyRetryMax: DurationArgument?

    @Option(help: "The longest one try of a notification may take, connecting included (default: 10s).")
    var notifyTimeout: DurationArgument?

    @Option(
        name: .customLong("notify-allowed-host"),
        help: "A host notifications may be sent to (repeatable; with none, any host the admin names).")
    var notifyAllowedHosts: [String] = []

    @Option(help: "The address parents reach this server by, for the approval links of requests (e.g. http://gate.home.lan:8080); without it, notifications say to approve with gatectl ask approve.")
    var publicURL: String?

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if let bad = trustedProxies.first(where: { !GateServerOptions.isIPAddress($0) }) {
            throw ValidationError("--trusted-proxy must be an IP address, not '\(bad.escapedForMessage)'")
        }
        if noRateLimit, rateLimitPerAddress != nil || rateLimitPerProfile != nil {
            throw ValidationError("--no-rate-limit cannot be combined with --rate-limit-per-address or --rate-limit-per-profile")
        }
        if let bad = allowedHosts.first(where: { !GateServerOptions.isHostName($0) }) {
            throw ValidationError("--allowed-host must be a host name, not '\(bad.escapedForMessage)'")
        }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--read-timeout", readTimeout), ("--write-timeout", writeTimeout)] {
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
        if revokeAdminTokens, !initAdminToken, adminTokenFile == nil {
            throw ValidationError("--revoke-admin-tokens needs --init-admin-token or --admin-token-file: the new token's audit record records the revocation")
        }
        if global.socket != nil { throw ValidationError("--socket is gatectl's: the daemon's sockets are --admin-socket and --gate-socket") }
        if let adminSocket, adminSocket == gateSocket { throw ValidationError("--admin-socket and --gate-socket must be different files") }
    }

    func run() async throws {
        // SIGHUP's default ends the process: ignored from the start (HangUpService logs it later).
        signal(SIGHUP, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let settings = try await DaemonSettings.resolve(self, environment: environment)
        if initAdminToken, JournalLogHandler.isJournal(STDOUT_FILENO, environment) {
            throw CommandError.usage(
                "--init-admin-token would print the token into the journal, where anyone who reads the logs finds it: hand the daemon a token file instead (LoadCredential= and --admin-token-file, as the shipped unit does)")
        }
        // Before anything is opened: a socket another daemon answers on stops this one here.
        for path in [settings.adminSocket, settings.gateSocket].compactMap(\.self) {
            try SocketServer.claim(path)
        }
        // Read the token file first: a bad one changes nothing.
        let fileToken = try adminTokenFile.map(AdminTokenFile.read)
        // Whatever the daemon creates (database, side files, sockets before their chmod) is its own.
        umask(0o077)
        let level = settings.logLevel
        let journal = JournalLogHandler.isJournal(STDERR_FILENO, environment)
        LoggingSystem.bootstrap { label in
            if journal { return JournalLogHandler(label: label, logLevel: level) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "parental-gated")
        if let socket = settings.gateSocket {
            logger.notice("gate socket: \(settings.gateAccess.summary)", metadata: ["path": "\(socket)"])
            for account in settings.gateAccess.unknownAccounts {
                logger.warning("gate access names the account \(account), which this machine does not have: a misspelt name leaves its child no way through the gate socket")
            }
        }
        try await Self.backUpBeforeMigrating(settings.databasePath, logger: logger)
        let gate = try Gate(database: .file(settings.databasePath), singleConnection: false)
        // --revoke-admin-tokens retires every other token with the first token set here.
        var retiring: AdminTokenRetirement = revokeAdminTokens ? .all : .none
        if let fileToken, let adminTokenFile {
            try await gate.addAdminToken(
                fileToken, label: AdminTokenRetirement.fileLabel(adminTokenFile), retiring: revokeAdminTokens ? .all : .fileTokens, by: actor.actor)
            retiring = .none
        }
        if initAdminToken {
            let token = try await gate.addAdminToken(label: "parental-gated --init-admin-token", retiring: retiring, by: actor.actor)
            Self.say("admin token (shown once; only its hash is stored): \(token)")
        }
        let configFile = config ?? environment["PARENTAL_GATE_CONFIG"]
        logger.notice("parental-gated \(Gate.version) starting", metadata: [
            "database": "\(settings.databasePath)", "config": "\(configFile ?? "none")",
        ])
        GateEventLog(logger: logger).follow(gate)
        let handler = RemoteHandler(gate: gate, databasePath: settings.databasePath, access: settings.gateAccess, logger: logger)
        let server = GateServer(gate: gate, options: settings.server, logger: logger)
        var running: [any Service] = [
            server.application { host, port in
                Self.say("serving on http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            },
        ]
        running.append(NotificationDeliverer(
            gate: gate, settings: settings.notifications, logger: logger, onTry: { server.recordDelivery(succeeded: $0) }))
        running.append(HangUpService(logger: logger))
        if let path = settings.adminSocket {
            running.append(SocketServer(socket: .admin, path: path, group: settings.adminGroup, handler: handler, logger: logger))
        }
        if let path = settings.gateSocket {
            running.append(SocketServer(socket: .gate, path: path, group: nil, handler: handler, logger: logger))
        }
        let services = ServiceGroup(configuration: .init(
            services: running.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await services.run()
        // Close the database before the process exits, whatever still holds the gate (a
        // connection's handlers not yet released): the write-ahead log is emptied, not left
        // for the next process. A reader elsewhere can keep it from that; nothing is lost then.
        do {
            try gate.close()
        } catch {
            logger.notice("the database's write-ahead log was not emptied at exit: \(error)")
        }
        logger.notice("parental-gated \(Gate.version) stopped")
    }

    /// Before a new version migrates an existing database, a copy of it as it was
    /// (`DATABASE.before-migration-N`, N its schema version, replacing an older such copy):
    /// an upgrade that goes wrong, or a return to the old version, starts from it with
    /// `gatectl db restore`.
    private static func backUpBeforeMigrating(_ path: String, logger: Logger) async throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let gate = try Gate(database: .file(path), migrate: false, singleConnection: true)
        let status = try await gate.databaseStatus()
        if !status.pendingMigrations.isEmpty {
            let copy = "\(path).before-migration-\(status.schemaVersion)"
            try await gate.backup(to: copy, replacing: true)
            logger.notice("backed up the database before migrating it", metadata: [
                "backup": "\(copy)", "from": "\(status.schemaVersion)", "to": "\(status.latestSchemaVersion)",
            ])
        }
        try gate.close()
    }

    /// Writes `line` to standard output at once, unbuffered, even when it is a pipe (as
    /// under systemd, where `print` would hold it in a buffer).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
