import ArgumentParser

/// The command lines a child's gate and a quick look at a profile run (`status`, `challenge
/// begin|answer|cancel`, `session check`, `gate`), parsed without ArgumentParser.
///
/// ArgumentParser reads a command's properties by reflection, and in a one-shot process
/// that costs more than opening the database (BENCHMARKS.md, "Process cost"). Only plain
/// forms are taken: the command's words, its positional values, and each of `--json`,
/// `--database`, `--socket`, `--household` and `--client` at most once. Anything else (help, a value
/// starting with `-`, `--`, an unknown option, a repeat) is `nil`, for ArgumentParser, which
/// also writes every error message. The command then runs exactly as if ArgumentParser had
/// made it; a test checks that both agree on every property, and that none is left unset.
enum QuickParse {
    /// The command `arguments` (without the program name) make, or `nil` when they are not a
    /// plain form of one of these commands.
    static func command(_ arguments: [String]) -> (any GlobalCommand & AsyncParsableCommand)? {
        guard let words = Words(arguments) else { return nil }
        var global = GlobalOptions()
        global.database = words.options["--database"]
        global.socket = words.options["--socket"]
        global.household = words.options["--household"]
        global.json = words.json
        let client = words.options["--client"]
        switch (words.path, words.values.count) {
        case (["status"], 1) where client == nil:
            var command = GateCtl.Status()
            command.global = global
            command.name = words.values[0]
            return validated(command)
        case (["challenge", "begin"], 1):
            var command = GateCtl.Challenge.Begin()
            command.global = global
            command.name = words.values[0]
            command.client = client ?? "gatectl"
            return validated(command)
        case (["challenge", "answer"], 2):
            guard let value = Int(words.values[1]) else { return nil }
            var command = GateCtl.Challenge.Answer()
            command.global = global
            command.id = words.values[0]
            command.value = value
            command.client = client ?? "gatectl"
            return validated(command)
        case (["challenge", "cancel"], 1):
            var command = GateCtl.Challenge.Cancel()
            command.global = global
            command.id = words.values[0]
            command.client = client ?? "gatectl"
            return validated(command)
        case (["session", "check"], 1) where client == nil:
            var command = GateCtl.Session.Check()
            command.global = global
            command.token = words.values[0]
            return validated(command)
        case (["gate"], 1):
            var command = GateCtl.GateCommand()
            command.global = global
            command.name = words.values[0]
            command.client = client ?? "gatectl gate"
            command.ask = false
            command.code = false
            return validated(command)
        default:
            return nil
        }
    }

    /// `command` if it and its global options pass their checks; `nil` (ArgumentParser then
    /// says what is wrong) otherwise.
    private static func validated(_ command: some GlobalCommand & AsyncParsableCommand) -> (any GlobalCommand & AsyncParsableCommand)? {
        var command = command
        do {
            try command.global.validate()
            try command.validate()
            return command
        } catch {
            return nil
        }
    }

    /// A command line split into the command's words, its positional values and its options.
    private struct Words {
        var path: [String] = []
        var values: [String] = []
        var options: [String: String] = [:]
        var json = false

        init?(_ arguments: [String]) {
            let groups: Set<String> = ["challenge", "session"]
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if argument.hasPrefix("-") {
                    if argument == "--json" {
                        guard !json else { return nil }
                        json = true
                        continue
                    }
                    let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    guard ["--database", "--socket", "--household", "--client"].contains(parts[0]), options[parts[0]] == nil else { return nil }
                    if parts.count == 2 {
                        options[parts[0]] = parts[1]
                    } else {
                        guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                        options[parts[0]] = arguments[index]
                        index += 1
                    }
                } else if path.isEmpty || (path.count == 1 && groups.contains(path[0]) && values.isEmpty) {
                    path.append(argument)
                } else {
                    values.append(argument)
                }
            }
        }
    }
}
