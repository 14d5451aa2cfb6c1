import GateProgram
import ArgumentParser
import Foundation

extension GateCtl {
    /// `gatectl serve`: starts `parental-gated`, the daemon, with the same arguments.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Run parental-gated, the daemon that serves the gate (HTTP and sockets), with these arguments.",
            discussion: """
                gatectl itself does not link the server: this replaces the gatectl process with \
                parental-gated from gatectl's own directory, else from $PATH. \
                See parental-gated --help.
                """)

        @Argument(parsing: .captureForPassthrough, help: "The daemon's arguments (see parental-gated --help).")
        var arguments: [String] = []

        func run() throws {
            let name = "parental-gated"
            let own = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().deletingLastPathComponent()
            let candidates = [own.appendingPathComponent(name).path]
                + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw CommandError.unavailable("\(name) is not installed beside gatectl or on the PATH")
            }
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
            throw CommandError.unavailable("cannot run \(path): \(String(cString: strerror(errno)))")
        }
    }
}
