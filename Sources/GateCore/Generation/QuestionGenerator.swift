/// Turns a policy's settings into a question: generated arithmetic or a stored question,
/// worded in the profile's language, with choices when the format asks for them.
public struct QuestionGenerator: Sendable {
    private let random: RandomSource

    public init(random: RandomSource = .secure) {
        self.random = random
    }

    /// An arithmetic question of `difficulty` in `strings`' language.
    public func arithmetic(
        _ difficulty: Difficulty, format: AnswerFormat, choiceCount: Int, strings: GateStrings, locale: LocaleTag
    ) -> PreparedQuestion {
        switch format {
        case .entry:
            let problem = ArithmeticProblem.random(difficulty, using: random)
            return PreparedQuestion(
                prompt: problem.prompt(in: strings), locale: locale, answer: problem.answer, choices: nil, origin: .arithmetic)
        case .choice:
            let below = random.int(in: 0...(choiceCount - 1))
            var problem = ArithmeticProblem.random(difficulty, using: random)
            var choices = Distractors.choices(
                answer: problem.answer, count: choiceCount, below: below, slips: problem.slips, using: random)
            while choices == nil {
                problem = ArithmeticProblem.random(difficulty, using: random)
                choices = Distractors.choices(
                    answer: problem.answer, count: choiceCount, below: below, slips: problem.slips, using: random)
            }
            return PreparedQuestion(
                prompt: problem.prompt(in: strings), locale: locale, answer: problem.answer, choices: choices,
                origin: .arithmetic)
        }
    }

    /// One of `questions`, picked uniformly, in `locale`; `nil` when there are none.
    ///
    /// For the `choice` format a question's own choices are shuffled; one without choices
    /// gets numeric distractors around its answer.
    public func stored(
        from questions: [StoredQuestion], format: AnswerFormat, choiceCount: Int, locale: LocaleTag
    ) -> PreparedQuestion? {
        guard let stored = random.element(of: questions) else { return nil }
        let question = stored.question
        var choices: [Int]?
        if format == .choice {
            if let own = question.choices {
                choices = random.shuffled(own)
            } else {
                let below = random.int(in: 0...(choiceCount - 1))
                choices = Distractors.choices(
                    answer: question.answer, count: choiceCount, below: below, slips: [], using: random)
                    ?? Distractors.around(question.answer, count: choiceCount, below: below, using: random)
            }
        }
        return PreparedQuestion(
            prompt: question.prompt, locale: locale, answer: question.answer, choices: choices,
            origin: .question(id: stored.id))
    }

    /// Whether a `mixed` source takes arithmetic (rather than a stored question) this time.
    public func mixedPicksArithmetic() -> Bool {
        random.int(in: 0...1) == 0
    }
}
