extension GateStore: GateStorage {
    package typealias Transaction = StoreTransaction

    package var sqlite: GateStore? { self }

    package var description: String { location.description }

    /// Calls `handler` after every write of this store that queued notifications has committed.
    package func onNotificationsQueued(_ handler: @escaping @Sendable () -> Void) {
        bell.observe(handler)
    }
}
