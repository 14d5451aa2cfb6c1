import Foundation
import Testing

/// `gatectl` running as a subprocess that a test talks to line by line, as a person at a
/// terminal would: read what it printed, then type.
final class InteractiveGatectl: @unchecked Sendable {
    private let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()

    /// Starts `executable` (by default the built `gatectl`) with `arguments`; with
    /// `errorsToJournal`, its standard error is named in `JOURNAL_STREAM`, as systemd names
    /// the journal's stream.
    init(
        _ arguments: [String], executable: URL? = nil, environment extra: [String: String] = [:], standardInput: Bool = true,
        errorsToJournal: Bool = false
    ) throws {
        process.executableURL = try executable ?? GatectlProcess.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARENTAL_GATE_DB"] = nil
        environment["PARENTAL_GATE_SOCKET"] = nil
        environment.merge(extra) { $1 }
        var status = stat()
        if errorsToJournal, fstat(stderr.fileHandleForWriting.fileDescriptor, &status) == 0 {
            environment["JOURNAL_STREAM"] = "\(status.st_dev):\(status.st_ino)"
        }
        process.environment = environment
        process.standardInput = standardInput ? stdin : FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.withLock { self.output.append(data) }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.withLock { self.errors.append(data) }
        }
        try process.run()
    }

    /// Everything printed on standard output so far.
    var printed: String {
        lock.withLock { String(decoding: output, as: UTF8.self) }
    }

    /// Everything printed on standard error so far.
    var printedErrors: String {
        lock.withLock { String(decoding: errors, as: UTF8.self) }
    }

    /// The process's id.
    var pid: Int32 {
        process.processIdentifier
    }

    /// Whether the process is still running.
    var isRunning: Bool {
        process.isRunning
    }

    /// Waits, without holding a thread, until standard error contains `text` (at most
    /// `timeout` seconds); whether it did.
    func waitForError(_ text: String, timeout: TimeInterval = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !printedErrors.contains(text) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return printedErrors.contains(text)
    }

    /// Waits, without holding a thread, until standard output holds a whole line (its newline
    /// printed too) that starts with `prefix`, and returns the rest of that line.
    ///
    /// A line can arrive in pieces (`python3 -u` writes each part of a `print` on its own):
    /// what follows the prefix is read only once the line has ended.
    func waitForLine(startingWith prefix: String, timeout: TimeInterval = 30, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        func line() -> Substring? {
            printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.hasPrefix(prefix) }
        }
        while Date() < deadline, line() == nil, process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        let found = try #require(
            line(), "never printed a whole line starting \(prefix.debugDescription); it printed:\n\(printed)\n\(printedErrors)",
            sourceLocation: sourceLocation)
        return String(found.dropFirst(prefix.count))
    }

    /// Waits, without holding a thread, until standard output contains `text` (at most
    /// `timeout` seconds) and returns all of it.
    @discardableResult
    func waitForOutput(_ text: String, timeout: TimeInterval = 30, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !printed.contains(text), process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        let now = printed
        try #require(
            now.contains(text), "gatectl never printed \(text.debugDescription); it printed:\n\(now)\n\(printedErrors)",
            sourceLocation: sourceLocation)
        return now
    }

    /// Waits until standard output contains `text` (at most `timeout` seconds) and returns
    /// all of it.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let now = printed
            if now.contains(text) { return now }
            if !process.isRunning, !printed.contains(text) { break }
            usleep(5_000)
        }
        let now = printed
        try #require(now.contains(text), "gatectl never printed \(text.debugDescription); it printed:\n\(now)", sourceLocation: sourceLocation)
        return now
    }

    /// Types `line` and Return.
    func type(_ line: String) {
        stdin.fileHandleForWriting.writeToChild(Data((line + "\n").utf8))
    }

    /// Closes standard input (Ctrl-D), waits for the process (killing it after `timeout`
    /// seconds) and returns its exit status and output.
    func finish(timeout: TimeInterval = 10) -> GatectlProcess.Result {
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        stdout.fileHandleForReading.readabilityHandler = nil
        stderr.fileHandleForReading.readabilityHandler = nil
        let rest = stdout.fileHandleForReading.readDataToEndOfFile()
        let restErrors = stderr.fileHandleForReading.readDataToEndOfFile()
        return lock.withLock {
            output.append(rest)
            errors.append(restErrors)
            return GatectlProcess.Result(
                status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: errors, as: UTF8.self))
        }
    }
}
