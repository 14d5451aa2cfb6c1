import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// "Ask a parent" in the library, on the gate's manual clock: a child asks instead of
/// answering, a parent approves or denies (through an approval link or by number), the
/// asking client picks parent mode up once; expiry, cooldown, policy, never a failure.
@Suite("Ask a parent: requests, approval links and decisions", .boundedConcurrency)
struct AskParentTests {
    /// A gate with `emma`, whose requests go to a webhook subscribed to every event.
    static func gate(database: DatabaseLocation = .inMemory) async throws -> TestGate {
        try await prepared(TestGate(database: database))
    }

    /// The same on `backend`.
    static func gate(on backend: Backend) async throws -> BackendGate {
        let backing = try await backend.gate()
        _ = try await prepared(backing.test)
        return backing
    }

    private static func prepared(_ test: TestGate) async throws -> TestGate {
        try await test.gate.addProfile("emma", displayName: "Emma")
        try await test.gate.setPolicy([(.maxFailedChallenges, "2"), (.minResponseTime, "0s")], for: "emma")
        _ = try await test.gate.addNotification(
            try NotificationSettings(channel: .webhook, url: "http://127.0.0.1:9/hook", profile: "emma"), by: "mum")
        return test
    }

    /// Asks for `profile`; the request and the handle.
    static func ask(_ test: TestGate, _ profile: String = "emma") async throws -> (ParentRequest, String) {
        guard case .asked(let request, let handle) = try await test.gate.askParent(profile: profile, client: "tablet") else {
            Issue.record("not asked")
            throw CancellationError()
        }
        return (request, handle)
    }

    /// The approval link token of the request's notification, as the daemon makes it.
    static func linkToken(_ test: TestGate) async throws -> String {
        let claimed = try await test.gate.claimNotifications(limit: 100, lease: .seconds(30), approvalBase: "http://gate.lan:8080")
        let request = try #require(claimed.last { $0.kind == .request })
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let details = try #require(body["details"] as? [String: String])
        let url = try #require(details["approveURL"])
        #expect(url.hasPrefix("http://gate.lan:8080/approve/"))
        #expect((body["message"] as? String)?.contains("Approve or deny: \(url)") == true)
        return String(url.dropFirst("http://gate.lan:8080/approve/".count))
    }

