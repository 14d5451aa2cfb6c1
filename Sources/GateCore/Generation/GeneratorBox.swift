import Foundation

/// A generator behind a lock, so a `RandomSource` can be shared between tasks.
final class GeneratorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var generator: AnyGenerator

    init(_ generator: some RandomNumberGenerator) {
        self.generator = AnyGenerator(generator)
    }

    func draw<T>(_ body: (inout AnyGenerator) -> T) -> T {
        lock.withLock { body(&generator) }
    }
}
