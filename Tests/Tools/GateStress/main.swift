import Foundation
import ParentalGate

// gate-stress DATABASE PROFILE ROUNDS
//
// Begins and answers challenges on PROFILE as fast as it can and prints one line per
// acknowledged answer: "ack CHALLENGE-ID OUTCOME". The reliability tests kill it with
// SIGKILL at random moments and then check that every acknowledged answer is in the file.

let arguments = CommandLine.arguments
guard arguments.count == 4, let rounds = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: gate-stress DATABASE PROFILE ROUNDS\n".utf8))
    exit(64)
}
let profile = arguments[2]
do {
    let gate = try Gate(database: .file(arguments[1]))
    for round in 0..<rounds {
        switch try await gate.begin(profile: profile, client: "gate-stress") {
        case .challenge(let challenge):
            let result = try await gate.answer(challenge: challenge.id, value: -round, client: "gate-stress")
            let outcome = switch result {
            case .wrong: "wrong"
            case .failed: "failed"
            case .lockedOut: "lockedOut"
            case .hardLocked: "hardLocked"
            case .passed: "passed"
            case .alreadyEnded: "alreadyEnded"
            case .disabled: "disabled"
            }
            FileHandle.standardOutput.write(Data("ack \(challenge.id) \(outcome)\n".utf8))
        case .lockedOut, .hardLocked:
            try await gate.unlock(profile: profile, by: "gate-stress")
        case .disabled:
            exit(1)
        }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(74)
}
