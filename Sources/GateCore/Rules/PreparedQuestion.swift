/// A question ready to become a challenge: generated arithmetic or a stored question.
public struct PreparedQuestion: Hashable, Sendable {
    /// The sentence shown, in ``locale``.
    public var prompt: String
    public var locale: LocaleTag
    public var answer: Int
    /// The options to pick from, for the `choice` format; `nil` for `entry`.
    public var choices: [Int]?
    public var origin: ChallengeOrigin
    /// The form and operands of generated arithmetic; `nil` for a stored question.
    public var arithmetic: ChallengeArithmetic?
    /// How the balls carrying ``choices`` move, for the `drag` format; `nil` otherwise.
    public var motion: DragMotion?
    /// A `drag` question shown as `choice`, for a client that cannot draw moving balls.
    public var shownStill = false
    /// What must be done before the question may be answered.
    public var step: ChallengeStep?

    public init(
        prompt: String, locale: LocaleTag, answer: Int, choices: [Int]?, origin: ChallengeOrigin, arithmetic: ChallengeArithmetic? = nil
    ) {
        self.prompt = prompt
        self.locale = locale
        self.answer = answer
        self.choices = choices
        self.origin = origin
        self.arithmetic = arithmetic
    }

    /// The answer format these choices make.
    public var format: AnswerFormat { motion != nil ? .drag : choices == nil ? .entry : .choice }
}
