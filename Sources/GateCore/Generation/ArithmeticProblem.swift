import Foundation

/// An arithmetic question: its form, operands and answer (SPEC.md, "Challenges").
public struct ArithmeticProblem: Hashable, Sendable {
    /// The shape of the expression.
    public typealias Form = ArithmeticForm

    public var form: Form
    public var operands: [Int]
    public var answer: Int

    /// A random problem of `difficulty`: a form drawn by its weight, then an answer drawn
    /// uniformly among the form's answers (``ArithmeticSpace``), then operands that give it.
    ///
    /// - `easy`: a sum or product of two single-digit numbers above 10, or a difference or
    ///   quotient made by inverting one (a two-digit number above 10 and a digit, with a
    ///   single-digit whole result).
    /// - `standard`: a sum or difference of two numbers 10…99 (positive, below 200), or a
    ///   product of a digit and a two-digit number.
    /// - `hard`: a product of two two-digit numbers, or two operations.
    public static func random(_ difficulty: Difficulty, using random: RandomSource) -> ArithmeticProblem {
        let space = ArithmeticSpace.of(difficulty)
        while true {
            if let form = space.drawForm(using: random),
               let answer = random.element(of: space.answersByForm[form] ?? []),
               let problem = Self.random(form, answer: answer, difficulty: difficulty, using: random)
            {
                return problem
            }
        }
    }

    /// The form and operands, without the answer: what a client may see.
    public var arithmetic: ChallengeArithmetic? {
        ChallengeArithmetic(form: form, operands: operands)
    }

    /// The question in `strings`' language, numbers spelled out in words.
    public func prompt(in strings: GateStrings) -> String {
        let template = switch form {
        case .sum: strings.plus
        case .difference: strings.minus
        case .product: strings.times
        case .quotient: strings.dividedBy
        case .productPlus: strings.timesThenPlus
        case .productMinus: strings.timesThenMinus
        case .sumMinus: strings.plusThenMinus
        }
        var values: [String: String] = [:]
        for (key, operand) in zip(["a", "b", "c"], operands) {
            values[key] = NumberWords.spell(operand, language: strings.language)
        }
        return GateStrings.fill(strings.question, ["expression": GateStrings.fill(template, values)])
    }

    /// Every answer `difficulty` can produce.
    public static func answerSpace(_ difficulty: Difficulty) -> Set<Int> {
        Set(ArithmeticSpace.of(difficulty).answers)
    }
}
