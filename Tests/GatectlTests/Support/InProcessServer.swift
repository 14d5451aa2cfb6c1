import Foundation
import GateServer
import Hummingbird
import Logging
import ParentalGate
import Testing

/// `GateServer` run inside the test process on a free loopback port, with every connection
/// handler of the daemon (limits, timeouts), for options `parental-gated` has no flag for.
final class InProcessServer: @unchecked Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts a server for `gate` with `options` (host and port replaced by 127.0.0.1 and a
    /// free port) and waits until it listens.
    /// `logger` gets the server's lines; by default warnings and worse only, so passing tests
    /// print no line per request.
    static func start(_ gate: Gate, _ options: GateServerOptions = GateServerOptions(), logger: Logger? = nil) async throws -> InProcessServer {
        var options = options
        options.host = "127.0.0.1"
        options.port = 0
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let logger = logger ?? {
            var logger = Logger(label: "tests")
            logger.logLevel = .warning
            return logger
        }()
        let server = GateServer(gate: gate, options: options, logger: logger)
        let task = Task {
            try await server.application { _, port in
                listening.yield(port)
                listening.finish()
            }.runService(gracefulShutdownSignals: [])
        }
        guard let port = await ports.first(where: { _ in true }) else {
            task.cancel()
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "the server did not start"])
        }
        return InProcessServer(port: port, task: task)
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Stops the server and waits until it has.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
