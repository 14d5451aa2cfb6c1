import Dispatch
import Foundation
@testable import GateCommands
import Testing
import TestSlots

/// `gatectl` runs its command on its own thread, without Swift's thread pool.
@Suite("Running a command on the calling thread", .boundedConcurrency)
struct CallingThreadExecutorTests {
    @Test("every job of the operation runs on the calling thread, one that comes back from another thread too")
    func staysOnTheCallingThread() {
        let caller = pthread_self()
        let threads = CallingThreadExecutor.run { () async -> [pthread_t] in
            var seen = [pthread_self()]
            // Resumed from a Dispatch thread, as a GRDB write that waited its turn is.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { continuation.resume() }
            }
            seen.append(pthread_self())
            seen.append(await Self.elsewhere())
            await Task.yield()
            seen.append(pthread_self())
            return seen
        }
        #expect(threads.count == 4)
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    @Test("the operation's value comes back, after the calling thread waited with nothing to run")
    func returnsTheValue() {
        let value = CallingThreadExecutor.run { () async -> Int in
            // Resumed from another thread, while this one has nothing to run and waits.
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                Thread.detachNewThread { continuation.resume(returning: 42) }
            }
        }
        #expect(value == 42)
    }

    @Test("no module gatectl runs asks for the main actor or the main queue, which its main thread never serves")
    func nothingNeedsTheMainThread() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var checked = 0
        for module in ["gatectl", "GateCommands", "GateProgram", "GateJSON", "ParentalGate", "GateStore", "GateCore"] {
            let folder = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                for needle in ["@MainActor", "MainActor.run", "DispatchQueue.main", "RunLoop.main", "MainActor.assumeIsolated"] {
                    #expect(!text.contains(needle), "\(module)/\(file) uses \(needle)")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// A nonisolated async function: left to the global executor, it would run on a pool thread.
    private static func elsewhere() async -> pthread_t {
        pthread_self()
    }
}
