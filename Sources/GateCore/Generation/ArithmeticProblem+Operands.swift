extension ArithmeticProblem {
    /// The forms `difficulty` asks (SPEC.md, "Challenges").
    public static func forms(_ difficulty: Difficulty) -> [Form] {
        switch difficulty {
        case .easy: [.sum, .product, .difference, .quotient]
        case .standard: [.sum, .difference, .product]
        case .hard: [.product, .productPlus, .productMinus, .sumMinus]
        }
    }

    /// A problem of `form` at `difficulty` whose answer is `answer`, its operands drawn
    /// uniformly among all that give it; `nil` when none does.
    static func random(_ form: Form, answer: Int, difficulty: Difficulty, using random: RandomSource) -> ArithmeticProblem? {
        let count = operands(form, answer: answer, difficulty: difficulty).count
        guard count > 0 else { return nil }
        let pick = random.int(in: 0...(count - 1))
        guard let operands = operands(form, answer: answer, difficulty: difficulty, pick: pick).operands else { return nil }
        return ArithmeticProblem(form: form, operands: operands, answer: answer)
    }

    /// Counts the operand lists of `form` at `difficulty` whose answer is `answer`, and
    /// makes the `pick`-th of them: the rules of each difficulty, solved for the answer.
    static func operands(_ form: Form, answer v: Int, difficulty: Difficulty, pick: Int? = nil) -> OperandSolutions {
        var solutions = OperandSolutions(pick: pick)
        switch (difficulty, form) {
        case (.easy, .sum) where v > 10:
            solutions.add(max(2, v - 9), min(9, v - 2)) { [$0, v - $0] }
        case (.easy, .product) where v > 10:
            for a in 2...9 where v % a == 0 && (2...9).contains(v / a) { solutions.add(a, a) { [$0, v / $0] } }
        case (.easy, .difference) where (2...9).contains(v):
            solutions.add(max(2, 11 - v), 9) { [v + $0, $0] }
        case (.easy, .quotient) where (2...9).contains(v):
            for b in 2...9 where v * b > 10 { solutions.add(b, b) { [v * $0, $0] } }
        case (.standard, .sum):
            solutions.add(max(10, v - 99), min(99, v - 10)) { [$0, v - $0] }
        case (.standard, .difference) where v >= 1:
            solutions.add(10, min(98, 99 - v)) { [v + $0, $0] }
        case (.standard, .product):
            for a in 2...9 where v % a == 0 && (10...99).contains(v / a) { solutions.add(a, a) { [$0, v / $0] } }
        case (.hard, .product) where v >= 121:
            for a in 11...99 where v % a == 0 && (11...99).contains(v / a) { solutions.add(a, a) { [$0, v / $0] } }
        case (.hard, .productPlus):
            for a in 2...9 {
                solutions.add(max(10, ceilingDivision(v - 99, a)), min(99, floorDivision(v - 10, a))) { [a, $0, v - a * $0] }
            }
        case (.hard, .productMinus) where v >= 1:
            for a in 2...9 {
                solutions.add(max(12, ceilingDivision(v + 10, a)), min(99, floorDivision(v + 99, a))) { [a, $0, a * $0 - v] }
            }
        case (.hard, .sumMinus) where v >= 1:
            for sum in stride(from: max(20, v + 10), through: min(198, v + 99), by: 1) {
                solutions.add(max(10, sum - 99), min(99, sum - 10)) { [$0, sum - $0, sum - v] }
            }
        default:
            break
        }
        return solutions
    }

    private static func floorDivision(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func ceilingDivision(_ a: Int, _ b: Int) -> Int {
        -floorDivision(-a, b)
    }
}
