import Foundation
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// The service as embedders call it: bad input and edge cases (the README's own examples
/// run in `EmbeddingTests` and, as an executable, in `QuickStartTests`).
@Suite("The service API: bad input and edge cases", .boundedConcurrency)
struct ServiceAPITests {
    @Test("bad input is a GateError with one line, and nothing is written", arguments: Backend.allCases)
    func badInput(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        await #expect(throws: GateError.invalidInput(.unknownLanguage("xx"))) {
            try await gate.addProfile("emma", locale: "xx")
        }
        await #expect(throws: GateError.self) { try await gate.setPolicy(.lockout, to: "5 minutes") }
        await #expect(throws: GateError.notFound(.profile("liam"))) { try await gate.policy(for: "liam") }
        try await gate.addProfile("emma")
        await #expect(throws: GateError.conflict(.duplicateProfile(name: "EMMA", existing: "emma"))) {
            try await gate.addProfile("EMMA")
        }
        #expect(try await gate.profiles().map(\.name) == ["emma"])
        #expect(try await gate.auditEntries(limit: 1000).items.count == 1)
    }

    @Test("a choice policy that lets a child try every option is refused", arguments: Backend.allCases)
    func choicePolicyThatCannotFail(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        await #expect(throws: GateError.self) {
            try await gate.setPolicy([(.answerFormat, "choice"), (.choiceCount, "2"), (.maxWrongAnswers, "2")])
        }
        #expect(try await gate.policy().policy == .default)
        try await gate.setPolicy([(.answerFormat, "choice"), (.choiceCount, "3"), (.maxWrongAnswers, "2")])
    }

    @Test("names of many emoji, within 64 characters, are stored", arguments: Backend.allCases)
    func emojiNames(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let name = String(repeating: family, count: 64)
        try await gate.addProfile(name, displayName: String(repeating: family, count: 128), by: String(repeating: family, count: 128))
        #expect(try await gate.profile(named: name).name == name)
    }

    @Test("prune never drops what a profile's longer auditRetention still keeps", arguments: Backend.allCases)
    func pruneHonoursProfileRetention(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        try await gate.addProfile("emma")
        try await gate.setPolicy(.auditRetention, to: "400d", for: "emma")
        await #expect(throws: GateError.self) { try await gate.pruneAudit(olderThan: .seconds(365 * 86_400)) }
        let report = try await gate.pruneAudit(olderThan: .seconds(400 * 86_400))
        #expect(report.auditRecords == 0)
        #expect(try await gate.verifyAudit().isIntact)
    }

    @Test("a prune age too long (or short) for any clock is refused as out of range, never a trap; so is a duration's text and milliseconds", arguments: Backend.allCases)
    func pruneAgeBeyondAnyClock(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        for json in ["[576460752303423488,0]", "[9223372036854775807,18446744073709551615]", "[-9223372036854775808,0]"] {
            let age = try JSONDecoder().decode(Duration.self, from: Data(json.utf8))
            await #expect(throws: GateError.self) { try await gate.pruneAudit(olderThan: age) }
            #expect(age.wholeMilliseconds == .max || age.wholeMilliseconds == .min, "clamped, not trapped")
        }
        await #expect(throws: GateError.self) { try await gate.pruneAudit(olderThan: .seconds(365_001 * 86_400)) }
        #expect(try await gate.pruneAudit(olderThan: .seconds(365_000 * 86_400)).auditRecords == 0)
    }

    @Test("with create: false a missing file is not found and not made; a file that exists opens")
    func openWithoutCreating() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nofamily.sqlite").path
        #expect(throws: GateError.notFound(.database)) {
            try Gate(database: .file(path), create: false)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing made, not even the folder")
        // An empty file would be made a database on opening: it is none either.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: GateError.notFound(.database)) {
            try Gate(database: .file(path), create: false)
        }
        #expect(FileManager.default.contents(atPath: path) == Data(), "left as it was")
        try FileManager.default.removeItem(atPath: path)
        try Gate(database: .file(path)).close()
        try Gate(database: .file(path), create: false).close()
    }

    @Test("a reader of events() that falls more than eventBuffer behind gets the first ones in order, then missed(count:) in place of the rest, then what comes after", .hangGuard)
    func eventsTellOfAGap() async throws {
        let test = try TestGate()
        try await test.gate.addProfile("emma")
        let events = test.gate.events()
        var cycles = 0
        while cycles * 3 < Gate.eventBuffer + 10 {  // issued, passed, ended: three a cycle
            _ = try await test.pass(try await test.begin("emma"))
            #expect(try await test.gate.endSession(profile: "emma"))
            cycles += 1
        }
        let reader = StreamReader(events)
        var kept: [GateNotification] = []
        if let first = await reader.next() { kept.append(first) }
        // Room again in the buffer, but the gap is still untold: a newer one joins the gap,
        // never jumps ahead of it.
        let extra = try await test.begin("emma")
        for _ in 1..<Gate.eventBuffer {
            guard let next = await reader.next() else { break }
            kept.append(next)
        }
        let kinds = kept.map { notification -> String in
            switch notification {
            case .challengeIssued: "issued"
            case .passed: "passed"
            case .sessionEnded: "ended"
            default: "\(notification)"
            }
        }
        let expected = (0..<cycles).flatMap { _ in ["issued", "passed", "ended"] }
        #expect(kinds == Array(expected.prefix(Gate.eventBuffer)), "the oldest kept, in order")
        // Bounded: a gap never told would leave the reader waiting for ever.
        #expect(await within(.seconds(60)) { await reader.next() } == .missed(count: cycles * 3 - Gate.eventBuffer + 1), "the gap told, right after what was kept, the extra one in it")
        _ = try await test.pass(extra)
        guard case .passed(let profile, _)?? = await within(.seconds(60), { await reader.next() }) else {
            Issue.record("what comes after the gap does not flow again")
            return
        }
        #expect(profile == "emma")
        try test.gate.close()
        #expect(await reader.next() == nil, "close() ends it")
    }

    @Test("close() ends every events() stream and the database: a later call fails with one line", arguments: Backend.allCases)
    func closeEndsStreams(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        try await gate.addProfile("emma")
        let stream = gate.events()
        let listening = Task {
            var seen: [GateNotification] = []
            for await notification in stream { seen.append(notification) }
            return seen
        }
        _ = try await backing.test.fail(try await backing.test.begin("emma"))
        try gate.close()
        let ended = await within(.seconds(60)) { await listening.value }
        #expect(ended?.isEmpty == false, "the stream carried the failure, then ended")
        let later = gate.events()
        let laterEnded = await within(.seconds(60)) {
            for await _ in later { return false }
            return true
        }
        #expect(laterEnded == true, "a stream asked for after close() ends at once")
        await #expect(throws: GateError.self) { try await gate.profiles() }
    }

    @Test("a client label with a tab or a line break (a header's value) begins and answers as usual, recorded cleaned", arguments: Backend.allCases)
    func cleanedClientLabel(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        guard case .challenge(let challenge) = try await test.gate.begin(profile: "emma", client: "tablet\tkitchen\n") else {
            Issue.record("no challenge")
            return
        }
        test.advance(by: .seconds(3))
        _ = try await test.gate.answer(challenge: challenge.id, value: try await test.rightAnswer(to: challenge), client: "\u{202E}phone")
        let clients = try await test.gate.auditEntries(AuditFilter(kinds: [.challengeIssued, .answerRecorded]), limit: 10).items.map(\.event.client)
        #expect(clients == ["tablet kitchen", "phone"])
    }

    @Test(
        "close() while reads and writes are under way: each completes or is refused as closed, the database closes after the last, nothing crashes",
        .hangGuard, arguments: Backend.allCases)
    func closeUnderLoad(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let gate = backing.gate
        for name in ["emma", "liam", "noah", "ava"] { try await gate.addProfile(name) }
        let names = ["emma", "liam", "noah", "ava"]
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let workers = (0..<8).map { (worker: Int) -> Task<[String], Never> in
            Task { () -> [String] in
                var failures: [String] = []
                for step in 0..<200 {
                    do {
                        let name = names[(worker + step) % names.count]
                        if step % 2 == 0 { _ = try await gate.begin(profile: name) } else { _ = try await gate.state(profile: name) }
                        if step == 1 { starting.yield() }
                    } catch {
                        failures.append("\(error)")
                        if failures.count > 3 { break }
                    }
                }
                return failures
            }
        }
        var running = 0
        for await _ in started {  // every worker has done two operations: the rest run as the gate closes
            running += 1
            if running == workers.count { break }
        }
        try gate.close()
        var failures: [String] = []
        for worker in workers { failures += await worker.value }
        #expect(failures.allSatisfy { $0 == "the gate is closed" }, "\(Set(failures))")
        #expect(!failures.isEmpty, "operations were still being asked for as the gate closed")
        await #expect(throws: GateError.database(DatabaseFailure(.closed, "the gate is closed"))) { try await gate.profiles() }
    }
}

/// One stream's iterator, read by one task at a time, so that a read can be bounded by
/// ``within(_:_:)``, which runs it in a task of its own.
private final class StreamReader<Element: Sendable>: @unchecked Sendable {
    private var iterator: AsyncStream<Element>.Iterator

    init(_ stream: AsyncStream<Element>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async -> Element? {
        await iterator.next()
    }
}
