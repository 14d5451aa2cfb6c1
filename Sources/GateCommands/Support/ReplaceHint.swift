import GateCore
import GateProgram
import ParentalGate

/// Runs `body`; when it refuses to write over an existing file, the error also names the
/// flag that allows it.
func offeringForce<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch GateError.invalidInput(.unusablePath(let path, .exists)) {
        throw CommandError.usage("\(PathProblem.exists.message(path)), or add --force to replace it")
    }
}
