/// Every answer one difficulty's arithmetic can have, by form: what the generator draws
/// from and what guess resistance counts.
struct ArithmeticSpace: Sendable {
    /// The forms the difficulty asks.
    let forms: [ArithmeticProblem.Form]
    /// Each form's answers, ascending.
    let answersByForm: [ArithmeticProblem.Form: [Int]]
    /// Each form's answers split by their number of digits, each list ascending.
    let digitClassesByForm: [ArithmeticProblem.Form: [[Int]]]
    /// Every answer of any form, ascending.
    let answers: [Int]

    private init(_ difficulty: Difficulty) {
        // The largest answer each difficulty's rules allow: 9 × 9, 9 × 99 and 99 × 99.
        let largest = switch difficulty {
        case .easy: 81
        case .standard: 891
        case .hard: 9801
        }
        forms = ArithmeticProblem.forms(difficulty)
        var answersByForm: [ArithmeticProblem.Form: [Int]] = [:]
        for form in forms {
            answersByForm[form] = (1...largest).filter {
                ArithmeticProblem.operands(form, answer: $0, difficulty: difficulty).count > 0
            }
        }
        self.answersByForm = answersByForm
        digitClassesByForm = answersByForm.mapValues { answers in
            Dictionary(grouping: answers) { String($0.magnitude).count }.sorted { $0.key < $1.key }.map(\.value)
        }
        answers = Set(answersByForm.values.joined()).sorted()
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

    /// The probability of each answer of the `entry` generator, most likely first: it draws
    /// an answer uniformly from `answers`.
    var entryOdds: [(answer: Int, probability: Double)] {
        answers.map { ($0, 1 / Double(answers.count)) }
    }

    /// The forms that can have `answer`.
    func forms(giving answer: Int) -> [ArithmeticProblem.Form] {
        forms.filter { answersByForm[$0]?.contains(sorted: answer) == true }
    }
}
