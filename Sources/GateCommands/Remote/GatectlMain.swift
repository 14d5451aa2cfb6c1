import Foundation

/// What the `gatectl` executable does: run the command line here, or have the daemon run it.
package enum GatectlMain {
    /// Runs `arguments` (without the program name); returns the exit status.
    package static func run(_ arguments: [String]) async -> Int32 {
        await CommandRunner.run(arguments)
    }
}
