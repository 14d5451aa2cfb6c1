/// Turns a policy's settings into a question: generated arithmetic or a stored question,
/// worded in the profile's language, with choices when the format asks for them.
public struct QuestionGenerator: Sendable {
    private let random: RandomSource

    public init(random: RandomSource = .secure) {
        self.random = random
    }

    /// An arithmetic question of `difficulty` in `strings`' language.
    ///
    /// For `entry` the answer is drawn uniformly from every answer the difficulty can give.
    /// For `choice` the form is drawn first, then `choiceCount` options from that form's
    /// answers (``OptionShape``), then the answer uniformly among the options, then operands
    /// that give it: the options and the form say nothing about which option is right.
    public func arithmetic(
        _ difficulty: Difficulty, format: AnswerFormat, choiceCount: Int, strings: GateStrings, locale: LocaleTag
    ) -> PreparedQuestion {
        let problem: ArithmeticProblem
        var choices: [Int]?
        switch format {
        case .entry:
            problem = ArithmeticProblem.random(difficulty, using: random)
        case .choice:
            (problem, choices) = choiceProblem(difficulty, count: choiceCount)
        }
        return PreparedQuestion(
            prompt: problem.prompt(in: strings), locale: locale, answer: problem.answer, choices: choices, origin: .arithmetic)
    }

    /// One of `questions`, picked uniformly, in `locale`; `nil` when there are none.
    ///
    /// For the `choice` format a question's own choices are shuffled; one without choices
    /// gets `choiceCount` options around its answer, the answer at a uniformly drawn rank.
    public func stored(
        from questions: [StoredQuestion], format: AnswerFormat, choiceCount: Int, locale: LocaleTag
    ) -> PreparedQuestion? {
        guard let stored = random.element(of: questions) else { return nil }
        let question = stored.question
        var choices: [Int]?
        if format == .choice {
            choices = random.shuffled(question.choices ?? OptionShape.around(question.answer, count: choiceCount, using: random))
        }
        return PreparedQuestion(
            prompt: question.prompt, locale: locale, answer: question.answer, choices: choices,
            origin: .question(id: stored.id))
    }

    /// Whether a `mixed` source takes arithmetic (rather than a stored question) this time.
    public func mixedPicksArithmetic() -> Bool {
        random.int(in: 0...1) == 0
    }

    /// A problem of `difficulty` and `count` options for it, in random order.
    func choiceProblem(_ difficulty: Difficulty, count: Int) -> (problem: ArithmeticProblem, options: [Int]) {
        let space = ArithmeticSpace.of(difficulty)
        let forms = space.forms.filter { (space.answersByForm[$0]?.count ?? 0) >= count }
        while true {
            guard let form = random.element(of: forms), let classes = space.digitClassesByForm[form] else { break }
            let options = OptionShape.window(in: classes, count: count, using: random)
            guard options.count == count, let answer = random.element(of: options),
                  let problem = ArithmeticProblem.random(form, answer: answer, difficulty: difficulty, using: random)
            else { continue }
            return (problem, random.shuffled(options))
        }
        // Not reached: every difficulty has a form with at least 8 answers (choiceCount ≤ 8).
        let problem = ArithmeticProblem.random(difficulty, using: random)
        return (problem, random.shuffled(OptionShape.around(problem.answer, count: count, using: random)))
    }
}
