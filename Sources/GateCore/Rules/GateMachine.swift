import Foundation

/// The gate rules as a pure function: no database, no clock.
///
/// Given a profile's gate, its effective policy, an event and the time read from the clock,
/// ``apply(_:to:policy:profileID:at:)`` returns the new gate, the writes that carry the
/// change out, and the answer. The rules:
///
/// - **Clock** (``GateClock``): a reading earlier than the latest time seen counts as that
///   latest time, and is audited as a clock anomaly. Turning the clock back lifts nothing.
/// - **Quiet window**: failures in a row and the lockout level start again from zero once
///   `failureWindow` has passed since the later of the last failure and the end of the last
///   lockout. A hard lock is never lifted by time.
/// - **Timeout**: an open challenge past its deadline has failed at its deadline; the gate
///   records it when it next looks (a late answer, a new challenge, a state check), counting
///   the failure, and any lockout it starts, from the deadline.
/// - **Failures**: every end but a pass (failed, timed out, cancelled, abandoned) is one
///   failed challenge. Reaching `maxFailedChallenges` failures in a row starts lockout
///   number n, lasting `lockout × lockoutGrowth^(n-1)` capped at `maxLockout`; once
///   `hardLockAfter` lockouts in a row have run (if not 0), the next one is a hard lock,
///   lifted only by an adult's unlock. A pass resets failures and the level.
/// - **Unlock**: an adult's unlock lifts any lock, clears the counts, and takes the clock's
///   reading as the latest time seen, so a clock once set far ahead cannot freeze the gate.
/// - **Answers**: faster than `minResponseTime` (from the challenge's issue) counts as wrong
///   ("too fast"); `maxWrongAnswers` wrong answers fail the challenge, and a challenge with
///   N options never gives more than N − 1 tries, whatever the policy; an answer to an
///   ended challenge is refused and audited as a replay.
public enum GateMachine {
    public static func apply<Outcome>(
        _ event: GateEvent<Outcome>, to snapshot: GateSnapshot, policy: Policy, profileID: Int64, at reading: Date
    ) -> GateTransition<Outcome> {
        var run = Run(snapshot: snapshot, policy: policy, profileID: profileID, now: reading)
        run.observeClock(reading)
        let outcome = event.rule(&run)
        return GateTransition(snapshot: run.snapshot, effects: run.effects, outcome: outcome, time: run.now)
    }

    /// The tries a challenge gives: `maxWrongAnswers`, but fewer than its `options` (if it has
    /// any), so that trying every option never passes.
    public static func tries(_ policy: Policy, options: Int?) -> Int {
        guard let options else { return policy.maxWrongAnswers }
        return max(1, min(policy.maxWrongAnswers, options - 1))
    }

    /// A lock that refuses a new challenge, or that a failure started.
    enum Lock: Hashable {
        case lockedOut(until: Date)
        case hardLocked
    }

    /// One application of the rules, accumulating effects. Each event's rule returns its own answer.
    struct Run {
        var snapshot: GateSnapshot
        let policy: Policy
        let profileID: Int64
        var now: Date
        /// The clock's own reading, which `now` may be later than.
        let reading: Date
        var effects: [GateEffect] = []

        init(snapshot: GateSnapshot, policy: Policy, profileID: Int64, now: Date) {
            self.snapshot = snapshot
            self.policy = policy
            self.profileID = profileID
            self.now = now
            reading = now
        }

        mutating func observeClock(_ reading: Date) {
            let observation = GateClock.observe(reading, latestSeen: snapshot.counters.latestSeenAt, profileID: profileID)
            now = observation.now
            snapshot.counters.latestSeenAt = observation.latestSeen
            if let anomaly = observation.anomaly { effects.append(.audit(anomaly)) }
        }

        // MARK: - Events

        /// A new challenge: refused while disabled or locked; an open one is abandoned first.
        mutating func begin(_ question: PreparedQuestion, id: ChallengeID, client: String?) -> BeginResult {
            guard snapshot.isEnabled else {
                audit(.beginRefused, client: client, details: ["reason": "disabled"])
                return .disabled
            }
            settle(except: nil)
            if let lock = lockRefusal() {
                return refuseBegin(lock, client: client)
            }
            if let until = policy.quietUntil(beginningAt: now) {
                audit(.beginRefused, client: client, details: ["reason": "quietHours", "until": String(until.millisecondsSince1970)])
                return .quietHours(until: until)
            }
            if let open = snapshot.openChallenge {
                end(open, as: .abandoned, client: client)
                if let lock = recordFailure(at: now) {
                    return refuseBegin(lock, client: client)
                }
            }
            return .challenge(issue(question, id: id, client: client))
        }

