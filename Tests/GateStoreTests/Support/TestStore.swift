import Foundation
import GateCore
@testable import GateStore
import GRDB

/// A store on a fresh file in its own temporary directory, plus raw access for tampering.
struct TestStore {
    let directory: URL
    let path: String
    let clock: ManualClock
    let store: GateStore

    init(file name: String = "gate.sqlite") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-tests-\(UUID().uuidString)")
        path = directory.appendingPathComponent(name).path
        clock = ManualClock()
        store = try GateStore(.file(path), timeSource: .manual(clock))
    }

    /// The adult every test acts as.
    static var parent: Label {
        get throws { try Label("parent", what: "actor") }
    }

    /// A raw connection that bypasses the store, as someone with the file would.
    func raw() throws -> DatabaseQueue {
        try DatabaseQueue(path: path)
    }

    /// Runs `sql` through a raw connection, bypassing the store.
    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try raw().write { db in try db.execute(sql: sql, arguments: arguments) }
    }

    /// Counts rows of `table` through a raw connection.
    func count(_ table: String) throws -> Int {
        try raw().read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }

    /// Adds a profile called `name` in `locale`.
    @discardableResult
    func addProfile(_ name: String, locale: String = "en") async throws -> Profile {
        try await store.addTestProfile(name, locale: locale, at: clock.now)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A temporary directory for files made by hand.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gate-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The bytes of the file at `path` and of its WAL and rollback journal, to prove nothing
/// was written. (The `-shm` index changes whenever anyone reads; it holds no data.)
func fileSnapshot(_ path: String) -> [Data?] {
    [path, path + "-wal", path + "-journal"].map { FileManager.default.contents(atPath: $0) }
}
