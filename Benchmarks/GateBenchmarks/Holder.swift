import Foundation

/// What a benchmark's setup made, handed to its measured closure.
final class Holder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) {
        lock.withLock { stored = value }
    }

    func clear() {
        lock.withLock { stored = nil }
    }

    func value() throws -> Value {
        guard let value = lock.withLock({ stored }) else { throw BenchError("setup did not run") }
        return value
    }
}
