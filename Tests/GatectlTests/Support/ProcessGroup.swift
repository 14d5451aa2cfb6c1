import Foundation

/// Several programs started together, to race each other on one database.
struct ProcessGroup {
    struct Finished {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private var running: [(Process, Pipe, Pipe)] = []

    /// Starts `executable` with `arguments` without waiting for it.
    mutating func start(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARENTAL_GATE_DB"] = nil
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        running.append((process, stdout, stderr))
    }

    /// Waits for every program and returns how each ended, in start order.
    func wait() -> [Finished] {
        running.map { process, stdout, stderr in
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Finished(
                status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                stderr: String(decoding: err, as: UTF8.self))
        }
    }
}
