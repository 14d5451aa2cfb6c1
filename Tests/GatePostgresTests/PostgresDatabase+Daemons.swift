import GateCore
import GatePostgres
import ParentalGate
import PostgresTesting

extension PostgresDatabase {
    /// `count` daemons' gates on the database, each with a store of its own, all reading
    /// `clock`; their questions drawn from `seed`, `seed + 1`, ….
    func daemons(_ count: Int, clock: ManualClock, seed: UInt64) async throws -> (gates: [Gate], stores: [PostgresStore]) {
        var gates: [Gate] = []
        var stores: [PostgresStore] = []
        for index in 0..<count {
            let store = try await store(clock: clock)
            stores.append(store)
            gates.append(Gate(storage: store, timeSource: .manual(clock), random: .seeded(seed + UInt64(index))))
        }
        return (gates, stores)
    }
}
