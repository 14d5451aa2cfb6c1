import Foundation

/// Every user-facing string of the gate in one language: one table per locale.
///
/// Templates use `{a}`, `{b}`, `{c}` for numbers (spelled out in words), `{n}` for a count
/// and `{time}` for a duration.
public struct GateStrings: Hashable, Sendable, LocalizedTable {
    /// The language of this table.
    public var language: String
    /// The question frame around an expression: "What is {expression}?".
    public var question: String
    public var plus: String
    public var minus: String
    public var times: String
    public var dividedBy: String
    /// Two operations: "{a} times {b}, plus {c}".
    public var timesThenPlus: String
    public var timesThenMinus: String
    public var plusThenMinus: String
    /// Asking for a typed answer, and for a picked one.
    public var typeAnswer: String
    public var pickAnswer: String
    public var passed: String
    /// A wrong answer with tries left: "{n}" is the number of tries.
    public var wrongTriesLeft: String
    /// A too-fast answer with tries left.
    public var tooFast: String
    /// A too-fast answer that was the last try.
    public var tooFastFailed: String
    public var failed: String
    public var timedOut: String
    public var cancelled: String
    public var lockedOut: String
    public var hardLocked: String
    public var disabled: String
    /// "{time}" left to answer.
    public var timeLeft: String
    /// The button a person presses to be asked (the gate page never asks on its own).
    public var start: String
    /// Asking a parent instead of answering: the button, waiting, and how it ended.
    public var askParent: String
    public var askWaiting: String
    public var askApproved: String
    public var askDenied: String
    public var askExpired: String
    /// Asked again within the cooldown: "{time}" until the next request may be made.
    public var askTooSoon: String
    /// The profile's policy does not let it ask.
    public var askOff: String
    /// The way in for an adult with a parent's code (the gate page's button).
    public var parentCode: String
    /// What to type: the code from the parent's authenticator app.
    public var parentCodePrompt: String
    /// A parent's code opened parent mode.
    public var parentCodeOpened: String
    /// A code that opens nothing (wrong, or already used).
    public var parentCodeWrong: String
    /// Quiet hours: "{time}" until a challenge may begin again.
    public var quietHours: String
    /// What to do with a `drag` challenge's balls.
    public var dragBall: String
    /// A drag the server refused (too soon, off the ball, outside the box…): it counts as wrong.
    public var dragRefused: String
    /// The terminal gate's word for a moving gate (drag, two targets): it needs the page; here, answer without it.
    public var dragNeedsPage: String
    /// The hold step's button, and what to do with it.
    public var holdButton: String
    public var holdStep: String
    /// What to do with the two targets (MKParentalGate's step).
    public var targetsStep: String
    /// A step the server refused (released too early, a press off the targets…): it counts as wrong.
    public var stepRefused: String
    /// The terminal gate's hold: press Enter, wait "{time}", press Enter again.
    public var holdPrompt: String

    /// The table for `locale`, falling back language by language and then to English.
    ///
    /// The chain is the tag and its parents (`ru-RU`, `ru`), then `householdDefault` and its
    /// parents, then English (``LocalizedTable``, as for every table of words).
    public static func forLocale(_ locale: LocaleTag, householdDefault: LocaleTag? = nil) -> GateStrings {
        table(for: locale, householdDefault: householdDefault)
    }
}