        /// An answer: a replay when the challenge has ended, late after its deadline, else
        /// right, wrong or too fast.
        mutating func answer(_ challenge: StoredChallenge, value: Int, client: String?) -> ChallengeOutcome {
            guard snapshot.isEnabled else {
                audit(.answerRefused, client: client, challenge: challenge.id, details: ["reason": "disabled", "value": String(value)])
                return .disabled
            }
            let issued = challenge.issued
            let elapsed = now.millisecondsSince1970 - issued.challenge.issuedAt.millisecondsSince1970
            let responseTime = Duration.milliseconds(max(0, elapsed))
            guard challenge.status == .open else {
                effects.append(.recordAttempt(challenge.id, value: value, outcome: .replay, responseTime: responseTime, client: client))
                return .alreadyEnded(challenge.status)
            }
            settle(except: challenge.id)
            if now > issued.challenge.deadline {
                effects.append(.recordAttempt(challenge.id, value: value, outcome: .late, responseTime: responseTime, client: client))
                return timeOut(challenge, client: client).map(ChallengeOutcome.init) ?? .failed(.timedOut)
            }
            let outcome: AnswerOutcome =
                responseTime < issued.minResponseTime ? .tooFast : (value == issued.answer ? .correct : .wrong)
            effects.append(.recordAttempt(challenge.id, value: value, outcome: outcome, responseTime: responseTime, client: client))
            if outcome == .correct {
                return .passed(until: pass(challenge, client: client))
            }
            return countWrong(challenge, tooFast: outcome == .tooFast, client: client)
        }

        /// One wrong try of the open `challenge`: it stays open while tries are left, else it
        /// fails (one failed challenge). `recorded`: an attempt's record counts it in the store.
        mutating func countWrong(_ challenge: StoredChallenge, tooFast: Bool, client: String?, recorded: Bool = true) -> ChallengeOutcome {
            if !recorded { effects.append(.countWrong(challenge.id)) }
            let issued = challenge.issued
            let wrongAnswers = challenge.wrongAnswers + 1
            if wrongAnswers < issued.maxWrongAnswers {
                var updated = challenge
                updated.wrongAnswers = wrongAnswers
                snapshot.openChallenge = updated
                let triesLeft = issued.maxWrongAnswers - wrongAnswers
                effects.append(.wrongAnswer(challenge.id, triesLeft: triesLeft))
                return .wrong(triesLeft: triesLeft, tooFast: tooFast)
            }
            let failure: FailureReason = tooFast ? .tooFast : .tooManyWrongAnswers
            end(challenge, as: .failed, client: client, failure: failure)
            return recordFailure(at: now).map(ChallengeOutcome.init) ?? .failed(failure)
        }

        /// A challenge given up: one failed challenge (or a timeout, past its deadline).
        mutating func cancel(_ challenge: StoredChallenge, client: String?) -> CancelOutcome {
            guard snapshot.isEnabled else {
                audit(.answerRefused, client: client, challenge: challenge.id, details: ["reason": "disabled", "cancel": "true"])
                return .disabled
            }
            guard challenge.status == .open else { return .alreadyEnded(challenge.status) }
            settle(except: challenge.id)
            if now > challenge.issued.challenge.deadline {
                return timeOut(challenge, client: client).map(CancelOutcome.init) ?? .failed(.timedOut)
            }
            end(challenge, as: .cancelled, client: client)
            return recordFailure(at: now).map(CancelOutcome.init) ?? .failed(.cancelled)
        }

        /// Parent mode ended early, if it is on; whether it was.
        mutating func endSession(by actor: String?) -> Bool {
            settle(except: nil)
            guard let session = snapshot.session, session.isLive(at: now) else { return false }
            effects.append(.endSession(id: session.id, reason: .ended, by: actor))
            snapshot.session = nil
            return true
        }

