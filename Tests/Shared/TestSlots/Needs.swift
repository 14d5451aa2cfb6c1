// Built only where Swift Testing is (see BoundedConcurrency.swift).
#if canImport(Testing)
import Foundation
import Testing

/// What a test needs from the machine (a program, root), and what happens without it.
///
/// Where it is present the test runs. Where it is missing, a developer's run skips the test
/// and names what it needs; a CI run (the environment variable `CI` set and not `0` or
/// `false`, as `.ci/run` sets it) fails it instead, so a CI that lost an install step does
/// not stay green with a test that never ran.
public struct Needs: SuiteTrait, TestTrait, TestScoping {
    /// What is needed and why, in words: "nginx (.ci/run installs it)".
    public let what: String
    private let isMet: @Sendable () -> Bool
    /// Whether this is CI's run (``isCI`` unless a test of this trait says).
    private let inCI: Bool?

    public init(_ what: String, if isMet: @escaping @Sendable () -> Bool, inCI: Bool? = nil) {
        self.what = what
        self.isMet = isMet
        self.inCI = inCI
    }

    public var isRecursive: Bool { true }

    public var comments: [Comment] { ["needs \(what)"] }

    /// Whether this run is CI's: every test must run.
    public static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite, !isMet() else { return try await function() }
        if inCI ?? Self.isCI {
            Issue.record("this test needs \(what), which this machine lacks; CI runs every test (CI is set)")
            return
        }
        try Test.cancel("skipped: needs \(what)")
    }
}

extension Trait where Self == Needs {
    /// The test runs only where `isMet` holds; it names `what` when skipped, and fails in CI.
    public static func needs(_ what: String, if isMet: @autoclosure @escaping @Sendable () -> Bool) -> Self {
        Needs(what, if: isMet)
    }

    /// The test runs only as root (CI runs as root).
    public static func needsRoot(_ why: String) -> Self {
        Needs("root: \(why)", if: { getuid() == 0 })
    }

    /// The test runs only where `path` is an executable program.
    public static func needsProgram(_ path: String, _ why: String) -> Self {
        Needs("\(path) (\(why))", if: { FileManager.default.isExecutableFile(atPath: path) })
    }
}
#endif
