/// The arithmetic of a challenge, for an app that puts the question in its own words: its
/// form and operands, never its answer.
///
/// Render it as the gate does, in the locale's words with the numbers spelled out (SPEC.md,
/// "Challenges": every string a child sees comes from the locale), not as digits and symbols,
/// which a photo-solving app reads at a glance.
public struct ChallengeArithmetic: Hashable, Sendable {
    /// The shape of the expression.
    public typealias Form = ArithmeticForm

    public private(set) var form: Form
    /// Two numbers, or three for the forms of two operations, in the order they are read.
    public private(set) var operands: [Int]

    /// `nil` unless `operands` has the count `form` takes.
    public init?(form: Form, operands: [Int]) {
        guard operands.count == form.operandCount else { return nil }
        self.form = form
        self.operands = operands
    }

    /// The form and operands as the store keeps them: `productPlus 7 8 3`.
    package var storedText: String {
        ([form.rawValue] + operands.map(String.init)).joined(separator: " ")
    }

    /// The value of ``storedText``; `nil` for any other text.
    package init?(storedText text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard let first = words.first, let form = Form(rawValue: String(first)) else { return nil }
        let operands = words.dropFirst().compactMap { Int($0) }
        guard operands.count == words.count - 1 else { return nil }
        self.init(form: form, operands: operands)
    }
}
