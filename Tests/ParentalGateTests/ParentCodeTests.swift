import Foundation
import GateCore
import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Parents' codes in the library, on the gate's manual clock, on both backends: a code from
/// an authenticator app opens parent mode at once, works once, and a wrong one counts.
@Suite("Parents' codes: TOTP at the gate", .boundedConcurrency)
struct ParentCodeTests {
    /// A gate with `emma` (two failed challenges lock her out) and mum's code; mum's secret.
    static func prepared(on backend: Backend) async throws -> (BackendGate, [UInt8]) {
        let backing = try await backend.gate()
        do {
            try await backing.gate.addProfile("emma")
            try await backing.gate.setPolicy([(.maxFailedChallenges, "2"), (.minResponseTime, "0s")], for: "emma")
            let added = try await backing.gate.addParentCode(named: "mum", by: "dad")
            #expect(added.code.name == "mum" && added.code.createdBy == "dad" && added.code.lastUsedAt == nil)
            #expect(added.uri == "otpauth://totp/ParentalGate:mum?secret=\(added.secret)&issuer=ParentalGate&algorithm=SHA1&digits=6&period=30")
            let secret = try #require(Base32.decode(added.secret))
            #expect(secret.count == 20, "160 bits, as RFC 4226 recommends")
            return (backing, secret)
        } catch {
            backing.remove()
            throw error
        }
    }

    /// The code of `secret` at `offset` steps from the clock's now.
    static func code(_ secret: [UInt8], _ test: TestGate, offset: Int64 = 0) -> String {
        OneTimeCode.code(secret: secret, step: OneTimeCode.step(at: test.clock.now) + offset)
    }

    /// A six-digit code that no step near now gives `secret`.
    static func wrongCode(_ secret: [UInt8], _ test: TestGate) -> String {
        let near = Set((-1...1).map { code(secret, test, offset: $0) })
        return (0..<1000).map { String(format: "%06d", $0 * 997 % 1_000_000) }.first { !near.contains($0) }!
    }

    /// The codes that opened nothing, tried (wrong, used) or not (refused), oldest first.
    static func refusals(_ gate: Gate) async throws -> [AuditEvent] {
        try await gate.auditEntries(AuditFilter(kinds: [.parentCodeWrong, .parentCodeRefused]), limit: 100).items.map(\.event)
    }

