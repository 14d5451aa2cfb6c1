import Foundation
import Synchronization
import Testing
import TestSlots

/// The trait that keeps CI from passing with tests that never ran (`Tests/Shared/TestSlots/Needs.swift`).
@Suite("Needs: a test that needs what CI lacks fails there", .boundedConcurrency)
struct NeedsTraitTests {
    final class Ran: Sendable {
        let flag = Mutex(false)
    }

    @Test("in CI, a test whose need is missing is failed with what it needs, and its body does not run")
    func missingInCI() async throws {
        let ran = Ran()
        let test = try #require(Test.current)
        try await withKnownIssue("the missing need is an issue in CI") {
            try await Needs("a unicorn (.ci/run installs it)", if: { false }, inCI: true)
                .provideScope(for: test, testCase: Test.Case.current) { ran.flag.withLock { $0 = true } }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("needs a unicorn (.ci/run installs it), which this machine lacks") }
        }
        #expect(!ran.flag.withLock { $0 })
    }

    @Test("where the need is met, the test runs, in CI or not")
    func met() async throws {
        let test = try #require(Test.current)
        for inCI in [true, false] {
            let ran = Ran()
            try await Needs("sh", if: { true }, inCI: inCI).provideScope(for: test, testCase: Test.Case.current) { ran.flag.withLock { $0 = true } }
            #expect(ran.flag.withLock { $0 }, "inCI: \(inCI)")
        }
    }

    @Test("CI is read from the environment: set and not 0 or false")
    func readsCI() {
        #expect(Needs.isCI == !["", "0", "false", "no"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""))
    }
}
