extension Migration {
    /// What each landed migration is known by: its SHA-256 and the tables it creates.
    ///
    /// A migration never changes once it lands, so neither do these. Writing them down spares
    /// every process that opens a database hashing and scanning all the SQL (a tenth of a
    /// one-shot `gatectl status`). `MigrationTests` checks each entry against its file and
    /// fails, printing the entry to add, for a migration without one; until then it is
    /// computed at start-up.
    static let landed: [Int: (checksum: String, tables: [String])] = [
        1: ("8a814fd16fbb8eed8cc02e8077eca50d3dec7dac11154c019b01f615992740ad", [
            "parental_gate_schema", "profiles", "policies", "policy_changes", "question_sets", "questions", "challenges",
            "attempts", "gate_states", "parent_sessions", "household", "audit_event_kinds", "audit_log", "audit_anchor",
        ]),
        2: ("d8b2ffc7e0a479dfbbb31983ac88fdcecb7fcb9f0858998eedb343a4aa635d20", ["admin_tokens"]),
        3: ("94ad2f81c0c137e4f66a45b3d356340b7ac213c177dce8b90b8363c49635bb86", []),
        4: ("dfadf77a579f7c9a6f4a4c5590e35f5c91eb7cb0a9bf4da8e6ad4829645d957b", []),
        5: ("e1e8fe1506da82e76e22778dc0e3457dd7b39988781573ad190322a3c04b4262", ["audit_repeats"]),
        6: ("6b969bdc6d09f53481a49ee7c2cc30a8647c2e0fe1d751642419203e8411af7e", [
            "notification_event_kinds", "notification_subscriptions", "notification_subscription_events", "notification_outbox",
        ]),
        7: ("0dd78d6c742890b2e00f8faea1e13a65dad1ba506de4db1536f209738833c204", ["policy_changes", "parent_requests"]),
        8: ("9c080c44d48681843c23b9ac3685fc59c9433ff7e1dc75243e031bef54285f9a", ["parent_requests"]),
        9: ("346701ffc14b690a452542dddb041cdfbbd5dad54e0b7defc692521f39fe6b17", ["policy_changes"]),
        10: ("48c9b555cb9dc83f2086c1ccbdd4be12e8dc9f8a567198f22760133050c8f96f", []),
        11: ("18e9c6047c6d49de836859a6547c5c33d87af2bea06282cf1d389361f9699ade", ["parent_codes"]),
        12: ("8637c8cdc147e697cda8886f5cf4b94cb30337a7ca9bdd122919e11e3bd0327a", []),
        13: ("5ba754599a62846dd1cca048886630cc9ee8a97a65102a2aabae884ecfdcaf89", ["policies"]),
    ]
}