        /// An adult lifts any lock and clears the counts, vouching for the clock's reading;
        /// whether the gate was locked.
        @discardableResult
        mutating func unlock(by actor: String) -> Bool {
            settle(except: nil)
            let counters = snapshot.counters
            let wasLocked = counters.isHardLocked || (counters.lockedUntil.map { $0 > now } ?? false)
            var details = [
                "wasLocked": String(wasLocked), "wasHardLocked": String(counters.isHardLocked),
                "lockoutLevel": String(counters.lockoutLevel), "failuresInRow": String(counters.failuresInRow),
            ]
            if reading < now {
                // The adult vouches for the clock: a reading far ahead no longer freezes time.
                details["clockResetFrom"] = String(now.millisecondsSince1970)
                details["clockResetTo"] = String(reading.millisecondsSince1970)
                now = reading
                snapshot.counters.latestSeenAt = reading
                snapshot.counters.lastFailureAt = counters.lastFailureAt.map { min($0, reading) }
            }
            audit(.unlocked, actor: actor, details: details)
            snapshot.counters.failuresInRow = 0
            snapshot.counters.lockoutLevel = 0
            snapshot.counters.isHardLocked = false
            if counters.lockedUntil != nil { snapshot.counters.lockedUntil = min(counters.lockedUntil ?? now, now) }
            return wasLocked
        }

        /// A parent's approval of a request: lifts a lock (as an unlock by the parent), clears
        /// the counts as a pass does, ends an open challenge without counting it as a failure,
        /// and opens parent mode (replacing a live session).
        mutating func approve(by actor: String, for length: ApprovalLength) -> ApprovalOutcome {
            guard snapshot.isEnabled else { return .disabled }
            settle(except: nil)
            let counters = snapshot.counters
            if counters.isHardLocked || (counters.lockedUntil.map { $0 > now } ?? false) {
                unlock(by: actor)
            }
            return .opened(until: openForParent(until: length.until(from: now, policy: policy), client: nil))
        }

        /// Opens parent mode without a pass (an approval, a parent's code): clears the counts,
        /// ends an open challenge without counting it, replaces a live session; returns `until`.
        mutating func openForParent(until: Date, client: String?) -> Date {
            snapshot.counters.failuresInRow = 0
            snapshot.counters.lockoutLevel = 0
            if let open = snapshot.openChallenge {
                end(open, as: .abandoned, client: client)
            }
            if let session = snapshot.session, session.isLive(at: now) {
                effects.append(.endSession(id: session.id, reason: .replaced, by: nil))
            }
            effects.append(.openSession(challengeID: nil, expiresAt: until))
            snapshot.session = nil
            return until
        }

        /// Only time passes: settles what it decides, and tells the state.
        mutating func timeCheck() -> GateState {
            if snapshot.isEnabled { settle(except: nil) }
            let state = snapshot.state(at: now)
            if state == .child, let until = policy.quietUntil(beginningAt: now) { return .quietHours(until: until) }
            return state
        }

        // MARK: - Passes

        /// Ends `challenge` as passed, resets the counts and opens parent mode (replacing a live
        /// session); when parent mode ends.
        mutating func pass(_ challenge: StoredChallenge, client: String?) -> Date {
            end(challenge, as: .passed, client: client)
            snapshot.counters.failuresInRow = 0
            snapshot.counters.lockoutLevel = 0
            if let session = snapshot.session, session.isLive(at: now) {
                effects.append(.endSession(id: session.id, reason: .replaced, by: nil))
            }
            let until = now.adding(policy.parentSession)
            effects.append(.openSession(challengeID: challenge.id, expiresAt: until))
            snapshot.session = nil
            return until
        }

        // MARK: - Time and failures

        /// Applies what time alone decides: an open challenge past its deadline times out
        /// (unless it is `answered`, whose own handling does it), and a quiet window resets.
        mutating func settle(except answered: ChallengeID?) {
            if let open = snapshot.openChallenge, open.id != answered, now > open.issued.challenge.deadline {
                _ = timeOut(open, client: nil)
            }
            resetIfQuiet(at: now)
        }

        /// Ends `challenge` as timed out, failing at its deadline; returns the lock this
        /// starts that is still running now, if any.
        mutating func timeOut(_ challenge: StoredChallenge, client: String?) -> Lock? {
            let deadline = challenge.issued.challenge.deadline
            resetIfQuiet(at: deadline)
            end(challenge, as: .timedOut, client: client)
            switch recordFailure(at: deadline) {
            case .lockedOut(let until)? where until <= now: return nil
            case let lock: return lock
            }
        }

