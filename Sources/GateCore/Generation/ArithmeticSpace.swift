/// Every answer one difficulty's arithmetic can have, by form, and how often each form is
/// asked: what the generator draws from and what guess resistance counts.
///
/// The generator draws a form by its weight, then an answer uniformly among the form's
/// answers. A child who reads the operation word ("plus", "times") but cannot work out the
/// sum does best by giving that form's answers, and passes one challenge in
/// Σ weight / answers. Forms with few answers (a difference of two-digit numbers has 89)
/// would make that large, so they are asked rarely: the weights keep the default policy's
/// best guess at 0.25% per challenge (README, "The rules, precisely").
struct ArithmeticSpace: Sendable {
    /// The forms the difficulty asks, with their weights (shares of all challenges, summing to 1).
    let forms: [(form: ArithmeticProblem.Form, weight: Double)]
    /// Each form's answers, ascending.
    let answersByForm: [ArithmeticProblem.Form: [Int]]
    /// Each form's answers split by their number of digits, each list ascending.
    let digitClassesByForm: [ArithmeticProblem.Form: [[Int]]]
    /// Every answer of any form, ascending.
    let answers: [Int]
    /// The option groups of each form for 2…8 options.
    private let groupsByCount: [Int: [ArithmeticProblem.Form: [[Int]]]]

    private init(_ difficulty: Difficulty) {
        // The largest answer each difficulty's rules allow: 9 × 9, 9 × 99 and 99 × 99.
        let largest = switch difficulty {
        case .easy: 81
        case .standard: 891
        case .hard: 9801
        }
        var answersByForm: [ArithmeticProblem.Form: [Int]] = [:]
        for form in ArithmeticProblem.forms(difficulty) {
            answersByForm[form] = (1...largest).filter {
                ArithmeticProblem.operands(form, answer: $0, difficulty: difficulty).count > 0
            }
        }
        self.answersByForm = answersByForm
        digitClassesByForm = answersByForm.mapValues { answers in
            Dictionary(grouping: answers) { String($0.magnitude).count }.sorted { $0.key < $1.key }.map(\.value)
        }
        answers = Set(answersByForm.values.joined()).sorted()
        let classes = digitClassesByForm
        groupsByCount = Dictionary(uniqueKeysWithValues: (2...8).map { count in
            (count, classes.mapValues { OptionGroups.partition($0, size: count) })
        })
        let shares = Self.shares(difficulty, answers: answersByForm)
        let total = shares.reduce(0) { $0 + $1.1 }
        forms = shares.map { ($0.0, $0.1 / total) }
    }

    /// Each form's share before normalising: `easy` mostly products (26 answers against 8 for
    /// the others), `standard` almost only products (412 answers, against 179 sums and 89
    /// differences), `hard` in proportion to the answers each form has.
    private static func shares(
        _ difficulty: Difficulty, answers: [ArithmeticProblem.Form: [Int]]
    ) -> [(ArithmeticProblem.Form, Double)] {
        switch difficulty {
        case .easy: [(.sum, 1), (.product, 7), (.difference, 1), (.quotient, 1)]
        case .standard: [(.sum, 9), (.difference, 5), (.product, 986)]
        case .hard: ArithmeticProblem.forms(.hard).map { ($0, Double(answers[$0]?.count ?? 0)) }
        }
    }

    /// The space of `difficulty`, computed once.
    static func of(_ difficulty: Difficulty) -> ArithmeticSpace {
        switch difficulty {
        case .easy: easy
        case .standard: standard
        case .hard: hard
        }
    }

    private static let easy = ArithmeticSpace(.easy)
    private static let standard = ArithmeticSpace(.standard)
    private static let hard = ArithmeticSpace(.hard)

    /// The probability of `answer` under the `entry` generator.
    func probability(of answer: Int) -> Double {
        forms.reduce(0) { total, entry in
            let answers = answersByForm[entry.form] ?? []
            return answers.contains(sorted: answer) ? total + entry.weight / Double(answers.count) : total
        }
    }

    /// The chance that a guesser who reads the operation word passes with `tries` different
    /// answers of that form: Σ weight × min(tries, answers) / answers.
    func bestGuess(tries: Int) -> Double {
        forms.reduce(0) { total, entry in
            let count = answersByForm[entry.form]?.count ?? 0
            return count == 0 ? total : total + entry.weight * Double(min(tries, count)) / Double(count)
        }
    }

    /// A form drawn by weight among those `allowed`.
    func drawForm(using random: RandomSource, allowed: (ArithmeticProblem.Form) -> Bool = { _ in true }) -> ArithmeticProblem.Form? {
        let candidates = forms.filter { allowed($0.form) }
        let total = candidates.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var pick = random.unit() * total
        for candidate in candidates {
            if pick < candidate.weight { return candidate.form }
            pick -= candidate.weight
        }
        return candidates.last?.form
    }

    /// The option groups of `form` for `count` options (``OptionGroups``).
    func groups(of form: ArithmeticProblem.Form, count: Int) -> [[Int]] {
        groupsByCount[count]?[form] ?? OptionGroups.partition(digitClassesByForm[form] ?? [], size: count)
    }
}
