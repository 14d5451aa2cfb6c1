/// A step a child takes before the question may be answered: none, pressing and holding
/// (`hold`), or holding two moving targets at once (`twoTargets`, MKParentalGate's gate).
public enum StepKind: String, CaseIterable, Codable, Sendable {
    case none
    case hold
    case twoTargets
}
