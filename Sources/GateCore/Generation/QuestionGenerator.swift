/// Turns a policy's settings into a question: generated arithmetic or a stored question,
/// worded in the profile's language, with choices when the format asks for them.
public struct QuestionGenerator: Sendable {
    private let random: RandomSource

    public init(random: RandomSource = .secure) {
        self.random = random
    }

    /// An arithmetic question of `difficulty` in `strings`' language.
    ///
    /// The form is drawn by its weight, then the answer uniformly among the form's answers
    /// (``ArithmeticSpace``), then operands that give it. For `choice` the options are the
    /// answer's group (``OptionGroups``), in random order: the options and the form say nothing
    /// about which option is right, and the same question always shows the same options.
    public func arithmetic(
        _ difficulty: Difficulty, format: AnswerFormat, choiceCount: Int, strings: GateStrings, locale: LocaleTag
    ) -> PreparedQuestion {
        let problem: ArithmeticProblem
        var choices: [Int]?
        switch format {
        case .entry:
            problem = ArithmeticProblem.random(difficulty, using: random)
        case .choice, .drag:
            (problem, choices) = choiceProblem(difficulty, count: choiceCount)
        }
        return PreparedQuestion(
            prompt: problem.prompt(in: strings), locale: locale, answer: problem.answer, choices: choices, origin: .arithmetic,
            arithmetic: problem.arithmetic)
    }

    /// One of `questions`, picked uniformly, in `locale`; `nil` when there are none.
    ///
    /// For the `choice` format a question's own choices are shuffled; one without choices
    /// gets its answer's group of `choiceCount` options (``OptionGroups/stored(answer:count:)``).
    public func stored(
        from questions: [StoredQuestion], format: AnswerFormat, choiceCount: Int, locale: LocaleTag
    ) -> PreparedQuestion? {
        guard let stored = random.element(of: questions) else { return nil }
        let question = stored.question
        var choices: [Int]?
        if format != .entry {
            choices = random.shuffled(question.choices ?? OptionGroups.stored(answer: question.answer, count: choiceCount))
        }
        return PreparedQuestion(
            prompt: question.prompt, locale: locale, answer: question.answer, choices: choices,
            origin: .question(id: stored.id))
    }

    /// The moving balls of a `drag` challenge of `count` options, by `policy`'s sizes and speeds.
    public func motion(count: Int, policy: Policy) -> DragMotion {
        DragMotion.random(count: count, policy: policy, using: random)
    }

    /// MKParentalGate's two targets, at a random phase.
    public func targets(policy: Policy) -> TargetMotion {
        TargetMotion.random(policy: policy, using: random)
    }

    /// Whether a `mixed` source takes arithmetic (rather than a stored question) this time.
    public func mixedPicksArithmetic() -> Bool {
        random.int(in: 0...1) == 0
    }

    /// A problem of `difficulty` and `count` options for it, in random order.
    func choiceProblem(_ difficulty: Difficulty, count: Int) -> (problem: ArithmeticProblem, options: [Int]) {
        let space = ArithmeticSpace.of(difficulty)
        while let form = space.drawForm(using: random, allowed: { !space.groups(of: $0, count: count).isEmpty }) {
            let group = random.element(of: space.groups(of: form, count: count)) ?? []
            guard let answer = random.element(of: group),
                  let problem = ArithmeticProblem.random(form, answer: answer, difficulty: difficulty, using: random)
            else { continue }
            return (problem, random.shuffled(group))
        }
        // Not reached: every form of every difficulty has at least 8 answers of one number of digits.
        let problem = ArithmeticProblem.random(difficulty, using: random)
        return (problem, random.shuffled(OptionGroups.stored(answer: problem.answer, count: count)))
    }
}
