import Foundation

/// Makes a file read-only even for root, who ignores permission bits: `chattr +i` (immutable).
enum ReadOnlyFile {
    /// Whether files can be made read-only here: not root, or root with a working `chattr`.
    static let isSupported: Bool = {
        if getuid() != 0 { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("immutable-probe-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: probe, contents: Data("x".utf8)) else { return false }
        defer {
            _ = run("chattr", ["-i", probe])
            try? FileManager.default.removeItem(atPath: probe)
        }
        return run("chattr", ["+i", probe]) && FileHandle(forWritingAtPath: probe) == nil
    }()

    /// Makes `path` read-only (or writable again).
    static func set(_ path: String, readOnly: Bool) throws {
        if getuid() == 0 {
            guard run("chattr", [readOnly ? "+i" : "-i", path]) else { throw CocoaError(.fileWriteNoPermission) }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: readOnly ? 0o444 : 0o644], ofItemAtPath: path)
        }
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
