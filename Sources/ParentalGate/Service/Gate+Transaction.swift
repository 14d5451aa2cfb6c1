import Foundation
import GateCore
import GateStore

extension Gate {
    /// Which profile an operation is about.
    enum Target: Sendable {
        case profile(String)
        case challenge(ChallengeID)
    }

    /// What one gate operation did, and what the rules answered.
    struct Applied<Outcome: Sendable>: Sendable {
        var profile: Profile
        var outcome: Outcome
        var token: String?
        var notifications: [GateNotification]
    }

    /// Applies one event to a profile's gate in one `BEGIN IMMEDIATE` transaction: reads the
    /// gate, decides with ``GateMachine``, writes every effect and the counters, and then
    /// announces what happened.
    ///
    /// With `readingFirst`, the event is first decided on a read-only snapshot, and when
    /// it would change nothing but the latest time seen (a state check with nothing to
    /// settle), nothing is written: no write lock and no disk sync for a look at the gate.
    ///
    /// `finishing`, if given, runs last in the same transaction with what was applied and the
    /// transition's time (a request's decision is written with the session it opened).
    func apply<Outcome>(
        to target: Target, readingFirst: Bool = false,
        finishing: (@Sendable (any GateTransaction, Applied<Outcome>, Date) throws -> Void)? = nil,
        _ makeEvent: @escaping @Sendable (any GateTransaction, Profile, Policy, StoredChallenge?) throws -> GateEvent<Outcome>
    ) async throws(GateError) -> Applied<Outcome> {
        let timeSource = timeSource
        let gate = self
        if readingFirst {
            let looked = try await read { transaction in
                let decision = try gate.decide(target, makeEvent, at: timeSource, in: transaction)
                return decision.changesOnlyLatestSeen ? decision.applied : nil
            }
            if let looked { return looked }
        }
        let applied = try await write { transaction in
            let decision = try gate.decide(target, makeEvent, at: timeSource, in: transaction)
            let transition = decision.transition
            var applied = decision.applied
            applied.token = try perform(transition, profileID: decision.applied.profile.id, in: transaction)
            try transaction.saveGateCounters(
                transition.snapshot.counters, profileID: decision.applied.profile.id, auditing: [], at: transition.time)
            try finishing?(transaction, applied, transition.time)
            return applied
        }
        hub.publish(applied.notifications)
        return applied
    }

    /// What the gate decides about an event, before anything is written.
    private struct Decision<Outcome: Sendable>: Sendable {
        var applied: Applied<Outcome>
        var transition: GateTransition<Outcome>
        /// No effects, and the counters differ at most in the latest time seen.
        var changesOnlyLatestSeen: Bool
    }

    /// Reads the gate of the target's profile (which this gate must be allowed to use) and
    /// decides `makeEvent` with ``GateMachine``.
    private func decide<Outcome>(
        _ target: Target,
        _ makeEvent: (any GateTransaction, Profile, Policy, StoredChallenge?) throws -> GateEvent<Outcome>,
        at timeSource: TimeSource, in transaction: any GateTransaction
    ) throws -> Decision<Outcome> {
        var challenge: StoredChallenge?
        let profile: Profile
        switch target {
        case .profile(let name):
            try checkAccess(named: name)
            profile = try transaction.requireProfile(named: name)
        case .challenge(let id):
            guard let found = try transaction.challenge(id: id) else { throw StoreError.notFound(.challenge(id.rawValue)) }
            challenge = found
            guard let owner = try transaction.profile(id: found.profileID) else {
                throw StoreError.notFound(.challenge(id.rawValue))
            }
            profile = owner
        }
        try checkAccess(to: profile)
        // Read once the profile's gate is locked (the whole file on SQLite, its row on
        // PostgreSQL): no other writer can then have seen a later time, so concurrent
        // processes and daemons do not look like a clock going back.
        let reading = try transaction.clockReading(Date(millisecondsSince1970: timeSource.now().millisecondsSince1970))
        let policy = try transaction.effectivePolicy(.profile(id: profile.id)).policy
        let counters = try transaction.gateCounters(profileID: profile.id)
        let snapshot = GateSnapshot(
            isEnabled: profile.isEnabled, counters: counters,
            // A profile has at most one open challenge: an open answered one is it.
            openChallenge: challenge?.status == .open ? challenge : try transaction.openChallenge(profileID: profile.id),
            session: try transaction.liveSession(profileID: profile.id, at: max(reading, counters.latestSeenAt ?? reading)))
        let event = try makeEvent(transaction, profile, policy, challenge)
        let transition = GateMachine.apply(event, to: snapshot, policy: policy, profileID: profile.id, at: reading)
        var after = transition.snapshot.counters
        after.latestSeenAt = counters.latestSeenAt
        return Decision(
            applied: Applied(
                profile: profile, outcome: transition.outcome, token: nil,
                notifications: Self.notifications(of: transition, profile: profile.name)),
            transition: transition,
            changesOnlyLatestSeen: transition.effects.isEmpty && after == counters)
    }

