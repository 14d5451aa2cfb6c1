/// The shape of an arithmetic question: `sum` is a + b, `productPlus` a × b + c, ….
public enum ArithmeticForm: String, CaseIterable, Hashable, Sendable, Codable {
    case sum, difference, product, quotient
    /// a × b + c, a × b − c, a + b − c.
    case productPlus, productMinus, sumMinus

    /// How many numbers an expression of this form has.
    public var operandCount: Int {
        switch self {
        case .sum, .difference, .product, .quotient: 2
        case .productPlus, .productMinus, .sumMinus: 3
        }
    }
}
