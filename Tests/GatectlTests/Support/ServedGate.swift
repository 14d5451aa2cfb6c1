import Foundation
import Testing

/// `gatectl serve` on a free loopback port (`--port 0`), its standard output and error on
/// pipes read as it runs (as under systemd), stopped with SIGTERM.
final class ServedGate: @unchecked Sendable {
    let process: InteractiveGatectl
    /// `http://127.0.0.1:PORT`, as the server printed it.
    let base: String
    let port: Int
    private let lock = NSLock()
    private var ended: GatectlProcess.Result?

    private init(process: InteractiveGatectl, base: String, port: Int) {
        self.process = process
        self.base = base
        self.port = port
    }

    /// Starts `gatectl serve --port 0 --database PATH` with `arguments` and waits for the line
    /// it prints once it listens.
    static func start(
        _ db: TestDatabase, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ServedGate {
        let process = try InteractiveGatectl(["serve", "--port", "0", "--database", db.path] + arguments)
        let base = try await process.waitForLine(startingWith: "serving on ", timeout: 60, sourceLocation: sourceLocation)
        let port = try #require(Int(base.split(separator: ":").last ?? ""), "\(base)", sourceLocation: sourceLocation)
        return ServedGate(process: process, base: base, port: port)
    }

    /// `base` followed by `path`.
    func url(_ path: String) -> String {
        base + path
    }

    /// What the server logged on standard error so far.
    var log: String {
        process.printedErrors
    }

    /// Stops the server (SIGTERM) and returns how it ended.
    @discardableResult
    func stop() -> GatectlProcess.Result {
        lock.withLock {
            if let ended { return ended }
            let result = process.finish(timeout: 0)
            ended = result
            return result
        }
    }

    deinit {
        stop()
    }
}
