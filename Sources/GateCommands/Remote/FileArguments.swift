import Foundation
import ParentalGate

/// A command that names files on the command line. The daemon cannot reach the caller's
/// files (nor should it write where the caller names), so gatectl reads the files the command
/// reads and writes those it writes, and the daemon works on private copies.
package protocol FileArguments {
    /// The files the command reads.
    var inputFiles: [String] { get }
    /// The files the command writes.
    var outputFiles: [String] { get }
    /// Whether the command may replace an existing output file (`--force`).
    var replacesOutputs: Bool { get }
    /// Checks the input files as the command would, with its messages.
    func checkInputs() throws
    /// Makes the command read and write `paths[path]` instead of each `path` it names.
    mutating func redirectFiles(_ paths: [String: String])
}

extension FileArguments {
    func checkInputs() throws {}
}

extension GateCtl.Questions.Import: FileArguments {
    var inputFiles: [String] { [file] }
    var outputFiles: [String] { [] }
    var replacesOutputs: Bool { false }

    func checkInputs() throws {
        do {
            _ = try QuestionFile(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw GateError.invalidInput(error)
        }
    }

    mutating func redirectFiles(_ paths: [String: String]) {
        file = paths[file] ?? file
    }
}

extension GateCtl.Questions.Export: FileArguments {
    var inputFiles: [String] { [] }
    var outputFiles: [String] { output.map { [$0] } ?? [] }
    var replacesOutputs: Bool { force }

    mutating func redirectFiles(_ paths: [String: String]) {
        output = output.map { paths[$0] ?? $0 }
    }
}

extension GateCtl.Db.Backup: FileArguments {
    var inputFiles: [String] { [] }
    var outputFiles: [String] { [file] }
    var replacesOutputs: Bool { force }

    mutating func redirectFiles(_ paths: [String: String]) {
        file = paths[file] ?? file
    }
}
