import Foundation
import Synchronization
import Testing

/// Runs the built `gatectl` binary as a subprocess, as a person or a script would.
struct GatectlProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `gatectl` built next to this test bundle.
    static var binary: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("gatectl") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    /// The `parental-gated` built beside `gatectl`.
    static var daemon: URL {
        get throws { try binary.deletingLastPathComponent().appendingPathComponent("parental-gated") }
    }

    /// Runs `executable` (by default the built `gatectl`) with `arguments` and `input` on
    /// stdin, in `directory` (by default this process's working directory).
    /// `deadline`: seconds after which the program is killed and the test fails.
    static func run(
        _ arguments: [String], executable: URL? = nil, input: String = "", environment: [String: String] = [:],
        directory: URL? = nil, deadline: TimeInterval = 300
    ) throws -> Result {
        let process = Process()
        // Through env, with SIGPIPE back to its default: this test process ignores it (as
        // SwiftNIO makes it), and a child would inherit that; a shell's gatectl does not.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = ["--default-signal=PIPE", try (executable ?? binary).path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["PARENTAL_GATE_DB"] = nil
        env["PARENTAL_GATE_SOCKET"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Every wait has a deadline: a program that hangs is killed and the test told, rather
        // than holding the whole suite until CI's own limit.
        let pid = process.processIdentifier
        let killed = Mutex(false)
        let watchdog = DispatchWorkItem {
            killed.withLock { $0 = true }
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        defer { watchdog.cancel() }
        stdin.fileHandleForWriting.writeToChild(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // stderr drained on a thread of its own: a long error (an echoed argument) must not
        // fill its pipe while this thread waits for stdout to end.
        let err = ReadToEnd(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        if killed.withLock({ $0 }) {
            Issue.record("\(arguments.prefix(4).joined(separator: " ")) did not end within \(Int(deadline)) s: killed")
        }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err.data, as: UTF8.self))
    }
}

/// A temporary directory removed when the test is done with it, private (`0700`) like the
/// folders gatectl makes, so `db status` has nothing to warn about unless a test opens it.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gatectl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
