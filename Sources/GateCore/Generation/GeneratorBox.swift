import Foundation
import Synchronization

/// A generator behind a lock, so a `RandomSource` can be shared between tasks.
final class GeneratorBox: Sendable {
    private let generator: Mutex<AnyGenerator>

    init(_ generator: some RandomNumberGenerator & Sendable) {
        self.generator = Mutex(AnyGenerator(generator))
    }

    func draw<T: Sendable>(_ body: (inout AnyGenerator) -> T) -> T {
        generator.withLock { body(&$0) }
    }
}
