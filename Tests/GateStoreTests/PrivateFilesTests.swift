import Foundation
@testable import GateStore
import Testing
import TestSlots

@Suite("Paths and file starts without Foundation", .boundedConcurrency)
struct PrivateFilesTests {
    @Test("a database's folder is what URL would give for an absolute path, and the same folder for a relative one",
          arguments: ["/var/lib/parental-gate/gate.sqlite", "/gate.sqlite", "/a//b/gate.sqlite", "/a/../b/c d/gate.sqlite", "/tmp/Zoë/g"])
    func folderOfAbsolute(path: String) {
        #expect(PrivateFiles.folder(of: path) == URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    @Test("a relative name's folder stays relative: the working directory for a bare name")
    func folderOfRelative() {
        #expect(PrivateFiles.folder(of: "gate.sqlite") == ".")
        #expect(PrivateFiles.folder(of: "data/gate.sqlite") == "data")
        #expect(PrivateFiles.folder(of: "./gate.sqlite") == ".")
    }

    @Test("the start of a file: its first bytes, fewer for a short file, none for an empty one, nil for none there")
    func readStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long").path, short = folder.appendingPathComponent("short").path
        let empty = folder.appendingPathComponent("empty").path
        try Data((0..<200).map { UInt8($0) }).write(to: URL(fileURLWithPath: long))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: short))
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(PrivateFiles.readStart(of: long, count: 100) == (0..<100).map { UInt8($0) })
        #expect(PrivateFiles.readStart(of: short, count: 100) == [1, 2, 3])
        #expect(PrivateFiles.readStart(of: empty, count: 100) == [])
        #expect(PrivateFiles.readStart(of: folder.appendingPathComponent("missing").path, count: 100) == nil)
    }
}