        mutating func resetIfQuiet(at time: Date) {
            let counters = snapshot.counters
            guard !counters.isHardLocked, counters.failuresInRow > 0 || counters.lockoutLevel > 0 else { return }
            let quietSince = [counters.lastFailureAt, counters.lockedUntil].compactMap { $0 }.max()
            guard let quietSince, time >= quietSince.adding(policy.failureWindow) else { return }
            audit(.countersReset, details: [
                "reason": "quiet for failureWindow", "failuresInRow": String(counters.failuresInRow),
                "lockoutLevel": String(counters.lockoutLevel),
            ])
            snapshot.counters.failuresInRow = 0
            snapshot.counters.lockoutLevel = 0
        }

        /// Counts one failed challenge at `time`; returns the lockout or hard lock it started, if any.
        mutating func recordFailure(at time: Date) -> Lock? {
            snapshot.counters.failuresInRow = min(snapshot.counters.failuresInRow, policy.maxFailedChallenges) + 1
            snapshot.counters.lastFailureAt = max(snapshot.counters.lastFailureAt ?? time, time)
            guard snapshot.counters.failuresInRow >= policy.maxFailedChallenges else { return nil }
            snapshot.counters.failuresInRow = 0
            snapshot.counters.lockoutLevel = min(snapshot.counters.lockoutLevel, 999_999) + 1
            let level = snapshot.counters.lockoutLevel
            if policy.hardLockAfter > 0 && level > policy.hardLockAfter {
                snapshot.counters.isHardLocked = true
                audit(.hardLockStarted, details: ["level": String(level)])
                return .hardLocked
            }
            let duration = Escalation.lockoutDuration(level: level, policy: policy)
            let until = time.adding(duration)
            snapshot.counters.lockedUntil = until
            audit(.lockoutStarted, details: [
                "level": String(level), "durationMs": String(duration.wholeMilliseconds),
                "until": String(until.millisecondsSince1970),
            ])
            return .lockedOut(until: until)
        }

        /// The refusal a lock gives a new challenge, if the gate is locked.
        func lockRefusal() -> Lock? {
            if snapshot.counters.isHardLocked { return .hardLocked }
            if let until = snapshot.counters.lockedUntil, until > now { return .lockedOut(until: until) }
            return nil
        }

        /// Refuses a new challenge because of `lock`, in the audit log and in the answer.
        mutating func refuseBegin(_ lock: Lock, client: String?) -> BeginResult {
            switch lock {
            case .hardLocked:
                audit(.beginRefused, client: client, details: ["reason": "hardLocked"])
                return .hardLocked
            case .lockedOut(let until):
                audit(.beginRefused, client: client, details: ["reason": "lockedOut", "until": String(until.millisecondsSince1970)])
                return .lockedOut(until: until)
            }
        }

        mutating func issue(_ question: PreparedQuestion, id: ChallengeID, client: String?) -> Challenge {
            let challenge = Challenge(
                id: id, profileID: profileID, prompt: question.prompt, locale: question.locale, format: question.format,
                choices: question.choices, issuedAt: now, deadline: now.adding(policy.timeLimit), arithmetic: question.arithmetic,
                motion: question.motion, shownStill: question.shownStill, step: question.step)
            let issued = IssuedChallenge(
                challenge: challenge, origin: question.origin, answer: question.answer,
                maxWrongAnswers: GateMachine.tries(policy, options: question.choices?.count), minResponseTime: policy.minResponseTime,
                client: client)
            effects.append(.issue(issued))
            snapshot.openChallenge = StoredChallenge(issued: issued, status: .open, wrongAnswers: 0, endedAt: nil)
            return challenge
        }

        mutating func end(_ challenge: StoredChallenge, as status: ChallengeStatus, client: String?, failure: FailureReason? = nil) {
            effects.append(.endChallenge(challenge.id, status, client: client, failure: failure))
            if snapshot.openChallenge?.id == challenge.id {
                snapshot.openChallenge = nil
            }
        }

        mutating func audit(
            _ kind: AuditEventKind, actor: String? = nil, client: String? = nil, challenge: ChallengeID? = nil,
            details: [String: String] = [:]
        ) {
            effects.append(.audit(AuditEvent(
                kind, profileID: profileID, actor: actor, client: client, challengeID: challenge, details: details)))
        }
    }
}
