import Foundation
import Testing
import TestSlots

/// The systemd unit and configuration shipped in `Examples/systemd`.
@Suite(
    "Examples/systemd: the unit and its configuration",
    .needsProgram("/usr/bin/systemd-analyze", ".ci/run installs systemd"),
    .boundedConcurrency)
struct SystemdUnitTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/systemd")

    /// The unit, with `ExecStart` pointing at the daemon this build made, in a scratch folder.
    static func unit(in scratch: Scratch) throws -> String {
        let text = try String(contentsOf: folder.appendingPathComponent("parental-gated.service"), encoding: .utf8)
        let path = scratch.path("parental-gated.service")
        try Data(text.replacingOccurrences(of: "/usr/local/bin/parental-gated", with: try GatectlProcess.daemon.path).utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    static func run(_ arguments: [String]) throws -> GatectlProcess.Result {
        try GatectlProcess.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
    }

    @Test("systemd-analyze verify finds nothing wrong, and its security review rates the unit's exposure 2.0 or lower")
    func verified() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let unit = try Self.unit(in: scratch)
        let verify = try Self.run(["verify", unit])
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")
        let security = try Self.run(["security", "--offline=yes", unit])
        let line = try #require(security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(security.stdout)")
        let level = try #require(Double(line.split(separator: ":").last?.split(separator: " ").first ?? ""), "\(line)")
        #expect(level <= 2.0, "\(line)")
        for hardening in ["DynamicUser=yes", "ProtectSystem=strict", "StateDirectory=parental-gate", "RuntimeDirectory=parental-gate",
                          "NoNewPrivileges=yes", "UMask=0077"] {
            #expect(try String(contentsOfFile: unit, encoding: .utf8).contains("\n\(hardening)\n"), "\(hardening)")
        }
    }

    @Test("the example configuration is one the daemon reads and serves with (its admin group made root, as CI has no parental-admin); it logs its gate access")
    func configuration() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Every value of the file is checked, one a flag overrides too: the group is renamed in a copy.
        let shipped = try String(contentsOf: Self.folder.appendingPathComponent("parental-gated.json"), encoding: .utf8)
        let config = scratch.path("parental-gated.json")
        try Data(shipped.replacingOccurrences(of: #""adminGroup": "parental-admin""#, with: #""adminGroup": "root""#).utf8)
            .write(to: URL(fileURLWithPath: config))
        let daemon = try InteractiveGatectl(
            ["--config", config, "--database", scratch.path("gate.sqlite"), "--port", "0", "--admin-socket", scratch.path("admin.sock"), "--gate-socket", scratch.path("gate.sock")],
            executable: try GatectlProcess.daemon)
        try await daemon.waitForOutput("serving on http://127.0.0.1:")
        #expect(await daemon.waitForError("socket=admin"))
        #expect(daemon.printedErrors.contains("gate socket: rules for 2 accounts (emma, liam); any other account may use no profile"))
        let result = daemon.finish(timeout: 0)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
