import Foundation
import GateCore
import GatePostgres
import GRDB
@testable import GateStore
import ParentalGate
import PostgresTesting
import Testing
import TestSlots

/// Many households on one database: PostgreSQL's row-level security, not the queries' filters,
/// keeps each family's rows its own.
@Suite("Households on PostgreSQL", .boundedConcurrency)
struct PostgresHouseholdTests {
    /// A role that logs in and owns no table, as a daemon's should; granted what the README grants.
    static let daemonRole = "gate_daemon"

    /// Makes ``daemonRole`` and grants it the family tables' rows (never their definitions).
    static func grantDaemonRole(on database: PostgresDatabase) throws {
        try database.cluster.psql("""
            CREATE ROLE \(daemonRole) LOGIN;
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(daemonRole);
            GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO \(daemonRole);
            """)
    }

    /// Every table with a `household_id` column, as the superuser reads the catalogue.
    static func householdTables(of database: PostgresDatabase) throws -> [String] {
        try database.cluster.psql("""
            SELECT table_name FROM information_schema.columns
            WHERE table_schema = 'public' AND column_name = 'household_id' ORDER BY table_name
            """).split(separator: "\n").map(String.init)
    }

    @Test("two households on one database: each store sees and writes its own family only, a profile's name repeats across them, and each audit chain verifies on its own")
    func twoFamilies() async throws {
        let database = try PostgresDatabase("pg-households")
        defer { database.stop() }
        let clock = ManualClock()
        let home = try await database.store(clock: clock)
        defer { try? home.close() }
        let smithsHousehold = try await home.addHousehold("smiths", at: clock.now)
        let smiths = try await database.store(clock: clock, household: "smiths")
        defer { try? smiths.close() }
        #expect(smiths.household == smithsHousehold)
        #expect(home.household == .home)

        let homeGate = Gate(storage: home, timeSource: .manual(clock), random: .seeded(1))
        let smithsGate = Gate(storage: smiths, timeSource: .manual(clock), random: .seeded(2))
        try await homeGate.addProfile("emma")
        try await homeGate.addProfile("noah")
        try await smithsGate.addProfile("emma")
        try await smithsGate.setPolicy([(.maxWrongAnswers, "5")])
        #expect(try await homeGate.profiles().map(\.name) == ["emma", "noah"])
        #expect(try await smithsGate.profiles().map(\.name) == ["emma"])
        // Each household's policy defaults are its own.
        #expect(try await smithsGate.policy().policy.maxWrongAnswers == 5)
        #expect(try await homeGate.policy().policy.maxWrongAnswers != 5)

        guard case .challenge(let challenge) = try await smithsGate.begin(profile: "emma") else {
            Issue.record("no challenge for the smiths' emma")
            return
        }
        clock.advance(by: .seconds(3))
        // A challenge's id reaches nothing in another household.
        await #expect(throws: GateError.self) { try await homeGate.answer(challenge: challenge.id, value: 1) }
        guard case .passed(let pass) = try await smithsGate.answer(challenge: challenge.id, value: try await smithsGate.storedAnswer(of: challenge.id)) else {
            Issue.record("the right answer does not pass")
            return
        }
        // Nor does a session's token.
        #expect(try await smithsGate.session(token: pass.token) != nil)
        #expect(try await homeGate.session(token: pass.token) == nil)
        #expect(try await homeGate.state(profile: "emma") == .child)
        #expect(try await smithsGate.state(profile: "emma").name == "parent")
        // Nor does an admin token.
        let token = try await smithsGate.addAdminToken(label: "laptop", by: "test")
        #expect(try await smithsGate.isAdminToken(token))
        #expect(try await homeGate.isAdminToken(token) == false)

        let homeReport = try await homeGate.verifyAudit()
        let smithsReport = try await smithsGate.verifyAudit()
        #expect(homeReport.isIntact && smithsReport.isIntact, "\(homeReport.message); \(smithsReport.message)")
        // Each chain is its own: profileAdded ×2 on home; on the smiths', the profile, the policy, the cycle, the token.
        #expect(homeReport.checked == 2)
        #expect(smithsReport.checked >= 5)
        #expect(try await home.households().map(\.name) == ["home", "smiths"])

        // The home gate's view of the smiths, on its own connections, is the smiths' store's.
        let viaHome = try await homeGate.inHousehold("smiths")
        #expect(viaHome.household == "smiths")
        #expect(try await viaHome.profiles().map(\.name) == ["emma"])
        #expect(try await viaHome.isAdminToken(token))
        await #expect(throws: GateError.notFound(.family("jones"))) { _ = try await homeGate.inHousehold("jones") }
    }

