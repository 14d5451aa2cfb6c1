import Foundation

/// The result of applying one event: the new snapshot, the writes to make, the answer.
public struct GateTransition<Outcome: Sendable>: Sendable {
    /// The gate after the event (its counters are saved last).
    public var snapshot: GateSnapshot
    /// The writes, in order.
    public var effects: [GateEffect]
    /// What the gate answers to the event.
    public var outcome: Outcome
    /// The time the rules used: the clock's reading, or the latest time seen if the clock went back.
    public var time: Date

    public init(snapshot: GateSnapshot, effects: [GateEffect], outcome: Outcome, time: Date) {
        self.snapshot = snapshot
        self.effects = effects
        self.outcome = outcome
        self.time = time
    }
}

extension GateTransition: Equatable where Outcome: Equatable {}
extension GateTransition: Hashable where Outcome: Hashable {}
