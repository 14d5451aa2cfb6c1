import Foundation
import GateCore
import Synchronization

/// What the database said of session tokens, kept while nothing has committed since.
///
/// Forward auth asks about the same token before every page a child opens; reading the
/// session, its profile and the gate's latest time each time costs a hop to a reader thread
/// and a read transaction. An answer kept here is trusted only at the database version it was
/// read at (``GateStore/changeVersion()``): any commit — an ended session, a disabled or
/// removed profile, through any socket or another process on the file — empties the memo
/// before the next answer. Expiry needs no commit: it is checked against the time at each use.
final class SessionMemo: Sendable {
    /// What one token's session was, as read: `nil` when the token was unknown.
    struct Facts: Sendable {
        var profile: String
        var isEnabled: Bool
        var session: ParentSession
        /// The latest time the profile's gate had seen (the gate's time never goes back).
        var latestSeenAt: Date?

        /// The live session these facts show at `reading`, if any.
        func check(at reading: Date) -> SessionCheck? {
            guard isEnabled, session.isLive(at: max(reading, latestSeenAt ?? reading)) else { return nil }
            return SessionCheck(profileID: session.profileID, profile: profile, openedAt: session.openedAt, expiresAt: session.expiresAt)
        }
    }

    /// The most tokens kept; past it the memo starts again empty (a flood of made-up tokens
    /// costs its sender reads, never memory).
    static let capacity = 1024

    private struct State {
        var version: Int64?
        var known: [Data: Facts?] = [:]
        var hits = 0
    }

    private let state = Mutex(State())

    /// The facts kept for the token whose hash is `key`, if they were read at `version`.
    /// `.some(nil)` is a token known to be unknown.
    func facts(for key: Data, at version: Int64) -> Facts?? {
        state.withLock { state in
            guard state.version == version, let facts = state.known[key] else { return nil }
            state.hits += 1
            return facts
        }
    }

    /// The facts kept for the token whose hash is `key`, and the version they were read at
    /// (a caller compares it with the watch's now).
    func facts(for key: Data) -> (facts: Facts?, version: Int64)? {
        state.withLock { state in
            guard let version = state.version, let facts = state.known[key] else { return nil }
            return (facts, version)
        }
    }

    /// How many answers came from memory (for tests).
    var hits: Int {
        state.withLock { $0.hits }
    }

    /// Keeps `facts`, read at `version` (taken before the read began).
    func remember(_ facts: Facts?, for key: Data, at version: Int64) {
        state.withLock { state in
            // The watch's version only grows: facts read at an older one than the memo's are
            // dropped, rather than emptying the memo of newer ones.
            if let kept = state.version, version < kept { return }
            if state.version != version || state.known.count >= Self.capacity {
                state = State(version: version, hits: state.hits)
            }
            state.known[key] = .some(facts)
        }
    }
}
