import Foundation

/// Every user-facing string of the gate in one language: one table per locale.
///
/// Templates use `{a}`, `{b}`, `{c}` for numbers (spelled out in words), `{n}` for a count
/// and `{time}` for a duration.
public struct GateStrings: Hashable, Sendable, LocalizedTable {
    /// The language of this table.
    public let language: String
    /// The question frame around an expression: "What is {expression}?".
    public let question: String
    public let plus: String
    public let minus: String
    public let times: String
    public let dividedBy: String
    /// Two operations: "{a} times {b}, plus {c}".
    public let timesThenPlus: String
    public let timesThenMinus: String
    public let plusThenMinus: String
    /// Asking for a typed answer, and for a picked one.
    public let typeAnswer: String
    public let pickAnswer: String
    public let passed: String
    /// A wrong answer with tries left: "{n}" is the number of tries.
    public let wrongTriesLeft: String
    /// A too-fast answer with tries left.
    public let tooFast: String
    /// A too-fast answer that was the last try.
    public let tooFastFailed: String
    public let failed: String
    public let timedOut: String
    public let cancelled: String
    public let lockedOut: String
    public let hardLocked: String
    public let disabled: String
    /// "{time}" left to answer.
    public let timeLeft: String
    /// The button a person presses to be asked (the gate page never asks on its own).
    public let start: String
    /// Asking a parent instead of answering: the button, waiting, and how it ended.
    public let askParent: String
    public let askWaiting: String
    public let askApproved: String
    public let askDenied: String
    public let askExpired: String
    /// Asked again within the cooldown: "{time}" until the next request may be made.
    public let askTooSoon: String
    /// The profile's policy does not let it ask.
    public let askOff: String

    /// The table for `locale`, falling back language by language and then to English.
    ///
    /// The chain is the tag and its parents (`ru-RU`, `ru`), then `householdDefault` and its
    /// parents, then English (``LocalizedTable``, as for every table of words).
    public static func forLocale(_ locale: LocaleTag, householdDefault: LocaleTag? = nil) -> GateStrings {
        table(for: locale, householdDefault: householdDefault)
    }
}
