import ArgumentParser

extension GateCtl {
    /// `gatectl household …`: the families of a PostgreSQL database that holds many.
    struct HouseholdCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "household",
            abstract: "Add, list, rename and remove households: the families one PostgreSQL database holds, each seeing only its own.",
            discussion: """
                Each household has its own profiles, policy defaults, questions, audit chain, requests, \
                notifications and tokens; PostgreSQL's row-level security keeps each one's rows its own. \
                Every other command acts in one household: --household NAME (or $PARENTAL_GATE_HOUSEHOLD), \
                else the daemon's own, home. Through the daemon's admin socket only; a database file is \
                one household, home.
                """,
            subcommands: [Add.self, List.self, Rename.self, Remove.self, Export.self, Import.self]
        )
    }
}
