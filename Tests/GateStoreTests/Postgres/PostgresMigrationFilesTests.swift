import Foundation
import GatePostgresMigrations
import Testing
import TestSlots

@Suite("PostgreSQL's migrations as built", .boundedConcurrency)
struct PostgresMigrationFilesTests {
    @Test("the embedded PostgreSQL migrations are exactly the SQL files in Migrations/postgres, numbered without gaps, each listed in Package.swift")
    func embeddedMatchesFolder() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Migrations/postgres")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(PostgresMigrations.files.map(\.name) == files)
        #expect(files.map { Int($0.prefix(4)) } == Array(1...files.count))
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for file in files {
            #expect(manifest.contains("\"\(file)\""), "Package.swift does not list \(file)")
        }
        for file in PostgresMigrations.files {
            let onDisk = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(Array(onDisk) == file.sql, "\(file.name) differs from the embedded copy")
        }
    }
}
