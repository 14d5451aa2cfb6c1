import Foundation
import GatePostgres
import ParentalGate

// gate-stress DATABASE PROFILE ROUNDS [pass]
//
// Begins and answers challenges on PROFILE as fast as it can and prints one line per
// acknowledged answer: "ack CHALLENGE-ID OUTCOME". The reliability tests kill it with
// SIGKILL at random moments and then check that every acknowledged answer is in the database.
//
// DATABASE is an SQLite file, or a PostgreSQL address (postgres://…), where PROFILE is added
// when missing. With `pass`, every answer is right (a gate cycle: begin and pass, each
// parent mode replacing the last) and the last line is "cycles N seconds S".

let arguments = CommandLine.arguments
guard (4...5).contains(arguments.count), let rounds = Int(arguments[3]), arguments.count == 4 || arguments[4] == "pass" else {
    FileHandle.standardError.write(Data("usage: gate-stress DATABASE PROFILE ROUNDS [pass]\n".utf8))
    exit(64)
}
let profile = arguments[2]
let passing = arguments.count == 5
do {
    let gate: Gate
    if let address = try PostgresAddress.parse(arguments[1], environment: ProcessInfo.processInfo.environment) {
        gate = Gate(storage: try await PostgresStore(address: address))
        if try await gate.profiles().allSatisfy({ $0.name != profile }) { try await gate.addProfile(profile, by: "gate-stress") }
    } else {
        gate = try Gate(database: .file(arguments[1]))
    }
    if passing { try await gate.setPolicy(.minResponseTime, to: "0s", by: "gate-stress") }
    let start = ContinuousClock.now
    for round in 0..<rounds {
        switch try await gate.begin(profile: profile, client: "gate-stress") {
        case .challenge(let challenge):
            let value = passing ? try await gate.storedAnswer(of: challenge.id) : -round
            let result = try await gate.answer(challenge: challenge.id, value: value, client: "gate-stress")
            let outcome = switch result {
            case .wrong: "wrong"
            case .failed: "failed"
            case .lockedOut: "lockedOut"
            case .hardLocked: "hardLocked"
            case .passed: "passed"
            case .alreadyEnded: "alreadyEnded"
            case .disabled: "disabled"
            }
            if !passing { FileHandle.standardOutput.write(Data("ack \(challenge.id) \(outcome)\n".utf8)) }
        case .lockedOut, .hardLocked:
            try await gate.unlock(profile: profile, by: "gate-stress")
        case .disabled, .quietHours:
            exit(1)
        }
    }
    if passing {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        FileHandle.standardOutput.write(Data("cycles \(rounds) seconds \(seconds)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(74)
}