    @Test("a code opens parent mode at once and names the parent; the same code again is refused and counts", arguments: Backend.allCases)
    func opensOnce(backend: Backend) async throws {
        let (backing, secret) = try await Self.prepared(on: backend)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        let code = Self.code(secret, test)
        guard case .opened(let pass) = try await gate.enterParentCode(profile: "emma", code: code, client: "tablet") else {
            Issue.record("a fresh code did not open")
            return
        }
        #expect(pass.until == test.clock.now.addingTimeInterval(10 * 60), "parentSession: 10 minutes by default")
        #expect(try await gate.session(token: pass.token)?.profile == "emma")
        #expect(try await gate.state(profile: "emma") == .parent(until: pass.until))
        let accepted = try await gate.auditEntries(AuditFilter(kinds: [.parentCodeAccepted]), limit: 10).items
        #expect(accepted.count == 1 && accepted.first?.event.actor == "mum" && accepted.first?.event.client == "tablet")
        #expect(accepted.first?.event.profileName == "emma")
        #expect(try await gate.parentCodes().first?.lastUsedAt == test.clock.now)

        // Seen being typed, and typed again within its 30 seconds: refused, and one failure.
        test.advance(by: .seconds(5))
        #expect(try await gate.enterParentCode(profile: "emma", code: code) == .wrong)
        #expect(try await Self.refusals(gate).map { $0.details["reason"] } == ["replayed"])
        #expect(try await Self.refusals(gate).first?.details["parent"] == "mum")

        // The next step's code opens; then the step before it, still within the window, does not.
        test.advance(by: .seconds(30))
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: Self.code(secret, test)) else {
            Issue.record("the next step's code did not open")
            return
        }
        #expect(try await gate.enterParentCode(profile: "emma", code: code) == .wrong, "an older step than the last used")
    }

    @Test("wrong codes are failed challenges and lock; a locked gate tries no code (and spends it); unlocked, a new one opens", arguments: Backend.allCases)
    func wrongCodesLock(backend: Backend) async throws {
        let (backing, secret) = try await Self.prepared(on: backend)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        #expect(try await gate.enterParentCode(profile: "emma", code: Self.wrongCode(secret, test)) == .wrong)
        guard case .lockedOut(let until) = try await gate.enterParentCode(profile: "emma", code: Self.wrongCode(secret, test)) else {
            Issue.record("the second wrong code did not lock")
            return
        }
        #expect(until == test.clock.now.addingTimeInterval(5 * 60), "lockout: 5 minutes by default")
        let code = Self.code(secret, test)
        #expect(try await gate.enterParentCode(profile: "emma", code: code) == .lockedOut(until: until))
        #expect(try await Self.refusals(gate).map { $0.details["reason"] } == ["wrong", "wrong", "lockedOut"])
        try await gate.unlock(profile: "emma", by: "dad")
        #expect(try await gate.enterParentCode(profile: "emma", code: code) == .wrong, "spent while locked")
        test.advance(by: .seconds(30))
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: Self.code(secret, test)) else {
            Issue.record("a fresh code after the unlock did not open")
            return
        }
        // A pass of a code clears the count the replay above started.
        #expect(try await gate.auditEntries(AuditFilter(kinds: [.lockoutStarted]), limit: 10).items.count == 1)
    }

    @Test("an open challenge ends without counting; a malformed code, or no code set up, changes nothing", arguments: Backend.allCases)
    func challengeAndRefusals(backend: Backend) async throws {
        let (backing, secret) = try await Self.prepared(on: backend)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        let challenge = try await test.begin("emma")
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: Self.code(secret, test)) else {
            Issue.record("did not open")
            return
        }
        let ended = try await gate.auditEntries(AuditFilter(kinds: [.challengeAbandoned]), limit: 10).items
        #expect(ended.map(\.event.challengeID) == [challenge.id])
        #expect(try await gate.auditEntries(AuditFilter(kinds: [.lockoutStarted]), limit: 10).items.isEmpty)

        let before = try await gate.auditEntries(limit: 500).items.count
        for malformed in ["12345", "1234567", "12a456", "", "１２３４５６"] {
            await #expect(throws: GateError.invalidInput(.malformedParentCode)) {
                try await gate.enterParentCode(profile: "emma", code: malformed)
            }
        }
        // "123 456", as apps show it, is the same code.
        test.advance(by: .seconds(30))
        let spaced = Self.code(secret, test).enumerated().map { $0.offset == 3 ? " \($0.element)" : String($0.element) }.joined()
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: spaced) else {
            Issue.record("a code with a space did not open")
            return
        }
        let after = try await gate.auditEntries(limit: 500).items.count
        #expect(after > before)

        try await gate.removeParentCode(named: "MUM", by: "dad")
        let count = try await gate.auditEntries(limit: 500).items.count
        await #expect(throws: GateError.notFound(.parentCode(nil))) {
            try await gate.enterParentCode(profile: "emma", code: Self.code(secret, test, offset: 1))
        }
        #expect(try await gate.auditEntries(limit: 500).items.count == count, "nothing written")
        let removed = try await gate.auditEntries(AuditFilter(kinds: [.parentCodeRemoved]), limit: 10).items
        #expect(removed.first?.event.actor == "dad" && removed.first?.event.details["parent"] == "mum")
    }

    @Test("across the household, 10 wrong codes an hour: then no code is tried at any profile (a right one is not spent) until the hour is over", arguments: Backend.allCases)
    func householdLimit(backend: Backend) async throws {
        let (backing, secret) = try await Self.prepared(on: backend)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        try await gate.addProfile("liam")
        for profile in ["emma", "liam"] {
            try await gate.setPolicy([(.maxFailedChallenges, "100"), (.minResponseTime, "0s")], for: profile)
        }
        let first = test.clock.now
        for index in 0..<ParentCodeLimit.wrongCodes {
            let profile = index % 2 == 0 ? "emma" : "liam"
            #expect(try await gate.enterParentCode(profile: profile, code: Self.wrongCode(secret, test)) == .wrong)
            test.clock.advance(by: .seconds(60))
        }
        let until = first.addingTimeInterval(3600)
        for profile in ["emma", "liam"] {
            #expect(try await gate.enterParentCode(profile: profile, code: Self.code(secret, test)) == .lockedOut(until: until))
        }
        #expect(try await gate.parentCodes().first?.lastUsedAt == nil, "not tried, so not spent")
        #expect(try await Self.refusals(gate).suffix(2).map { $0.details["reason"] } == ["tooManyWrongCodes", "tooManyWrongCodes"])
        #expect(try await gate.auditEntries(AuditFilter(kinds: [.lockoutStarted]), limit: 10).items.isEmpty, "the limit counts no failure")
        test.clock.set(to: until.addingTimeInterval(1))
        guard case .opened = try await gate.enterParentCode(profile: "liam", code: Self.code(secret, test)) else {
            Issue.record("the oldest wrong code left the window: a code is tried again")
            return
        }
    }

    @Test("parents are told: a code that opened (whose), a used one typed again, a wrong one", arguments: Backend.allCases)
    func notifications(backend: Backend) async throws {
        let (backing, secret) = try await Self.prepared(on: backend)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        _ = try await gate.addNotification(try NotificationSettings(channel: .ntfy, url: "https://ntfy.example/family-7f3a", events: [.parentCode]), by: "dad")
        let code = Self.code(secret, test)
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: code) else { return }
        #expect(try await gate.enterParentCode(profile: "emma", code: code) == .wrong)
        // The second failure in a row: maxFailedChallenges 2 locks emma out, and the code is still told of.
        guard case .lockedOut = try await gate.enterParentCode(profile: "emma", code: Self.wrongCode(secret, test)) else {
            Issue.record("the wrong code did not lock")
            return
        }
        let told = try await gate.claimNotifications(limit: 10, lease: .seconds(30))
        #expect(told.map { String(decoding: $0.body, as: UTF8.self) } == [
            "mum's parent's code opened the parental gate of emma.",
            "mum's parent's code was typed again at emma's gate after it was used: someone may have seen it typed. It opened nothing.",
            "A wrong parent's code was typed at emma's gate. It opened nothing.",
        ])
        #expect(told.map { $0.headers.first { $0.0 == "Priority" }?.1 } == ["3", "4", "4"])
    }

    @Test("names are unique ignoring case; a removed code opens nothing; the other parent's still does")
    func namesAndRemoval() async throws {
        let (backing, secret) = try await Self.prepared(on: .sqlite)
        defer { backing.remove() }
        let gate = backing.gate, test = backing.test
        await #expect(throws: GateError.conflict(.duplicateParentCode("mum"))) {
            try await gate.addParentCode(named: "MUM")
        }
        await #expect(throws: GateError.notFound(.parentCode("gran"))) {
            try await gate.removeParentCode(named: "gran")
        }
        let dad = try await gate.addParentCode(named: "Dad")
        #expect(try await gate.parentCodes().map(\.name) == ["Dad", "mum"])
        try await gate.removeParentCode(named: "mum")
        #expect(try await gate.enterParentCode(profile: "emma", code: Self.code(secret, test)) == .wrong)
        guard case .opened = try await gate.enterParentCode(profile: "emma", code: Self.code(try #require(Base32.decode(dad.secret)), test)) else {
            Issue.record("dad's code did not open")
            return
        }
        let accepted = try await gate.auditEntries(AuditFilter(kinds: [.parentCodeAccepted]), limit: 10).items
        #expect(accepted.map(\.event.actor) == ["Dad"])
    }

    @Test("the secret is sealed: the database file holds neither it nor its bytes, and the chain verifies")
    func sealed() async throws {
        let backing = try await Backend.sqlite.gate()
        defer { backing.remove() }
        let added = try await backing.gate.addParentCode(named: "mum")
        guard case .file(let path) = backing.test.database else { throw CancellationError() }
        // The main file and its write-ahead log, wherever the row is now.
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data(added.secret.utf8)) == nil)
            #expect(bytes.range(of: Data(try #require(Base32.decode(added.secret)))) == nil)
        }
        #expect(FileManager.default.fileExists(atPath: path + ".notify-key"))
        #expect(try await backing.gate.verifyAudit().isIntact)
    }
}
