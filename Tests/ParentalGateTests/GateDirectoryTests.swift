import Foundation
import ParentalGate
import Testing
import TestSlots

/// `GateDirectory`: many families in one process, a file each, a bounded number open.
@Suite("Many families in one process: a directory of gates", .boundedConcurrency)
struct GateDirectoryTests {
    private static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("families-\(UUID().uuidString)").path
    }

    /// The process's open file descriptors on files in `folder` (other tests, running at the
    /// same time, open files of their own).
    private static func openDescriptors(in folder: String) throws -> Int {
        let target = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path + "/"
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"))?.hasPrefix(target) == true
        }.count
    }

    @Test("a name from a request never makes a file: an unknown family is not found, a malformed name is bad input")
    func namesMakeNothing() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder)
        await #expect(throws: GateError.notFound(.family("nofam"))) {
            try await families.withGate("nofam") { gate in try await gate.profiles() }
        }
        for bad in ["", "../etc", "Smiths", "a/b", "-x", "smiths.sqlite", String(repeating: "a", count: 64), "émile"] {
            await #expect(throws: GateError.invalidInput(.malformedFamilyName(bad))) {
                try await families.withGate(bad) { gate in try await gate.profiles() }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try families.families().isEmpty)
    }

    @Test("the README's lines")
    func readme() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder)      // /var/lib/kids-app/families
        try await families.create("smiths") { gate in try await gate.addProfile("emma") }
        let state = try await families.withGate("smiths") { gate in try await gate.state(profile: "emma") }
        #expect(state == .child)
        try families.close()
    }

    @Test("create sets a family up once; withGate reaches it by name; a second create is a conflict")
    func createAndUse() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder)
        try await families.create("smiths") { gate in try await gate.addProfile("emma") }
        try await families.create("jones-2") { gate in try await gate.addProfile("liam") }
        await #expect(throws: GateError.conflict(.familyExists("smiths"))) {
            try await families.create("smiths") { _ in }
        }
        #expect(try families.families() == ["jones-2", "smiths"])
        #expect(try await families.withGate("smiths") { gate in try await gate.profiles().map(\.name) } == ["emma"])
        #expect(try await families.withGate("jones-2") { gate in try await gate.profiles().map(\.name) } == ["liam"])
        try families.close()
        #expect(families.openCount == 0)
    }

    @Test("at most maximumOpen idle families stay open: their descriptors are given back, and a closed family opens again as it was")
    func boundedOpenFiles() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder, maximumOpen: 3)
        let names = (1...12).map { "family-\($0)" }
        for name in names { try await families.create(name) { gate in try await gate.addProfile("child") } }
        #expect(try Self.openDescriptors(in: folder) == 0)
        for name in names {
            _ = try await families.withGate(name) { gate in try await gate.begin(profile: "child") }
            #expect(families.openCount <= 3)
        }
        let open = try Self.openDescriptors(in: folder)
        #expect(open > 0 && open <= 3 * 4, "the descriptors of 3 open families (a file, its log and shared memory, and readers'), not of 12: \(open)")
        for name in names {
            let state = try await families.withGate(name) { gate in try await gate.state(profile: "child") }
            guard case .verifying = state else {
                Issue.record("\(name): the challenge begun before it was closed is gone: \(state)")
                continue
            }
        }
        try families.close()
        #expect(try Self.openDescriptors(in: folder) == 0, "closing gave every descriptor back")
    }

    @Test("many tasks opening one family at once share one opening; closing the directory refuses every later use, the one in use included", .hangGuard)
    func concurrentOpeningsAndClose() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder, maximumOpen: 2)
        try await families.create("smiths") { gate in try await gate.addProfile("emma") }
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try await families.withGate("smiths") { gate in try await gate.profiles().count } } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1, count: 16))
        #expect(families.openCount == 1)

        let (inside, entered) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let user = Task {
            try await families.withGate("smiths") { gate in
                entered.yield()
                for await _ in released { break }
                return try await gate.profiles().count
            }
        }
        for await _ in inside { break }
        try families.close()
        release.yield()
        await #expect(throws: GateError.self, "the user's next operation is refused: the gate is closed") { _ = try await user.value }
        do {
            _ = try await families.withGate("smiths") { gate in try await gate.profiles() }
            Issue.record("a closed directory opened a family")
        } catch let error as GateError {
            #expect(error.isClosed)
        }
        #expect(try Self.openDescriptors(in: folder) == 0)
    }

    @Test("a family in use is never closed under its user: its update stream goes on while others come and go", .hangGuard)
    func inUseStaysOpen() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let families = try GateDirectory(folder: folder, maximumOpen: 1)
        for name in ["a", "b", "c"] { try await families.create(name) { gate in try await gate.addProfile("child") } }
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let listener = Task {
            try await families.withGate("a") { gate in
                let updates = try await gate.updates()
                starting.yield()
                do {
                    for try await update in updates {
                        if case .recorded(let entry, _) = update, entry.event.kind == .challengeIssued { return true }
                    }
                } catch {
                    return false
                }
                return false
            }
        }
        for await _ in started { break }
        for name in ["b", "c", "b"] {
            _ = try await families.withGate(name) { gate in try await gate.begin(profile: "child") }
        }
        #expect(families.openCount == 1, "only a, which is in use: the others closed as soon as they were idle")
        _ = try await families.withGate("a") { gate in try await gate.begin(profile: "child") }
        #expect(try await within(.seconds(60)) { try await listener.value } == true, "a's stream saw its begin")
        try families.close()
    }
}
