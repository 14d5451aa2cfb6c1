import GateStore
import Synchronization

/// Database failures a test has asked a gate to have (``ParentalGateTesting``'s `TestGate`):
/// each is the store's own error (the gate's, for a closed one), so it reaches the caller
/// exactly as a real one would.
final class FaultSwitch: Sendable {
    private let state = Mutex(State())

    private struct State: Sendable {
        var kind: DatabaseFailure.Kind?
        /// How many more operations fail; `nil`: all, until cleared.
        var remaining: Int?
    }

    /// Fails the next `times` operations it applies to (all, with `nil`) as `kind`.
    func arm(_ kind: DatabaseFailure.Kind, times: Int?) {
        state.withLock { $0 = State(kind: kind, remaining: times.map { max($0, 0) }) }
    }

    /// No more failures.
    func clear() {
        state.withLock { $0 = State() }
    }

    /// The failure an operation meets now on `database`, if one is armed for it: a write
    /// meets every kind, a read only those that stop reads too (not busy, read-only, full).
    func failure(writing: Bool, on database: @autoclosure () -> String) -> (any Error)? {
        state.withLock { state -> (any Error)? in
            guard let kind = state.kind, writing || Self.stopsReads(kind) else { return nil }
            if let remaining = state.remaining {
                guard remaining > 0 else { return nil }
                state.remaining = remaining - 1
            }
            return Self.error(kind, on: database())
        }
    }

    private static func stopsReads(_ kind: DatabaseFailure.Kind) -> Bool {
        switch kind {
        case .busy, .readOnly, .diskFull: false
        case .unreachable, .damaged, .newerSchema, .notOurs, .closed, .other: true
        }
    }

    /// The store's error for `kind`, as the real failure reports it.
    private static func error(_ kind: DatabaseFailure.Kind, on database: String) -> any Error {
        switch kind {
        case .busy: StoreError.busy(path: database)
        case .unreachable: StoreError.postgres(code: "08006", message: "connection failure (injected by a test)")
        case .readOnly: StoreError.readOnly(path: database)
        case .diskFull: StoreError.diskFull(path: database)
        case .damaged: StoreError.corrupt(path: database, detail: "injected by a test")
        case .newerSchema: StoreError.newerSchema(path: database, found: Int.max, supported: 0)
        case .notOurs: StoreError.notOurs(path: database)
        case .closed: GateError.database(DatabaseFailure(.closed, "the gate is closed (injected by a test)"))
        case .other: StoreError.sqlite(code: 1, message: "injected by a test")
        }
    }
}
