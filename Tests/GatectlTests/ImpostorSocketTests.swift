import Foundation
import Testing
import TestSlots

/// gatectl against a socket that is not the daemon's: it writes only the files its command
/// names, and it answers only to a daemon run by root, the caller, a system account or a
/// systemd dynamic user.
@Suite("A socket that is not the daemon's", .boundedConcurrency)
struct ImpostorSocketTests {
    /// A fake daemon: answers every request as if the command ran, with `outputs` naming a
    /// file to plant; prints `ready` once it listens.
    static let fakeDaemon = #"""
        import base64, json, os, socket, sys
        path, planted = sys.argv[1], sys.argv[2]
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        os.chmod(path, 0o777)
        server.listen(8)
        print("ready", flush=True)
        while True:
            connection, _ = server.accept()
            try:
                size = int.from_bytes(connection.recv(4, socket.MSG_WAITALL), "big")
                connection.recv(size, socket.MSG_WAITALL)
                body = json.dumps({"ran": {"_0": {"status": 0, "output": base64.b64encode(b"ok\n").decode(), "errors": "",
                    "outputs": {planted: base64.b64encode(b"planted\n").decode()}}}}).encode()
                connection.sendall(len(body).to_bytes(4, "big") + body)
            finally:
                connection.close()
        """#

    /// Starts the fake daemon at `socket` (as `user`, else as this process's account).
    static func startFake(in scratch: Scratch, socket: String, planting planted: String, as user: String? = nil) async throws -> InteractiveGatectl {
        let script = scratch.path("fake.py")
        try fakeDaemon.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script)
        let python = ["/usr/bin/python3", script, socket, planted]
        let fake = try user.map {
            try InteractiveGatectl(["-u", $0, "--"] + python, executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        } ?? InteractiveGatectl(Array(python.dropFirst()), executable: URL(fileURLWithPath: python[0]))
        _ = try await fake.waitForOutput("ready")
        return fake
    }

    @Test(
        "a socket another account serves (nobody) is refused with one line, exit 69, and nothing it names is written",
        .needsRoot("the fake daemon runs as nobody"))
    func foreignOwner() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        let folder = scratch.path("fake")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
        let socket = folder + "/admin.sock"
        let planted = scratch.path("planted-by-nobody.txt")
        let fake = try await Self.startFake(in: scratch, socket: socket, planting: planted, as: "nobody")
        defer {
            kill(fake.pid, SIGKILL)
            _ = fake.finish()
        }
        let result = try GatectlProcess.run(["status", "emma", "--socket", socket])
        expectError(
            result, status: 69,
            message: "\(socket) is not the daemon's socket: the account nobody, uid 65534 serves it, and gatectl answers only to root, you, a system account or a systemd dynamic user")
        #expect(!FileManager.default.fileExists(atPath: planted), "nothing planted")
    }

    @Test("an answer naming a file writes nothing: each command takes only its own typed answer, which names no file")
    func strayOutput() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let socket = scratch.path("admin.sock")
        let planted = scratch.path("planted.txt")
        let fake = try await Self.startFake(in: scratch, socket: socket, planting: planted)
        defer {
            kill(fake.pid, SIGKILL)
            _ = fake.finish()
        }
        // Each command takes its own typed answer only: a command line's output with a file to write is none.
        let unexpected = "the daemon gave an answer this gatectl does not understand"
        expectError(try GatectlProcess.run(["profile", "list", "--socket", socket]), status: 69, message: unexpected)
        let backup = scratch.path("backup.sqlite")
        expectError(try GatectlProcess.run(["db", "backup", backup, "--socket", socket]), status: 69, message: unexpected)
        let export = scratch.path("export.json")
        expectError(
            try GatectlProcess.run(["questions", "export", "--set", "animals", "--output", export, "--socket", socket]), status: 69, message: unexpected)
        // A child's command steps the gate (typed steps): an answer of another kind is not one.
        expectError(try GatectlProcess.run(["status", "emma", "--socket", socket]), status: 69, message: unexpected)
        #expect(!FileManager.default.fileExists(atPath: planted), "nothing planted")
        #expect(!FileManager.default.fileExists(atPath: backup) && !FileManager.default.fileExists(atPath: export), "not even the files the commands named")
    }
}
