import Foundation
import ParentalGate
import ParentalGateTesting

/// What the project's own tests add to `ParentalGateTesting`'s gate: real files, and the audit.
extension TestGate {
    /// A gate on a new SQLite file in a new folder under `base` (``remove()`` deletes it).
    /// `busyTimeout`: how long a write waits for another process's lock (the store's default if `nil`).
    static func onFile(
        seed: UInt64 = 1, under base: URL = FileManager.default.temporaryDirectory, busyTimeout: Duration? = nil
    ) throws -> TestGate {
        let directory = base.appendingPathComponent("gate-service-\(UUID().uuidString)")
        return try TestGate(database: .file(directory.appendingPathComponent("gate.sqlite").path), seed: seed, busyTimeout: busyTimeout)
    }

    /// The folder of the database file (the temporary folder for an in-memory one).
    var directory: URL {
        guard case .file(let path) = database else { return FileManager.default.temporaryDirectory }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// Deletes the folder of a gate made by ``onFile(seed:under:)``.
    func remove() {
        guard case .file = database else { return }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Begins a challenge after an unlock, so that the abandoned ones before it never add
    /// up to a lockout: for tests that only look at the questions.
    func freshChallenge(_ profile: String) async throws -> Challenge {
        try await gate.unlock(profile: profile, by: "tests")
        return try await begin(profile)
    }

    /// The kinds of the audit records of `profile`, in order.
    func auditKinds(_ profile: String) async throws -> [AuditEventKind] {
        let id = try await gate.profile(named: profile).id
        return try await audit(AuditFilter(profileID: id)).map(\.event.kind)
    }

    /// The whole audit log matching `filter`, oldest first, read a page at a time.
    func audit(_ filter: AuditFilter = AuditFilter()) async throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        var cursor: PageCursor<AuditEntry>?
        repeat {
            let page = try await gate.auditEntries(filter, limit: 500, after: cursor)
            entries += page.items
            cursor = page.next
        } while cursor != nil
        return entries
    }
}
