import ArgumentParser
import Foundation
import GateCore
import GateProgram

import GatePostgres
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
        usage: "parental-gated [<options>] [--SETTING <value> …]",
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

            \(DaemonFlags.helpText)
            """,
        version: Gate.version)

    /// Runs the daemon; a failure is one `error: …` line with gatectl's exit codes.
    static func main() async {
        do {
            var command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            if let daemon = command as? ParentalGated {
                try await daemon.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch {
            let failure = CommandFailure(of: error, root: Self.self)
            failure.write()
            Foundation.exit(failure.status)
        }
    }

    @Option(help: "Who makes the change, for the audit log (default: the login name).")
    var by: String?

    @Option(help: "A JSON configuration file (default: $PARENTAL_GATE_CONFIG); flags and the environment override it.")
    var config: String?

    @Flag(help: "Make a new admin token for the admin API, print it once, then serve.")
    var initAdminToken = false

    @Option(help: "A file holding an admin token to accept (32 to 512 characters, hard to guess: openssl rand -hex 32; a regular file only its owner may read), replacing the token of any earlier token file; only its hash is stored.")
    var adminTokenFile: String?

    @Flag(help: "Retire every stored admin token before this start's --init-admin-token or --admin-token-file token (one of them is needed).")
    var revokeAdminTokens = false

    @Option(help: ArgumentHelp("Copy the family kept in the SQLite file FILE into the PostgreSQL --database (new and empty), check the copy's audit chain, and exit.", valueName: "FILE"))
    var copyFrom: String?

    @Option(help: ArgumentHelp("Copy the family kept in the PostgreSQL --database into a new SQLite file FILE, which gatectl --database opens, and exit.", valueName: "FILE"))
    var copyTo: String?

    @Flag(help: "Migrate the PostgreSQL --database to this version's schema, as the role that owns its tables, and exit.")
    var migrate = false

    @Option(help: ArgumentHelp("With --migrate: grant ROLE, which the daemons then connect as and which owns no table, the rows of every household.", valueName: "ROLE"))
    var grantTo: String?

    /// The settings, as flags.
    @OptionGroup var settings: DaemonFlags

    func validate() throws {
        if copyFrom != nil, copyTo != nil {
            throw ValidationError("--copy-from and --copy-to cannot be combined: one copy a run")
        }
        if grantTo != nil, !migrate {
            throw ValidationError("--grant-to goes with --migrate: the tables' owner grants, once it has migrated")
        }
        if migrate, copyFrom != nil || copyTo != nil {
            throw ValidationError("--migrate cannot be combined with --copy-from or --copy-to: one task a run")
        }
        if revokeAdminTokens, !initAdminToken, adminTokenFile == nil {
            throw ValidationError("--revoke-admin-tokens needs --init-admin-token or --admin-token-file: the new token's audit record records the revocation")
        }
    }

    func run() async throws {
        // SIGHUP's default ends the process: ignored from the start (HangUpService logs it later).
        signal(SIGHUP, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let settings = try await DaemonSettings.resolve(self, environment: environment)
        if migrate {
            try await OwnerMigration(database: settings.databasePath, environment: environment).run(grantingTo: grantTo, say: Self.say)
            return
        }
        if copyFrom != nil || copyTo != nil {
            try await FamilyMove(
                database: settings.databasePath, household: settings.household, keyFile: settings.notifyKeyFile, environment: environment)
                .run(from: copyFrom, to: copyTo, say: Self.say)
            return
        }
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
        let gate = try await Self.openDatabase(
            settings.databasePath, household: settings.household, keyFile: settings.notifyKeyFile, environment: environment, logger: logger)
        // --revoke-admin-tokens retires every other token with the first token set here.
        var retiring: AdminTokenRetirement = revokeAdminTokens ? .all : .none
        if let fileToken, let adminTokenFile {
            try await gate.addAdminToken(
                fileToken, label: AdminTokenRetirement.fileLabel(adminTokenFile), retiring: revokeAdminTokens ? .all : .fileTokens, by: ActorName.resolve(by: by, caller: nil))
            retiring = .none
        }
        if initAdminToken {
            let token = try await gate.addAdminToken(label: "parental-gated --init-admin-token", retiring: retiring, by: ActorName.resolve(by: by, caller: nil))
            Self.say("admin token (shown once; only its hash is stored): \(token)")
        }
        let configFile = config ?? environment["PARENTAL_GATE_CONFIG"]
        logger.notice("parental-gated \(Gate.version) starting", metadata: [
            "database": "\(gate.databaseName)", "config": "\(configFile ?? "none")",
        ])
        GateEventLog(logger: logger).follow(gate)
        let handler = RemoteHandler(gate: gate, access: settings.gateAccess, logger: logger)
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

    /// The gate on `database`: a PostgreSQL address (``PostgresAddress``), or an SQLite file,
    /// backed up first when this version is about to migrate it.
    private static func openDatabase(
        _ database: String, household: String, keyFile: String?, environment: [String: String], logger: Logger
    ) async throws -> Gate {
        guard let address = try PostgresAddress.setting(database, environment: environment) else {
            if keyFile != nil {
                throw CommandError.usage("--notify-key-file is for a PostgreSQL database: an SQLite database keeps its key beside itself")
            }
            if household != Household.home.name {
                throw CommandError.usage("--household: \(database) is an SQLite file, which is one household, home")
            }
            try await backUpBeforeMigrating(database, logger: logger)
            return try Gate(database: .file(database), singleConnection: false)
        }
        return try await address.gate(household: household, keyFile: keyFile, logger: logger)
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
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
