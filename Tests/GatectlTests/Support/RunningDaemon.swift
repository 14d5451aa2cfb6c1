import Foundation
import Testing

/// `parental-gated` as a deployment runs it: its database in a private state folder
/// (`0700`), its admin socket (`0660`) and gate socket (`0666`) in a run folder every account
/// may enter (every account using every profile, `*=*`, unless the test gives `--gate-access`),
/// HTTP on a free loopback port; stopped with SIGTERM.
final class RunningDaemon: @unchecked Sendable {
    let root: Scratch
    let databasePath: String
    let adminSocket: String
    let gateSocket: String
    let process: InteractiveGatectl
    private let lock = NSLock()
    private var ended: GatectlProcess.Result?

    private init(root: Scratch, process: InteractiveGatectl) {
        self.root = root
        self.process = process
        databasePath = root.path("state/gate.sqlite")
        adminSocket = root.path("run/admin.sock")
        gateSocket = root.path("run/gate.sock")
    }

    /// Starts the daemon with `arguments` and waits until it serves; `prepare` may put files
    /// in its folders first.
    static func start(
        _ arguments: [String] = [], prepare: (Scratch) throws -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> RunningDaemon {
        let root = try Scratch()
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.url.path)
        try manager.createDirectory(atPath: root.path("state"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(atPath: root.path("run"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try prepare(root)
        return try await start(in: root, arguments, sourceLocation: sourceLocation)
    }

    /// Starts a daemon again on the database and sockets of `killed`, a daemon ended by ``kill()``.
    static func restart(_ killed: RunningDaemon, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> RunningDaemon {
        try await start(in: killed.root, arguments, sourceLocation: sourceLocation)
    }

    /// Ends the daemon with SIGKILL, as a crash or the out-of-memory killer would, leaving its
    /// files (database, sockets) for ``restart(_:_:sourceLocation:)``; the restarted daemon removes them.
    func kill() {
        lock.withLock {
            guard ended == nil else { return }
            Glibc.kill(process.pid, SIGKILL)
            ended = process.finish(timeout: 30)
        }
    }

    private static func start(in root: Scratch, _ arguments: [String], sourceLocation: SourceLocation) async throws -> RunningDaemon {
        let manager = FileManager.default
        // A gate socket needs its rules; unless the test gives some, every account may use every profile.
        let access = arguments.contains("--gate-access") ? [] : ["--gate-access", "*=*"]
        // A file of its own, unless the test names another database (PostgreSQL's).
        let database = arguments.contains("--database") ? [] : ["--database", root.path("state/gate.sqlite")]
        let process = try InteractiveGatectl(
            database + ["--port", "0", "--admin-socket", root.path("run/admin.sock"),
             "--gate-socket", root.path("run/gate.sock")] + access + arguments,
            executable: try GatectlProcess.daemon)
        let daemon = RunningDaemon(root: root, process: process)
        _ = try await process.waitForLine(startingWith: "serving on http://", timeout: 60, sourceLocation: sourceLocation)
        for socket in [daemon.adminSocket, daemon.gateSocket] {
            let deadline = Date().addingTimeInterval(30)
            while !manager.fileExists(atPath: socket), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        }
        return daemon
    }

    /// Runs `gatectl arguments… --socket SOCKET` (the admin socket unless `gate`).
    func gatectl(_ arguments: [String], gate: Bool = false, input: String = "") throws -> GatectlProcess.Result {
        try GatectlProcess.run(arguments + ["--socket", gate ? gateSocket : adminSocket], input: input)
    }

    /// Runs a command through the admin socket that must succeed, as a step that sets up a test.
    @discardableResult
    func ok(_ arguments: [String], gate: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> GatectlProcess.Result {
        let result = try gatectl(arguments, gate: gate)
        try #require(
            result.status == 0, "gatectl \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Runs `sql` on the daemon's database with `sqlite3` (as root, as only root could).
    @discardableResult
    func sqlite(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try SQLiteTool.run(databasePath, sql, sourceLocation: sourceLocation)
    }

    /// The answer of the profile's open challenge, read from the file as soon as it is there
    /// (another process's read can meet a moment's lock on a loaded machine: it asks again).
    /// On failure it reports every challenge's status and what `gate` (the asking gatectl) printed.
    func openAnswer(askedBy gate: InteractiveGatectl? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        var last = ""
        while Date() < deadline {
            last = (try? sqlite("SELECT answer FROM challenges WHERE status = 'open'")) ?? ""
            if let answer = Int(last.trimmingCharacters(in: .whitespacesAndNewlines)) { return answer }
            try await Task.sleep(for: .milliseconds(50))
        }
        let challenges = (try? sqlite("SELECT id, status, datetime(issued_at / 1000, 'unixepoch') FROM challenges")) ?? "(unreadable)"
        return try #require(
            Int(last.trimmingCharacters(in: .whitespacesAndNewlines)),
            "no open challenge; challenges: \(challenges); gatectl printed: \(gate.map { $0.printed + $0.printedErrors } ?? "-")",
            sourceLocation: sourceLocation)
    }

    /// The HTTP port it serves on.
    var port: String {
        process.printed.components(separatedBy: "serving on http://").last.map { String($0.drop { $0 != ":" }.dropFirst().prefix { $0.isNumber }) } ?? ""
    }

    /// What the daemon logged so far.
    var log: String {
        process.printedErrors
    }

    /// Stops the daemon (SIGTERM) and returns how it ended.
    @discardableResult
    func stop(timeout: TimeInterval = 30) -> GatectlProcess.Result {
        lock.withLock {
            if let ended { return ended }
            Glibc.kill(process.pid, SIGTERM)
            let result = process.finish(timeout: timeout)
            ended = result
            root.remove()
            return result
        }
    }

    deinit {
        stop()
    }
}
