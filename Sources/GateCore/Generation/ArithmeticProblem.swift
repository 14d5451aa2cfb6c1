import Foundation

/// An arithmetic question: its form, operands and answer (SPEC.md, "Challenges").
public struct ArithmeticProblem: Hashable, Sendable {
    /// The shape of the expression.
    public enum Form: String, CaseIterable, Sendable {
        case sum, difference, product, quotient
        /// a × b + c, a × b − c, a + b − c.
        case productPlus, productMinus, sumMinus
    }

    public var form: Form
    public var operands: [Int]
    public var answer: Int

    /// A random problem of `difficulty`:
    ///
    /// - `easy`: a sum or product of two single-digit numbers above 10, or a difference or
    ///   quotient made by inverting one (a two-digit number above 10 and a digit, with a
    ///   single-digit whole result).
    /// - `standard`: a sum or difference of two numbers 10…99 (positive, below 200), or a
    ///   product of a digit and a two-digit number.
    /// - `hard`: a product of two two-digit numbers, or two operations.
    public static func random(_ difficulty: Difficulty, using random: RandomSource) -> ArithmeticProblem {
        switch difficulty {
        case .easy:
            switch random.int(in: 0...3) {
            case 0:
                let (a, b) = pair(random, 2...9, 2...9) { $0 + $1 > 10 }
                return ArithmeticProblem(form: .sum, operands: [a, b], answer: a + b)
            case 1:
                let (a, b) = pair(random, 2...9, 2...9) { $0 * $1 > 10 }
                return ArithmeticProblem(form: .product, operands: [a, b], answer: a * b)
            case 2:
                let (a, b) = pair(random, 2...9, 2...9) { $0 + $1 > 10 }
                return ArithmeticProblem(form: .difference, operands: [a + b, b], answer: a)
            default:
                let (a, b) = pair(random, 2...9, 2...9) { $0 * $1 > 10 }
                return ArithmeticProblem(form: .quotient, operands: [a * b, b], answer: a)
            }
        case .standard:
            switch random.int(in: 0...2) {
            case 0:
                let (a, b) = pair(random, 10...99, 10...99) { _, _ in true }
                return ArithmeticProblem(form: .sum, operands: [a, b], answer: a + b)
            case 1:
                let (a, b) = pair(random, 11...99, 10...98) { $0 > $1 }
                return ArithmeticProblem(form: .difference, operands: [a, b], answer: a - b)
            default:
                let (a, b) = pair(random, 2...9, 10...99) { _, _ in true }
                return ArithmeticProblem(form: .product, operands: [a, b], answer: a * b)
            }
        case .hard:
            switch random.int(in: 0...3) {
            case 0:
                let (a, b) = pair(random, 11...99, 11...99) { _, _ in true }
                return ArithmeticProblem(form: .product, operands: [a, b], answer: a * b)
            case 1:
                let (a, b) = pair(random, 2...9, 10...99) { _, _ in true }
                let c = random.int(in: 10...99)
                return ArithmeticProblem(form: .productPlus, operands: [a, b, c], answer: a * b + c)
            case 2:
                let (a, b) = pair(random, 2...9, 12...99) { _, _ in true }
                let c = random.int(in: 10...min(99, a * b - 1))
                return ArithmeticProblem(form: .productMinus, operands: [a, b, c], answer: a * b - c)
            default:
                let (a, b) = pair(random, 10...99, 10...99) { _, _ in true }
                let c = random.int(in: 10...min(99, a + b - 1))
                return ArithmeticProblem(form: .sumMinus, operands: [a, b, c], answer: a + b - c)
            }
        }
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

    /// Answers of a slipped operation: what a hurried reader might compute instead.
    public var slips: [Int] {
        let a = operands[0], b = operands[1]
        switch form {
        case .sum: return [a * b, a - b, a + b + 10, a + b - 10]
        case .difference: return [a + b, b - a, a - b + 10, a - b - 10]
        case .product: return [a + b, a * (b + 1), a * (b - 1), (a + 1) * b, (a - 1) * b]
        case .quotient: return [a - b, a * b, answer + 1, answer - 1]
        case .productPlus: return [a * b - operands[2], a * (b + operands[2]), a * b, a * b + operands[2] + 10]
        case .productMinus: return [a * b + operands[2], a * b, a * (b - operands[2]), a * b - operands[2] - 10]
        case .sumMinus: return [a + b + operands[2], a - b - operands[2], a + b - operands[2] + 10]
        }
    }

    /// Every answer `difficulty` can produce (for guess resistance).
    public static func answerSpace(_ difficulty: Difficulty) -> Set<Int> {
        switch difficulty {
        case .easy: easyAnswers
        case .standard: standardAnswers
        case .hard: hardAnswers
        }
    }

    private static let easyAnswers: Set<Int> = {
        var answers = Set<Int>()
        for a in 2...9 {
            for b in 2...9 {
                if a + b > 10 { answers.formUnion([a + b, a]) }
                if a * b > 10 { answers.formUnion([a * b, a]) }
            }
        }
        return answers
    }()

    private static let standardAnswers: Set<Int> = {
        var answers = Set<Int>(1...89).union(20...198)
        for a in 2...9 {
            for b in 10...99 { answers.insert(a * b) }
        }
        return answers
    }()

    private static let hardAnswers: Set<Int> = {
        var answers = Set<Int>(1...188)
        for a in 11...99 {
            for b in 11...99 { answers.insert(a * b) }
        }
        for a in 2...9 {
            for b in 10...99 {
                answers.formUnion((a * b + 10)...(a * b + 99))
                if a * b > 10 { answers.formUnion(max(1, a * b - 99)...(a * b - 10)) }
            }
        }
        return answers
    }()

    /// Two random numbers from `first` and `second` that satisfy `accept`.
    private static func pair(
        _ random: RandomSource, _ first: ClosedRange<Int>, _ second: ClosedRange<Int>, accept: (Int, Int) -> Bool
    ) -> (Int, Int) {
        while true {
            let a = random.int(in: first), b = random.int(in: second)
            if accept(a, b) { return (a, b) }
        }
    }
}
