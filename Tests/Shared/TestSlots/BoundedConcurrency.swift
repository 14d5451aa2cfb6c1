// Built only where Swift Testing is: a release build of every target with a static standard
// library (`swift build -c release --static-swift-stdlib`, no --product) builds this one too,
// and a static standard library comes without Swift Testing.
#if canImport(Testing)
import Foundation
import Testing

/// Runs a test case only while fewer than ``Slots/width`` other marked cases are running.
///
/// Swift Testing starts every test at once. With a hundred in flight, each holding a
/// database, pipes and sockets, the test process passed 1,350 open descriptors, and there
/// Foundation's `Process.run()` on Linux reads 256 bytes past a `/proc/self/fd` entry at the
/// end of glibc's directory buffer and crashes (swift-corelibs-foundation#5472; CI died of it
/// with SIGSEGV in `Process.run` while 1,360 descriptors were open). Every suite carries this
/// trait (but `EmbeddingTests`, the README's embedder example, in memory), so the process
/// stays far below that (about 300 at most, measured), and a case that ends with more than
/// ``Slots/descriptorAlarm`` open is reported rather than left to crash a later spawn.
public struct BoundedConcurrency: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite, !Slots.held else { return try await function() }
        await Slots.shared.acquire()
        do {
            // Off the cooperative pool (``TestExecutor``): a test that blocks holds up only itself.
            try await withTaskExecutorPreference(TestExecutor.shared) {
                try await Slots.$held.withValue(true) { try await function() }
            }
        } catch {
            await Slots.shared.release()
            throw error
        }
        await Slots.shared.release()
        let open = Slots.openDescriptors()
        if open > Slots.descriptorAlarm {
            Issue.record("the test process holds \(open) open descriptors; Process.run() crashes near 1,350 (swift-corelibs-foundation#5472)")
        }
    }
}

extension Trait where Self == BoundedConcurrency {
    /// At most ``Slots/width`` test cases of all marked suites at once.
    public static var boundedConcurrency: Self { Self() }
}
#endif
