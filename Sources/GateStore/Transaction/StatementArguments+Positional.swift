import GRDB

extension StatementArguments {
    /// The arguments `values`, in order, read without a heap allocation each.
    ///
    /// GRDB's `init(_:)` maps a generic sequence it cannot specialize; over an `Array` each
    /// element is read through the array's accessor coroutine, whose frame is a `malloc`
    /// (140 of a gate cycle's 850, BENCHMARKS.md §8). A buffer's iterator is a plain call.
    init(positional values: [(any DatabaseValueConvertible)?]) {
        self = values.withUnsafeBufferPointer { StatementArguments($0) }
    }
}
