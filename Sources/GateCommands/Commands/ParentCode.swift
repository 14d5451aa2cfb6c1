import ArgumentParser

extension GateCtl {
    /// `gatectl parent-code …`: codes from a parent's authenticator app that open any gate.
    struct ParentCodeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "parent-code",
            abstract: "Add, list and remove parents' codes: an authenticator app's six digits open parent mode at once.",
            discussion: """
                A parent's code is a time-based one-time code (TOTP, RFC 6238), as Google Authenticator, \
                Aegis or 1Password make it: six digits, a new one every 30 seconds, no network needed. \
                Typed on the gate page ("I'm a parent"), in gatectl gate NAME --code or through the API, \
                it opens parent mode on any profile. Each code works once; a wrong or used one counts as \
                a failed challenge, and a locked gate takes none.
                """,
            subcommands: [Add.self, List.self, Remove.self]
        )
    }
}
