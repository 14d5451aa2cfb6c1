import Foundation
import Testing
import TestSlots

/// What a client learns when the database cannot be written: a generic 503 (the details,
/// with the file's path, go to the server's log), and `/readyz` says so before anyone tries.
@Suite("Readiness and database failures over HTTP", .boundedConcurrency)
struct ReadinessTests {
    @Test("/readyz: 200 while the database can be written; 503 with a generic body while it is read-only, the reason in the log")
    func readyz() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db)
        let ready = try await HTTPClient.send(server.url("/readyz"))
        #expect(ready.status == 200)
        #expect(ready.json["status"] as? String == "ready")

        try ReadOnlyFile.set(db.path, readOnly: true)
        defer { try? ReadOnlyFile.set(db.path, readOnly: false) }
        let notReady = try await HTTPClient.send(server.url("/readyz"))
        #expect(notReady.status == 503)
        #expect(notReady.header("Content-Type") == "application/problem+json")
        #expect(!notReady.text.contains(db.scratch.url.path), "the body names no file: \(notReady.text)")
        #expect(await server.process.waitForError("\(db.path) is not writable"), "the log says why: \(server.log)")
        #expect(try await HTTPClient.send(server.url("/healthz")).status == 200, "alive, just not ready")

        try ReadOnlyFile.set(db.path, readOnly: false)
        #expect(try await HTTPClient.send(server.url("/readyz")).status == 200)
    }

    @Test("a write that fails (another process holds the lock) is 503 with Retry-After, without the database's path; the log has it; /readyz agrees")
    func busyDatabase() async throws {
        let db = try TestDatabase()
        defer { db.remove() }
        try db.addProfile("emma")
        let server = try await ServedGate.start(db)
        let lock = try HeldWriteLock(db.path)
        defer { lock.release() }

        async let begun = HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}")
        async let readiness = HTTPClient.send(server.url("/readyz"))
        let (refused, notReady) = try await (begun, readiness)
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1", "a busy database is worth a retry in a second")
        #expect(!refused.text.contains(db.scratch.url.path), "\(refused.text)")
        #expect(refused.json["detail"] as? String == "the database cannot be used right now; the server's log says why")
        #expect(notReady.status == 503)
        #expect(!notReady.text.contains(db.scratch.url.path))
        #expect(await server.process.waitForError("\(db.path) is busy"), "log: \(server.log)")
        lock.release()
        #expect(try await HTTPClient.send(server.url("/v1/profiles/emma/challenges"), method: "POST", json: "{}").status == 201)
    }
}
