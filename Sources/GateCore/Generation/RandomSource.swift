import Foundation

/// Where challenges get their randomness: the system's secure generator in production,
/// a seeded one in tests so that a run can be repeated.
public struct RandomSource: Sendable {
    private let box: GeneratorBox

    /// A source drawing from `generator`.
    public init(_ generator: some RandomNumberGenerator & Sendable) {
        box = GeneratorBox(generator)
    }

    /// The operating system's cryptographically secure generator.
    public static var secure: RandomSource { RandomSource(SystemRandomNumberGenerator()) }

    /// A repeatable generator (SplitMix64) for tests.
    public static func seeded(_ seed: UInt64) -> RandomSource { RandomSource(SplitMix64(seed: seed)) }

    /// A uniformly random integer in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        box.draw { Int.random(in: range, using: &$0) }
    }

    /// `items` in a uniformly random order.
    public func shuffled<T>(_ items: [T]) -> [T] {
        // The order is drawn for the positions (the same swaps `items.shuffled` would make),
        // so that only integers cross the generator's lock.
        let count = items.count
        return box.draw { Array(0..<count).shuffled(using: &$0) }.map { items[$0] }
    }

    /// A uniformly random element of `items`, `nil` when empty.
    public func element<T>(of items: [T]) -> T? {
        items.isEmpty ? nil : items[int(in: 0...(items.count - 1))]
    }

    /// A uniformly random value in `0..<1`.
    public func unit() -> Double {
        box.draw { Double.random(in: 0..<1, using: &$0) }
    }
}
