import ParentalGate

/// `db check`: SQLite's integrity and foreign-key problems, and files others can read.
package struct CheckDatabase: GateOperation {
    package struct Result: Codable, Sendable {
        package var problems: [String]
        package var exposures: [FileExposure]
    }

    package init() {}

    package var request: AdminRequest { .checkDatabase(self) }

    package func perform(on gate: Gate, caller: String?) async throws -> Result {
        Result(problems: try await gate.integrityProblems(), exposures: gate.fileExposures())
    }
}
