import Foundation
import GateServer
import Hummingbird
import Logging
@testable import ParentalGate
import Testing

/// A gate on a real SQLite file in its own folder, with a manual clock, and servers on it.
struct ServerFixture {
    let directory: URL
    let clock = ManualClock()
    let gate: Gate

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-http-\(UUID().uuidString)")
        gate = try Gate(database: .file(directory.appendingPathComponent("gate.sqlite").path), timeSource: .manual(clock), random: .seeded(3))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The application of a server on this gate (with `options`, default limits otherwise).
    func app(_ options: GateServerOptions = GateServerOptions()) -> some ApplicationProtocol {
        GateServer(gate: gate, options: options).router().contractChecked()
    }

    /// The right answer of challenge `id`, read from the store (clients never get it).
    func answer(of id: String) async throws -> Int {
        try await gate.storedAnswer(of: try #require(ChallengeID(id)))
    }
}

extension Logger {
    /// The logger of servers in tests: warnings and worse, so that passing tests do not print
    /// a line per request (tests of the log itself use a ``CapturedLog``).
    static var quiet: Logger {
        var logger = Logger(label: "tests")
        logger.logLevel = .warning
        return logger
    }
}
