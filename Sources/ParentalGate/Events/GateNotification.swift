import Foundation

/// Something a gate did, announced to in-process listeners of ``Gate/events()``.
///
/// The successor of HTKUltimateParentalGate's state notifications: passed, timed out and
/// too many wrong answers (``failed(profile:reason:)``), too many attempts
/// (``lockedOut(profile:until:)``), locked (``hardLocked(profile:)``), unlocked.
public enum GateNotification: Hashable, Sendable {
    case challengeIssued(profile: String, challenge: ChallengeID)
    case passed(profile: String, until: Date)
    /// A parent approved a request: parent mode is on until `until`, with no challenge passed.
    case approved(profile: String, until: Date)
    case wrongAnswer(profile: String, triesLeft: Int)
    case failed(profile: String, reason: FailureReason)
    case lockedOut(profile: String, until: Date)
    case hardLocked(profile: String)
    case unlocked(profile: String, by: String)
    case sessionEnded(profile: String)
    /// Only in an ``Gate/events()`` stream whose reader fell behind: `count` notifications
    /// after those still held (``Gate/eventBuffer``) were not kept. The audit log has them all:
    /// read it, or follow ``Gate/updates(after:pollInterval:)``, which loses nothing.
    case missed(count: Int)
}