    @Test("a deliberately unfiltered SELECT through the daemon's role, which owns no table, returns only the current household's rows of every family table, and none without a household set; writing another household's rows is refused")
    func unfilteredSelect() async throws {
        let database = try PostgresDatabase("pg-rls")
        defer { database.stop() }
        let clock = ManualClock()
        let owner = try await database.store(clock: clock)
        defer { try? owner.close() }
        try Self.grantDaemonRole(on: database)
        try await owner.addHousehold("smiths", at: clock.now)
        let smithsID = try database.cluster.psql("SELECT id FROM households WHERE name = 'smiths'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let role = Self.daemonRole

        // The daemon's stores connect as the role: it reads and writes its household's rows.
        let home = try await database.store(clock: clock, user: role)
        defer { try? home.close() }
        let smiths = try await database.store(clock: clock, household: "smiths", user: role)
        defer { try? smiths.close() }
        for (index, store) in [home, smiths].enumerated() {
            let gate = Gate(storage: store, timeSource: .manual(clock), random: .seeded(UInt64(index)))
            try await gate.addProfile("emma")
            guard case .challenge(let challenge) = try await gate.begin(profile: "emma") else {
                Issue.record("no challenge")
                return
            }
            clock.advance(by: .seconds(3))
            _ = try await gate.answer(challenge: challenge.id, value: try await gate.storedAnswer(of: challenge.id))
            try await gate.addAdminToken(label: "laptop", by: "test")
        }

        let owns = try database.cluster.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = '\(role)'")
        #expect(owns.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let tables = try Self.householdTables(of: database)
        #expect(tables.count == 20, "\(tables)")
        let secured = try database.cluster.psql("""
            SELECT count(*) FROM pg_class WHERE relname = ANY(ARRAY['\(tables.joined(separator: "','"))'])
            AND relrowsecurity AND relforcerowsecurity
            """)
        #expect(secured.trimmingCharacters(in: .whitespacesAndNewlines) == "\(tables.count)")

        for table in tables {
            // Every household's rows, as the superuser sees them: the smiths' are there.
            let all = try database.cluster.psql("SELECT count(*) FILTER (WHERE household_id = \(smithsID)) > 0 FROM \(table)")
            let unset = try database.cluster.psql("SELECT count(*) FROM \(table)", user: role)
            #expect(unset.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table) without a household")
            let scoped = try database.cluster.psql("""
                BEGIN; SELECT set_config('parental_gate.household', '\(smithsID)', true);
                SELECT count(*), count(*) FILTER (WHERE household_id <> \(smithsID)) FROM \(table); COMMIT
                """, user: role).split(separator: "\n").map(String.init)
            let counts = scoped.first { $0.contains("|") }?.split(separator: "|").map(String.init) ?? []
            #expect(counts.count == 2 && counts[1] == "0", "\(table): \(scoped)")
            if all.contains("t") { #expect(counts.first != "0", "\(table) shows the smiths none of their rows") }
        }
        // The households' names: only the current one, and none without.
        #expect(try database.cluster.psql("SELECT count(*) FROM households", user: role).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let visible = try database.cluster.psql("""
            BEGIN; SELECT set_config('parental_gate.household', '\(smithsID)', true); SELECT string_agg(name, ',') FROM households; COMMIT
            """, user: role)
        #expect(visible.split(separator: "\n").contains("smiths") && !visible.contains("home"), "\(visible)")
        // Every family table's one policy is the household's, for every command.
        let policies = try database.cluster.psql("""
            SELECT count(*) FROM pg_policies WHERE schemaname = 'public' AND policyname = 'household_rows' AND cmd = 'ALL'
            AND qual = '(household_id = gate_household())' AND with_check = '(household_id = gate_household())'
            AND tablename = ANY(ARRAY['\(tables.joined(separator: "','"))'])
            """)
        #expect(policies.trimmingCharacters(in: .whitespacesAndNewlines) == "\(tables.count)")
        // A household cannot remove itself (and its audit chain with it); only an operator removes one.
        let removed = try database.cluster.psql("""
            BEGIN; SELECT set_config('parental_gate.household', '\(smithsID)', true);
            DELETE FROM households WHERE id = gate_household(); COMMIT
            """, user: role)
        #expect(removed.contains("DELETE 0") || !removed.contains("DELETE 1"), "\(removed)")
        #expect(try database.cluster.psql("SELECT count(*) FROM households WHERE name = 'smiths'").contains("1"))

        // Writing into another household, or moving a row there, is refused by the database.
        for (statement, refusal) in [
            ("""
             INSERT INTO profiles (household_id, name, name_key, display_name, locale, created_at, updated_at)
             VALUES (1, 'mallory', 'mallory', 'Mallory', 'en', 0, 0)
             """, "violates row-level security policy"),
            ("UPDATE profiles SET household_id = 1", "violates row-level security policy"),
        ] {
            do {
                try database.cluster.psql("""
                    BEGIN; SELECT set_config('parental_gate.household', '\(smithsID)', true); \(statement); COMMIT
                    """, user: role)
                Issue.record("\(statement) was not refused")
            } catch {
                #expect("\(error)".contains(refusal), "\(error)")
            }
        }
        // Nor can the role turn the guard off: it owns no table.
        do {
            try database.cluster.psql("ALTER TABLE profiles DISABLE ROW LEVEL SECURITY", user: role)
            Issue.record("the role turned row-level security off")
        } catch {
            #expect("\(error)".contains("must be owner"), "\(error)")
        }
        let homeProfiles = try database.cluster.psql("SELECT count(*) FROM profiles WHERE household_id = 1")
        #expect(homeProfiles.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test("removing a household takes every row of its, its audit chain too, and nothing of another's; home is neither removed nor renamed; a store opened on a household not there fails in one line")
    func removeAndRename() async throws {
        let database = try PostgresDatabase("pg-household-remove")
        defer { database.stop() }
        let clock = ManualClock()
        let home = try await database.store(clock: clock)
        defer { try? home.close() }
        try await home.addHousehold("smiths", at: clock.now)
        await #expect(throws: StoreError.conflict(.familyExists("smiths"))) { try await home.addHousehold("smiths", at: clock.now) }
        let smiths = try await database.store(clock: clock, household: "smiths")
        let smithsGate = Gate(storage: smiths, timeSource: .manual(clock), random: .seeded(3))
        try await smithsGate.addProfile("emma")
        _ = try await smithsGate.begin(profile: "emma")
        try smiths.close()
        let homeGate = Gate(storage: home, timeSource: .manual(clock), random: .seeded(4))
        try await homeGate.addProfile("emma")

        try await home.renameHousehold("smiths", to: "jones")
        await #expect(throws: StoreError.notFound(.family("smiths"))) {
            _ = try await database.store(clock: clock, household: "smiths")
        }
        let jones = try await database.store(clock: clock, household: "jones")
        #expect(try await Gate(storage: jones, timeSource: .manual(clock)).profiles().map(\.name) == ["emma"])
        try jones.close()

        await #expect(throws: StoreError.self) { try await home.removeHousehold("home") }
        await #expect(throws: StoreError.self) { try await home.renameHousehold("home", to: "house") }
        await #expect(throws: StoreError.notFound(.family("nobody"))) { try await home.removeHousehold("nobody") }
        try await home.removeHousehold("jones")
        #expect(try await home.households().map(\.name) == ["home"])
        for table in try Self.householdTables(of: database) {
            let left = try database.cluster.psql("SELECT count(*) FROM \(table) WHERE household_id <> 1")
            #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(table) keeps a removed household's rows")
        }
        #expect(try await homeGate.profiles().map(\.name) == ["emma"])
        #expect(try await homeGate.verifyAudit().isIntact)
        await #expect(throws: StoreError.notFound(.family("Bad Name"))) {
            _ = try await database.store(clock: clock, household: "Bad Name")
        }
    }

    @Test("a store refuses to connect as a superuser or a role with BYPASSRLS, for which row-level security does not hold, in one line naming the role")
    func rolesAboveRowSecurityRefused() async throws {
        let database = try PostgresDatabase("pg-bypass")
        defer { database.stop() }
        try database.cluster.psql("CREATE ROLE gate_bypass LOGIN BYPASSRLS")
        for role in [PostgresCluster.superuser, "gate_bypass"] {
            do {
                let store = try await database.store(clock: ManualClock(), user: role)
                try? store.close()
                Issue.record("a store connected as \(role)")
            } catch {
                let message = "\(error)"
                #expect(message.contains("the role \(role) is a superuser or has BYPASSRLS"), "\(message)")
                #expect(!message.contains("\n"))
            }
        }
        // Refused before migrating: the superuser made no table.
        #expect(try database.cluster.psql("SELECT to_regclass('profiles') IS NULL").contains("t"))
    }

    @Test("each household has its own notification key, derived from the shared file: every daemon derives the same, home keeps the file's own, and a secret or approval link sealed for one household opens nothing in another")
    func keyPerHousehold() async throws {
        let database = try PostgresDatabase("pg-household-keys")
        defer { database.stop() }
        let clock = ManualClock()
        let home = try await database.store(clock: clock)
        defer { try? home.close() }
        try await home.addHousehold("smiths", at: clock.now)
        try await home.addHousehold("jones", at: clock.now)
        let smiths = try await database.store(clock: clock, household: "smiths")
        defer { try? smiths.close() }
        let smithsAgain = try await home.inHousehold("smiths")
        let jones = try await home.inHousehold("jones")

        let sealed = try smiths.notificationKey.seal("webhook secret")
        #expect(try smithsAgain.notificationKey.unseal(sealed) == "webhook secret")
        #expect(throws: (any Error).self) { try jones.notificationKey.unseal(sealed) }
        #expect(throws: (any Error).self) { try home.notificationKey.unseal(sealed) }
        let fileKey = NotificationKey(sharedFile: database.keyFile)
        #expect(try fileKey.unseal(try home.notificationKey.seal("home's")) == "home's")

        let link = try smiths.notificationKey.approvalToken(deliveryID: "0123456789abcdef0123456789abcdef")
        #expect(smithsAgain.notificationKey.deliveryID(ofApprovalToken: link) == "0123456789abcdef0123456789abcdef")
        #expect(jones.notificationKey.deliveryID(ofApprovalToken: link) == nil)
        #expect(home.notificationKey.deliveryID(ofApprovalToken: link) == nil)
    }

    @Test("the daemon's role cannot get past the audit guards by changing the household midway through a statement, nor with a temporary table of its own; nor can a copy bring ids near the end of the numbering every household shares")
    func guardsHoldAgainstTheRole() async throws {
        let database = try PostgresDatabase("pg-household-guards")
        defer { database.stop() }
        let clock = ManualClock()
        let owner = try await database.store(clock: clock)
        defer { try? owner.close() }
        try database.cluster.psql("CREATE ROLE \(Self.daemonRole) LOGIN")
        try await owner.grant(to: Self.daemonRole)
        try await owner.addHousehold("smiths", at: clock.now)
        let smiths = try await database.store(clock: clock, household: "smiths", user: Self.daemonRole)
        defer { try? smiths.close() }
        try await Gate(storage: smiths, timeSource: .manual(clock)).addProfile("emma")
        let smithsID = try database.cluster.psql("SELECT id FROM households WHERE name = 'smiths'").trimmingCharacters(in: .whitespacesAndNewlines)
        // (A temporary table of the role's own named households stands in for nothing: the
        // guards read the gate's own, whatever the search path. The README's setup also revokes TEMP.)
        for (table, shadow) in [("audit_log", false), ("audit_head", false), ("audit_anchor", false), ("audit_log", true)] {
            let statements = """
                BEGIN; \(shadow ? "CREATE TEMP TABLE households (id bigint);" : "")
                SELECT set_config('parental_gate.household', '\(smithsID)', true); SET LOCAL enable_seqscan = off;
                DELETE FROM \(table) WHERE set_config('parental_gate.household', '0', true) IS NOT NULL; COMMIT
                """
            // Refused by a guard, or reaching no row: either way the smiths' rows stay (below).
            do {
                try database.cluster.psql(statements, user: Self.daemonRole)
            } catch {
                #expect("\(error)".contains("append-only") || "\(error)".contains("cannot be deleted"), "\(table): \(error)")
            }
            let left = try database.cluster.psql("SELECT count(*) FROM \(table) WHERE household_id = \(smithsID)")
            #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) != "0", "\(table) of the smiths was emptied")
        }
        #expect(try await Gate(storage: smiths, timeSource: .manual(clock)).verifyAudit().isIntact)

        // A copy whose ids run near the end of the shared numbering is refused whole.
        var crafted = try await smiths.read { try $0.familyCopy() }
        let profiles = try #require(crafted.tables.firstIndex { $0.name == "profiles" })
        let id = try #require(crafted.tables[profiles].columns.firstIndex(of: "id"))
        crafted.tables[profiles].rows = [Array(repeating: .null, count: crafted.tables[profiles].columns.count)]
        crafted.tables[profiles].rows[0][id] = Int64.max.databaseValue
        try await owner.addHousehold("evil", at: clock.now)
        let evil = try await owner.inHousehold("evil")
        let arriving = crafted
        await #expect(throws: StoreError.constraint("the copy's table profiles has an id above 1099511627776; nothing was copied")) {
            try await evil.write { try $0.receiveFamily(arriving) }
        }
    }
}