    /// Writes each effect of `transition`; returns the token of a session it opened.
    private func perform(_ transition: GateTransition<some Sendable>, profileID: Int64, in transaction: any GateTransaction) throws -> String? {
        let time = transition.time
        var token: String?
        for effect in transition.effects {
            switch effect {
            case .issue(let issued):
                try transaction.insertChallenge(issued, at: time)
            case .recordAttempt(let id, let value, let outcome, let responseTime, let client):
                try transaction.recordAttempt(
                    challenge: id, value: value, outcome: outcome, responseTime: responseTime, client: client, at: time)
            case .wrongAnswer:
                break
            case .countWrong(let id):
                try transaction.countWrong(challenge: id)
            case .stepProgress(let id, let pressedAt, let doneAt):
                try transaction.setStepProgress(challenge: id, pressedAt: pressedAt, doneAt: doneAt)
            case .endChallenge(let id, let status, let client, let failure):
                try transaction.endChallenge(id, as: status, failure: failure, client: client, at: time)
            case .openSession(let challengeID, let expiresAt):
                token = try transaction.openSession(profileID: profileID, challengeID: challengeID, expiresAt: expiresAt, at: time).token
            case .endSession(let id, let reason, let actor):
                try transaction.endSession(id, reason: reason, by: actor, at: time)
            case .audit(let event):
                try transaction.appendAudit(event, at: time)
            }
        }
        return token
    }

    /// What listeners hear about `transition`.
    private static func notifications(of transition: GateTransition<some Sendable>, profile: String) -> [GateNotification] {
        var notifications: [GateNotification] = []
        // Parent mode opened by a passed challenge, else by a parent's approval.
        let challengePassed = transition.effects.contains { effect in
            if case .endChallenge(_, .passed, _, _) = effect { return true }
            return false
        }
        for effect in transition.effects {
            switch effect {
            case .issue(let issued):
                notifications.append(.challengeIssued(profile: profile, challenge: issued.challenge.id))
            case .recordAttempt, .countWrong, .stepProgress:
                break
            case .wrongAnswer(_, let triesLeft):
                notifications.append(.wrongAnswer(profile: profile, triesLeft: triesLeft))
            case .endChallenge(_, let status, _, let failure):
                switch status {
                case .failed:
                    notifications.append(.failed(profile: profile, reason: failure ?? .tooManyWrongAnswers))
                case .timedOut: notifications.append(.failed(profile: profile, reason: .timedOut))
                case .cancelled: notifications.append(.failed(profile: profile, reason: .cancelled))
                case .abandoned: notifications.append(.failed(profile: profile, reason: .abandoned))
                case .open, .passed: break
                }
            case .openSession(_, let until):
                notifications.append(challengePassed ? .passed(profile: profile, until: until) : .approved(profile: profile, until: until))
            case .endSession(_, .ended, _):
                notifications.append(.sessionEnded(profile: profile))
            case .audit(let event) where event.kind == .unlocked:
                notifications.append(.unlocked(profile: profile, by: event.actor ?? "unknown"))
            case .audit(let event) where event.kind == .hardLockStarted:
                notifications.append(.hardLocked(profile: profile))
            case .audit(let event) where event.kind == .lockoutStarted:
                if case .lockedOut(let until) = transition.snapshot.state(at: transition.time) {
                    notifications.append(.lockedOut(profile: profile, until: until))
                }
            case .endSession, .audit:
                break
            }
        }
        return notifications
    }
}
