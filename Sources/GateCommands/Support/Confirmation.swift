import ArgumentParser

/// Asking the person at the terminal before a command that cannot be undone (`--yes` skips it).
enum Confirmation {
    /// Asks `question` (ending `[y/N] `); throws ``ExitCode/refused`` with "not `done`: …" unless they answer y.
    static func ask(_ question: String, else done: String) throws {
        Output.console.writeError(question + " [y/N] ")
        let reply = Output.console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard reply == "y" || reply == "yes" else {
            Output.console.writeError("\n")
            Output.error("not \(done): confirm with y, or pass --yes")
            throw ExitCode.refused
        }
    }
}
