import Foundation

/// A question put to a child, as a client sees it: never with its answer.
public struct Challenge: Identifiable, Hashable, Sendable {
    public var id: ChallengeID
    /// The profile the challenge was issued to.
    public var profileID: Int64
    /// The question, a sentence in the profile's language.
    public var prompt: String
    /// The language of the prompt.
    public var locale: LocaleTag
    /// Whether the answer is typed or picked.
    public var format: AnswerFormat
    /// The options to pick from when ``format`` is ``AnswerFormat/choice``.
    public var choices: [Int]?
    public var issuedAt: Date
    /// An answer after this moment has failed (timed out).
    public var deadline: Date
    /// The form and operands of a generated arithmetic question, for an app that renders it
    /// itself; `nil` for a stored question.
    public var arithmetic: ChallengeArithmetic?
    /// How the balls carrying ``choices`` move when ``format`` is ``AnswerFormat/drag``.
    public var motion: DragMotion?
    /// Whether moving parts were left out because the client asked for it still (a terminal
    /// cannot draw them): a `drag` challenge shown as `choice`, a `twoTargets` step left out.
    public var shownStill: Bool
    /// What must be done before the question may be answered; `nil` for nothing.
    public var step: ChallengeStep?

    public init(
        id: ChallengeID, profileID: Int64, prompt: String, locale: LocaleTag, format: AnswerFormat,
        choices: [Int]?, issuedAt: Date, deadline: Date, arithmetic: ChallengeArithmetic? = nil,
        motion: DragMotion? = nil, shownStill: Bool = false, step: ChallengeStep? = nil
    ) {
        self.id = id
        self.profileID = profileID
        self.prompt = prompt
        self.locale = locale
        self.format = format
        self.choices = choices
        self.issuedAt = issuedAt
        self.deadline = deadline
        self.arithmetic = arithmetic
        self.motion = motion
        self.shownStill = shownStill
        self.step = step
    }
}
