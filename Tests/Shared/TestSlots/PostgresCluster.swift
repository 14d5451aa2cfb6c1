// Built only where Swift Testing is (see BoundedConcurrency.swift).
#if canImport(Testing)
import Foundation

/// A PostgreSQL server of a test's own: a cluster made with `initdb` in a temporary folder and
/// started with `pg_ctl` on a Unix socket in that folder (no TCP port is opened), stopped and
/// removed by ``stop()``.
///
/// PostgreSQL refuses to run as root, so where the tests run as root (as CI does) the cluster
/// belongs to the `postgres` account and its programs run as it (`runuser`). Without
/// PostgreSQL's programs, ``start(name:)`` throws one line saying what to install: a test that
/// needs the server fails, it is never skipped.
public final class PostgresCluster: Sendable {
    /// The superuser the cluster is made with; it connects without a password over the socket.
    /// Row-level security does not apply to it, so stores never connect as it (they refuse to).
    public static let superuser = "gate_owner"
    /// The role the gate's stores connect as: it logs in and may create tables in database
    /// `postgres`'s schema, so it migrates and owns the tables, as the README's deployment
    /// does; it is no superuser.
    public static let appRole = "gate_app"
    /// The folder holding the cluster's data, socket and log.
    public let folder: URL
    /// The folder of the socket, for a client's `unixSocketPath` (with ``socketPath``).
    public let socketFolder: String
    /// The number naming the socket (`.s.PGSQL.PORT`): PostgreSQL's port setting, no TCP port.
    public let port: Int
    private let programs: URL
    private let account: String?

    /// The socket a client connects to.
    public var socketPath: String { socketFolder + "/.s.PGSQL.\(port)" }
    private var data: String { folder.appendingPathComponent("data").path }
    private var log: String { folder.appendingPathComponent("server.log").path }

    /// Makes and starts a cluster; its folder's name begins with `name`.
    ///
    /// By default it listens on its socket only, and trusts every connection. `tcpPort`: it
    /// listens on 127.0.0.1 at that port too (the socket takes the same number), where
    /// connections must give a password (SCRAM) and `settings` (`-c` lines: TLS's) apply.
    public static func start(name: String = "pg", tcpPort: Int? = nil, settings: [String] = []) throws -> PostgresCluster {
        let cluster = try PostgresCluster(name: name, port: tcpPort ?? 5432)
        do {
            try cluster.initialize(passwordsOverTCP: tcpPort != nil)
            let listen = tcpPort == nil ? "''" : "'127.0.0.1'"
            let extra = settings.map { " -c \($0)" }.joined()
            try cluster.run("pg_ctl", [
                "-D", cluster.data, "-l", cluster.log, "-w", "-t", "60",
                "-o", "-c listen_addresses=\(listen) -k \(cluster.socketFolder) -p \(cluster.port) -c fsync=off\(extra)", "start",
            ])
            try cluster.psql("CREATE ROLE \(appRole) LOGIN; GRANT CREATE ON SCHEMA public TO \(appRole)")
        } catch {
            let log = (try? String(contentsOfFile: cluster.log, encoding: .utf8)) ?? ""
            try? cluster.stop()
            throw PostgresClusterError.failed("\(error)" + (log.isEmpty ? "" : "; server log: " + log.suffix(600)))
        }
        return cluster
    }

    private init(name: String, port: Int) throws {
        programs = try Self.programFolder()
        account = getuid() == 0 ? "postgres" : nil
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        socketFolder = folder.appendingPathComponent("socket").path
        self.port = port
        try FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        if let account {
            guard let owner = getpwnam(account) else {
                throw PostgresClusterError.failed("no '\(account)' account to run PostgreSQL as (the postgresql package makes it)")
            }
            for path in [folder.path, socketFolder] { chown(path, owner.pointee.pw_uid, owner.pointee.pw_gid) }
        }
        chmod(folder.path, 0o700)
    }

    /// A cluster no test holds any more is stopped (a test that threw past its own `stop()`).
    deinit {
        try? stop()
    }

    /// Stops the server at once and removes its folder; stopping a stopped cluster does nothing.
    public func stop() throws {
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
            try run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the server answers (`pg_ctl status`).
    public var isRunning: Bool {
        (try? run("pg_ctl", ["-D", data, "status"])) != nil
    }

    /// Runs `sql` with `psql` as `user` (by default the superuser) in database `postgres`;
    /// returns its output, unaligned. Each `;`-separated statement of `sql` is one transaction.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres", user: String = superuser) throws -> String {
        try run("psql", ["-h", socketFolder, "-p", "\(port)", "-U", user, "-d", database, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    private func initialize(passwordsOverTCP: Bool) throws {
        try run("initdb", [
            "-D", data, "-U", Self.superuser, "--auth-local=trust", "--auth-host=\(passwordsOverTCP ? "scram-sha-256" : "trust")",
            "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions",
        ])
    }

    /// The account PostgreSQL runs as (`postgres` when the tests run as root), for files it must own.
    public var serverAccount: String? { account }

    /// Runs PostgreSQL's program `name` (as the cluster's account); its output (standard
    /// output and error together), or a thrown error with it.
    ///
    /// Spawned and waited for with `posix_spawn` and `waitpid`, every descriptor above 2 closed
    /// in the child: `pg_ctl start` leaves the server running, and Foundation's `Process`
    /// notices an exit only once every copy of a socket it shares with the child is closed,
    /// which the server's copy never is.
    @discardableResult
    private func run(_ name: String, _ arguments: [String]) throws -> String {
        let program = programs.appendingPathComponent(name).path
        let argv = account.map { ["/usr/sbin/runuser", "-u", $0, "--", program] } ?? [program]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Every other descriptor, closed in the child at once (glibc 2.34's closefrom action),
        // including one another test's thread opens meanwhile; else those open now.
        if let closeFrom = Self.closeFrom {
            _ = closeFrom(&actions, 3)
        } else {
            let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
            for descriptor in open where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        let words = (argv + arguments).map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, words, environ)
        guard spawned == 0 else { throw PostgresClusterError.failed("\(name) did not start: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let printed = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            let said = printed.trimmingCharacters(in: .whitespacesAndNewlines)
            throw PostgresClusterError.failed("\(name) \(exited ? "exited with \(code)" : "was killed by signal \(status & 0x7f)"): \(said)")
        }
        return printed
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// declare; `nil` where the C library lacks it.
    private static var closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? {
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
        }
    }

    /// The folder of PostgreSQL's server programs: Debian keeps them in
    /// `/usr/lib/postgresql/VERSION/bin` (the newest is taken), elsewhere beside `initdb` on the `PATH`.
    private static func programFolder() throws -> URL {
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? [])
            .compactMap(Int.init).sorted()
        if let newest = versions.last {
            let folder = URL(fileURLWithPath: "\(debian)/\(newest)/bin")
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("initdb").path) { return folder }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder))
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("initdb").path) { return url }
        }
        throw PostgresClusterError.missing
    }
}

/// Why a test's PostgreSQL server did not start.
public enum PostgresClusterError: Error, CustomStringConvertible {
    /// PostgreSQL's programs are not installed.
    case missing
    /// A program failed, with what it said.
    case failed(String)

    public var description: String {
        switch self {
        case .missing: "PostgreSQL's initdb and pg_ctl were not found: install the postgresql package (.ci/run does)"
        case .failed(let reason): "the test's PostgreSQL server: \(reason)"
        }
    }
}
#endif
