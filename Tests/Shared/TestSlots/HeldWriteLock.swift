import Foundation

/// Another process (`sqlite3`) holding the write lock of a database file until `release()`,
/// as a backup tool or a person at the `sqlite3` prompt would.
///
/// The initializer returns once `sqlite3` says it holds the lock: it waits for it (a busy
/// timeout, so a connection that happens to hold it a moment longer, a check of the test's,
/// cannot make it give up), and fails if it could not take it within `deadline` seconds.
public final class HeldWriteLock: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    public init(_ path: String, deadline: TimeInterval = 120) throws {
        // sqlite3 gone early must fail a write with EPIPE, not end the test process.
        _ = signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // With .bail, a BEGIN that fails ends sqlite3 (end of output) instead of going on to print.
        let script = ".bail on\nPRAGMA busy_timeout = \(Int(deadline * 1000));\nBEGIN IMMEDIATE;\nSELECT 'locked';\n"
        try? input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline + 10, execute: watchdog)
        defer { watchdog.cancel() }
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        guard String(decoding: seen, as: UTF8.self).contains("locked") else {
            release()
            throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "sqlite3 could not take the write lock of \(path)"])
        }
    }

    /// Rolls back and ends `sqlite3`, which lets go of the lock.
    public func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