    @Test("ask → a pending request and a request notification; approve through the link → parent mode, picked up once", arguments: Backend.allCases)
    func approveThroughLink(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (request, handle) = try await Self.ask(test)
        #expect(request.status == .pending && request.client == "tablet" && request.displayName == "Emma")
        #expect(request.expiresAt == request.createdAt.addingTimeInterval(600), "askExpiry 10m by default")
        #expect(try await test.gate.parentRequest(handle: handle).request.status == .pending)
        #expect(try await test.gate.state(profile: "emma") == .child, "asking opens nothing")

        let token = try await Self.linkToken(test)
        let shown = try await test.gate.parentRequest(approvalToken: token)
        #expect(shown.id == request.id && shown.status == .pending, "the page shows the request and decides nothing")
        #expect(try await test.gate.parentRequest(approvalToken: token).status == .pending, "looking twice decides nothing")

        test.advance(by: .seconds(30))
        let approved = try await test.gate.decideParentRequest(approvalToken: token, approve: true)
        #expect(approved.status == .approved && approved.decidedBy == "approval link")
        guard case .parent(let until) = try await test.gate.state(profile: "emma") else {
            Issue.record("approval opens parent mode at once")
            return
        }
        let first = try await test.gate.parentRequest(handle: handle)
        let pass = try #require(first.pass, "the first look gets the session")
        #expect(pass.until == until)
        #expect(try await test.gate.session(token: pass.token)?.profile == "emma")
        let second = try await test.gate.parentRequest(handle: handle)
        #expect(second.pass == nil && second.request.status == .approved && second.request.isPickedUp, "handed over once")

        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "approved"))) {
            try await test.gate.decideParentRequest(approvalToken: token, approve: false)
        }
        #expect(try await test.gate.parentRequest(handle: handle).request.status == .approved, "a replayed link changes nothing")
    }

    @Test("deny → the child hears it; the link is spent; a forged or altered token finds nothing", arguments: Backend.allCases)
    func denyAndForgery(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (_, handle) = try await Self.ask(test)
        let token = try await Self.linkToken(test)
        for forged in [
            "", "x", String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A"), String(repeating: "0", count: 32) + "." + token.split(separator: ".")[1],
            token + "=", token.uppercased(), String(repeating: "a", count: 5000),
        ] {
            await #expect(throws: GateError.self, "\(forged.prefix(40))") { try await test.gate.decideParentRequest(approvalToken: forged, approve: true) }
        }
        #expect(try await test.gate.parentRequest(handle: handle).request.status == .pending, "no forged token decided anything")
        let denied = try await test.gate.decideParentRequest(approvalToken: token, approve: false)
        #expect(denied.status == .denied)
        let seen = try await test.gate.parentRequest(handle: handle)
        #expect(seen.request.status == .denied && seen.pass == nil)
        #expect(try await test.gate.state(profile: "emma") == .child)
        await #expect(throws: GateError.self) { try await test.gate.decideParentRequest(approvalToken: token, approve: true) }
        #expect(try await test.gate.state(profile: "emma") == .child, "a denied request's link cannot approve it afterwards")
    }

    @Test("a request nobody answers expires after askExpiry; its link then approves nothing", arguments: Backend.allCases)
    func expiry(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.setPolicy([(.askExpiry, "2m")], for: "emma")
        let (request, handle) = try await Self.ask(test)
        let token = try await Self.linkToken(test)
        test.advance(by: .seconds(119))
        #expect(try await test.gate.parentRequest(handle: handle).request.status == .pending)
        test.advance(by: .seconds(1))
        #expect(try await test.gate.parentRequest(handle: handle).request.status == .expired)
        await #expect(throws: GateError.conflict(.requestDecided(number: request.id, status: "expired"))) {
            try await test.gate.decideParentRequest(approvalToken: token, approve: true)
        }
        #expect(try await test.gate.state(profile: "emma") == .child)
        let kinds = try await test.gate.auditEntries(AuditFilter(), order: .oldestFirst, limit: 1000).items.map(\.event.kind)
        #expect(kinds.filter { $0 == .requestExpired }.count == 1)
    }

    @Test("one request waits at a time; after one ended the next waits for askCooldown; askParent off refuses", arguments: Backend.allCases)
    func cooldownAndPolicy(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (first, _) = try await Self.ask(test)
        #expect(try await test.gate.askParent(profile: "emma") == .alreadyWaiting(first))
        try await test.gate.decideParentRequest(first.id, approve: false, by: "dad")
        test.advance(by: .seconds(59))
        let retryAt = first.createdAt.addingTimeInterval(60)
        #expect(try await test.gate.askParent(profile: "emma") == .tooSoon(retryAt: retryAt))
        test.advance(by: .seconds(1))
        _ = try await Self.ask(test)

        try await test.gate.setPolicy([(.askParent, "off")], for: "emma")
        try await test.gate.addProfile("liam")
        try await test.gate.setPolicy([(.askParent, "off")], for: "liam")
        #expect(try await test.gate.askParent(profile: "liam") == .notAllowed)
        try await test.gate.setProfileEnabled("liam", false, by: "mum")
        #expect(try await test.gate.askParent(profile: "liam") == .disabled)
    }

    @Test("asking during a lockout counts no failure; an approval lifts the lockout, ends the open challenge uncounted, and opens parent mode", arguments: Backend.allCases)
    func approvalDuringLockout(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        _ = try await test.fail(try await test.begin("emma"))
        _ = try await test.fail(try await test.begin("emma"))
        guard case .lockedOut = try await test.gate.state(profile: "emma") else {
            Issue.record("two failures lock emma out")
            return
        }
        let (request, handle) = try await Self.ask(test)
        let approved = try await test.gate.decideParentRequest(request.id, approve: true, by: "mum")
        #expect(approved.status == .approved && approved.decidedBy == "mum")
        guard case .parent = try await test.gate.state(profile: "emma") else {
            Issue.record("parent mode after the approval")
            return
        }
        #expect(try await test.gate.parentRequest(handle: handle).pass != nil)
        let kinds = try await test.gate.auditEntries(AuditFilter(), order: .oldestFirst, limit: 1000).items.map(\.event.kind)
        #expect(kinds.contains(.unlocked) && kinds.contains(.requestApproved))
        #expect(!kinds.contains(.challengeAbandoned), "no challenge was open")
        // The failures in a row were cleared: one more failure does not lock emma out again.
        test.advance(by: .seconds(601))
        _ = try await test.fail(try await test.begin("emma"))
        #expect(try await test.gate.state(profile: "emma") == .child)
    }

    @Test("an approval nobody picks up while its parent mode lasts is never handed over later", arguments: Backend.allCases)
    func unclaimedApproval(backend: Backend) async throws {
        let backing = try await Self.gate(on: backend)
        defer { backing.remove() }
        let test = backing.test
        let (request, handle) = try await Self.ask(test)
        try await test.gate.decideParentRequest(request.id, approve: true, by: "mum")
        test.advance(by: .seconds(601))
        let late = try await test.gate.parentRequest(handle: handle)
        #expect(late.request.status == .approved && late.pass == nil, "the session is over: no token is handed out after it")
    }

    @Test("the database holds neither the handle, nor the link token, nor the approved session's token")
    func nothingInTheClear() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ask-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("gate.sqlite").path
        let test = try await Self.gate(database: .file(path))
        let (request, handle) = try await Self.ask(test)
        let token = try await Self.linkToken(test)
        try await test.gate.decideParentRequest(request.id, approve: true, by: "mum")
        let sessionToken = try #require(try await test.gate.parentRequest(handle: handle).pass?.token)
        try test.gate.close()
        var bytes = Data()
        for file in [path, path + "-wal"] { bytes += (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data() }
        for secret in [handle, token, String(token.split(separator: ".")[1]), sessionToken] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "the file holds \(secret.prefix(12))…")
        }
    }
}
