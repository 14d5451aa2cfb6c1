import Foundation
import Testing
import TestSlots

/// The daemon's socket files: a second daemon leaves a live daemon's alone, a stale one is
/// replaced, and a daemon removes on its way out only the sockets it made.
@Suite("The daemon's socket files", .boundedConcurrency)
struct DaemonSocketFileTests {
    /// Leaves a socket file at `path` that nothing listens on, as a crashed daemon does.
    static func staleSocket(at path: String) throws {
        let made = try GatectlProcess.run(
            ["-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path],
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made.stderr)")
    }

    static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    @Test("a second daemon on the same sockets (and port) is refused with one line, exit 64, before it opens anything; the first still answers")
    func secondDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        let other = daemon.root.path("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        let second = try GatectlProcess.run(
            ["--database", other + "/gate.sqlite", "--admin-socket", daemon.adminSocket, "--gate-socket", daemon.gateSocket,
             "--gate-access", "*=*", "--port", daemon.port],
            executable: try GatectlProcess.daemon)
        expectError(
            second, status: 64,
            message: "something already answers on \(daemon.adminSocket) (another parental-gated?); it is left alone: stop it or choose another socket path")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other).isEmpty, "no database made")
        #expect(Self.isSocket(daemon.adminSocket) && Self.isSocket(daemon.gateSocket))
        try daemon.ok(["status", "emma"])
        try daemon.ok(["status", "emma"], gate: true)
    }

    @Test("a stale socket file is replaced; a file that is not a socket is refused with one line and left as it was")
    func staleAndForeignFiles() async throws {
        let daemon = try await RunningDaemon.start(prepare: { root in
            try Self.staleSocket(at: root.path("run/admin.sock"))
            try Self.staleSocket(at: root.path("run/gate.sock"))
        })
        defer { daemon.stop() }
        try daemon.ok(["profile", "add", "emma", "--by", "mum"])
        try daemon.ok(["status", "emma"], gate: true)

        let plain = daemon.root.path("run/plain.sock")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: plain))
        let link = daemon.root.path("run/link.sock")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: daemon.root.path("run/missing"))
        for path in [plain, link] {
            let database = daemon.root.path("state/second.sqlite")
            let refused = try GatectlProcess.run(
                ["--database", database, "--port", "0", "--gate-socket", path, "--gate-access", "*=*"], executable: try GatectlProcess.daemon)
            expectError(refused, status: 64, message: "\(path) exists and is not a socket; it is left alone: remove it or choose another socket path")
            #expect(!FileManager.default.fileExists(atPath: database))
        }
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == daemon.root.path("run/missing"))
    }

    @Test("on SIGTERM the daemon removes only the socket files it made: one put in its place stays")
    func removesOnlyItsOwn() async throws {
        let daemon = try await RunningDaemon.start()
        defer { daemon.stop() }
        try FileManager.default.removeItem(atPath: daemon.gateSocket)
        try Self.staleSocket(at: daemon.gateSocket)
        kill(daemon.process.pid, SIGTERM)
        let stopped = daemon.process.finish(timeout: 30)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: daemon.adminSocket), "its own socket is removed")
        #expect(Self.isSocket(daemon.gateSocket), "the socket put in its place stays")
    }
}
