import Foundation
import GateCore
import GateStore

/// Households, managed by an operator: the one kind of transaction that sees every
/// household's name, and nothing of any family's rows (``PostgresTransaction/Scope/operator``).
extension PostgresStore {
    /// Every household on the database, by name.
    package func households() async throws -> [Household] {
        try await transaction(writing: false, scope: .operator) { transaction in
            try transaction.rows("SELECT id, name, created_at FROM households ORDER BY name", []).rows.map { row in
                Household(name: row["name"], createdAt: Date(millisecondsSince1970: row["created_at"]))
            }
        }
    }

    /// Adds a household named `name`, with its own settings, policy and empty audit chain
    /// (the database's `households_start` makes them); a taken name is a conflict.
    @discardableResult
    package func addHousehold(_ name: String, at now: Date) async throws -> Household {
        try await transaction(writing: true, scope: .operator) { transaction in
            let taken = try transaction.rows("SELECT 1 FROM households WHERE name = ?", [name]).rows
            guard taken.isEmpty else { throw StoreError.conflict(.familyExists(name)) }
            try transaction.execute("INSERT INTO households (name, created_at) VALUES (?, ?)", [name, now.millisecondsSince1970])
            return Household(name: name, createdAt: now)
        }
    }

    /// Renames a household; its rows, tokens and audit chain stay as they are (they carry its id).
    package func renameHousehold(_ name: String, to newName: String) async throws {
        guard name != FamilyName.home, newName != FamilyName.home else { throw StoreError.constraint(Self.homeStays) }
        try await transaction(writing: true, scope: .operator) { transaction in
            let taken = try transaction.rows("SELECT 1 FROM households WHERE name = ?", [newName]).rows
            guard taken.isEmpty else { throw StoreError.conflict(.familyExists(newName)) }
            guard try transaction.execute("UPDATE households SET name = ? WHERE name = ?", [newName, name]) == 1 else {
                throw StoreError.notFound(.family(name))
            }
        }
    }

    /// Removes a household and every row of it: profiles, policy, questions, attempts, its audit
    /// chain, tokens, requests and notifications. Other households are untouched.
    package func removeHousehold(_ name: String) async throws {
        guard name != FamilyName.home else { throw StoreError.constraint(Self.homeStays) }
        try await transaction(writing: true, scope: .operator) { transaction in
            guard try transaction.execute("DELETE FROM households WHERE name = ?", [name]) == 1 else {
                throw StoreError.notFound(.family(name))
            }
        }
    }

    /// This store's database and connections, seen as household `name`'s; one not there is
    /// ``StoreError/notFound(_:)``. Closing either closes both.
    package func inHousehold(_ name: String) async throws -> PostgresStore {
        guard name != household.name else { return self }
        guard FamilyName.isValid(name) else { throw StoreError.notFound(.family(name)) }
        let found = try await transaction(writing: false, scope: .operator) { transaction in
            try transaction.rows("SELECT id, created_at FROM households WHERE name = ?", [name]).rows.first.map { row in
                (id: row["id"] as Int64, household: Household(name: name, createdAt: Date(millisecondsSince1970: row["created_at"])))
            }
        }
        guard let found else { throw StoreError.notFound(.family(name)) }
        var store = self
        store.household = found.household
        store.householdID = found.id
        store.notificationKey = sharedKey.forHousehold(found.id)
        return store
    }

    /// Why `home` is neither renamed nor removed.
    private static let homeStays = "the household 'home' answers the routes without /h/NAME and every SQLite file: it is neither renamed nor removed"
}

/// The role a daemon connects as, granted by the tables' owner: every family row through
/// row-level security, and nothing that changes a table or passes around it.
extension PostgresStore {
    /// Grants `role` what a daemon needs: to connect; to read and write the rows of every
    /// table (row-level security still shows it one household's); to number new rows. Never
    /// `TRUNCATE` (which row-level security does not check), `REFERENCES` or `TRIGGER`, and no
    /// table of its own. Run as the tables' owner (``PostgresMigrator``'s role).
    package func grant(to role: String) async throws {
        guard (1...63).contains(role.utf8.count), role.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) })
        else { throw StoreError.constraint("a role's name is 1 to 63 ASCII letters, digits, '_', '-' and '.'") }
        let quoted = "\"\(role)\""
        try await transaction(writing: true, scope: .operator) { transaction in
            let owner = try transaction.rows("SELECT current_user::text = ? AS same", [role]).rows.first?["same"] as Bool?
            guard owner != true else { throw StoreError.constraint("\(role) is the role migrating: grant another, which owns no table") }
            let database = try transaction.rows("SELECT quote_ident(current_database()) AS name", []).rows.first?["name"] as String?
            for statement in [
                "GRANT CONNECT ON DATABASE \(database ?? "postgres") TO \(quoted)",
                "GRANT USAGE ON SCHEMA public TO \(quoted)",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(quoted)",
                "REVOKE INSERT, UPDATE, DELETE ON parental_gate_schema, audit_event_kinds FROM \(quoted)",
                "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO \(quoted)",
                // No temporary table of its own can stand in for one of the gate's.
                "REVOKE TEMPORARY ON DATABASE \(database ?? "postgres") FROM PUBLIC",
                "REVOKE TEMPORARY ON DATABASE \(database ?? "postgres") FROM \(quoted)",
            ] {
                try transaction.execute(statement, [])
            }
        }
    }

    /// Whether this store's role owns the tables (it migrated them).
    package func ownsTables() async throws -> Bool {
        try await transaction(writing: false, scope: .operator) { transaction in
            try transaction.rows(
                "SELECT pg_get_userbyid(relowner) = current_user AS owns FROM pg_class WHERE oid = 'parental_gate_schema'::regclass", []
            ).rows.first?["owns"] ?? false
        }
    }
}
