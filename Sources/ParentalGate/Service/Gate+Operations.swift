import Foundation
import GateCore
import GateStore

extension Gate {
    /// Begins a challenge for the profile called `profile`, or says why not.
    ///
    /// An open challenge of the profile is abandoned (one failed challenge). `client` labels
    /// the asking app or device in the audit log. `locale` (a BCP 47 tag like `de-AT`), if
    /// given, words an arithmetic challenge in that language instead of the profile's own
    /// (the screen's language, its parents, the household default, then English). Stored
    /// questions stay those of the profile's languages: a caller cannot pick a smaller pool.
    /// `still`, for a client that cannot draw moving balls (a terminal), shows a `drag`
    /// challenge's options as `choice` (``Challenge/shownStill``); a guess is as likely either way.
    public func begin(
        profile: String, client: String? = nil, locale: String? = nil, still: Bool = false
    ) async throws(GateError) -> BeginResult {
        let client = Self.clientLabel(client)
        let asked = try locale.map { tag throws(GateError) in try Self.validated { () throws(GateInputError) in try LocaleTag(tag) } }
        let id = ChallengeID.random()
        let questions = questions
        return try await apply(to: .profile(profile)) { transaction, profile, policy, _ in
            .begin(
                try Self.prepareQuestion(
                    transaction, profile: profile, wording: asked, policy: policy, generator: questions, still: still),
                id: id, client: client)
        }.outcome
    }

    /// Answers challenge `challenge` with `value`.
    public func answer(challenge: ChallengeID, value: Int, client: String? = nil) async throws(GateError) -> AnswerResult {
        let client = Self.clientLabel(client)
        let applied = try await apply(to: .challenge(challenge)) { _, _, _, stored in
            guard let stored else { throw StoreError.notFound(.challenge(challenge.rawValue)) }
            try Self.checkAnswerable(stored)
            if stored.issued.challenge.format == .drag && stored.status == .open {
                throw GateError.conflict(.wrongAnswerForm(challenge: challenge.rawValue, format: .drag))
            }
            return .answer(stored, value: value, client: client)
        }
        return try Self.answerResult(applied.outcome, token: applied.token)
    }

    /// Answers `drag` challenge `challenge` with a drag, as the client saw it: the ball it
    /// carried into the box is the answer, a drag the server's replay refuses a wrong one.
    public func drag(challenge: ChallengeID, report: DragReport, client: String? = nil) async throws(GateError) -> DragResult {
        let client = Self.clientLabel(client)
        let applied = try await apply(to: .challenge(challenge)) { _, _, _, stored in
            guard let stored else { throw StoreError.notFound(.challenge(challenge.rawValue)) }
            if stored.issued.challenge.format != .drag {
                throw GateError.conflict(.wrongAnswerForm(challenge: challenge.rawValue, format: stored.issued.challenge.format))
            }
            try Self.checkAnswerable(stored)
            return .drag(stored, report: report, client: client)
        }
        return DragResult(refusal: applied.outcome.refusal, result: try Self.answerResult(applied.outcome.outcome, token: applied.token))
    }

    /// Refuses an answer to an open challenge whose step has not been passed.
    private static func checkAnswerable(_ stored: StoredChallenge) throws(GateError) {
        if stored.status == .open, stored.stepPending, let step = stored.issued.challenge.step {
            throw GateError.conflict(.stepPending(challenge: stored.id.rawValue, step: step.kind))
        }
    }

    /// Presses `challenge`'s hold step: the server's clock times the hold from now.
    public func pressHold(challenge: ChallengeID, client: String? = nil) async throws(GateError) -> StepResult {
        try await step(challenge, .hold, client: client) { stored, client in .pressHold(stored, client: client) }
    }

    /// Releases `challenge`'s hold step: passed when held for the policy's `holdTime`, else
    /// refused and counted as a wrong answer.
    public func releaseHold(challenge: ChallengeID, client: String? = nil) async throws(GateError) -> StepResult {
        try await step(challenge, .hold, needsPress: true, client: client) { stored, client in .releaseHold(stored, client: client) }
    }

    /// Reports `challenge`'s two targets held (MKParentalGate's step), as the client saw it:
    /// passed when each was held by its own press, together long enough, and nothing else pressed.
    public func holdTargets(challenge: ChallengeID, report: TargetReport, client: String? = nil) async throws(GateError) -> StepResult {
        try await step(challenge, .twoTargets, client: client) { stored, client in .holdTargets(stored, report: report, client: client) }
    }

    /// Applies a step event to challenge `id`, which must have that step waiting (and a press,
    /// for a release) while it is open.
    private func step(
        _ id: ChallengeID, _ kind: StepKind, needsPress: Bool = false, client: String?,
        _ event: @escaping @Sendable (StoredChallenge, String?) -> GateEvent<StepOutcome>
    ) async throws(GateError) -> StepResult {
        let client = Self.clientLabel(client)
        let applied = try await apply(to: .challenge(id)) { _, _, _, stored in
            guard let stored else { throw StoreError.notFound(.challenge(id.rawValue)) }
            if stored.status == .open {
                guard stored.issued.challenge.step?.kind == kind, stored.stepPending, !needsPress || stored.stepPressedAt != nil else {
                    throw GateError.conflict(.stepNotPending(challenge: id.rawValue, step: kind))
                }
            }
            return event(stored, client)
        }
        switch applied.outcome {
        case .pressed(let until): return .pressed(until: until)
        case .done: return .done
        case .refused(let refusal, let outcome): return .refused(refusal, try Self.answerResult(outcome, token: nil))
        case .ended(let outcome): return .ended(try Self.answerResult(outcome, token: nil))
        }
    }

    /// Gives up challenge `challenge`: it ends as cancelled, one failed challenge.
    public func cancel(challenge: ChallengeID, client: String? = nil) async throws(GateError) -> AnswerResult {
        let client = Self.clientLabel(client)
        let applied = try await apply(to: .challenge(challenge)) { _, _, _, stored in
            guard let stored else { throw StoreError.notFound(.challenge(challenge.rawValue)) }
            return .cancel(stored, client: client)
        }
        return switch applied.outcome {
        case .failed(let reason): .failed(reason)
        case .lockedOut(let until): .lockedOut(until: until)
        case .hardLocked: .hardLocked
        case .alreadyEnded(let status): .alreadyEnded(status)
        case .disabled: .disabled
        }
    }

    /// The state of the profile's gate now (settling a timed-out challenge on the way).
    public func state(profile: String) async throws(GateError) -> GateState {
        try await apply(to: .profile(profile), readingFirst: true) { _, _, _, _ in .timeCheck }.outcome
    }

    /// Ends the profile's parent mode early; returns whether it was on.
    @discardableResult
    public func endSession(profile: String, by actor: String? = nil) async throws(GateError) -> Bool {
        let actor = try actor.map { (actor) throws(GateError) in
            try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor").value }
        }
        return try await apply(to: .profile(profile)) { _, _, _, _ in .endSession(by: actor) }.outcome
    }

    /// Lifts the profile's lockout or hard lock and clears its failure count; `actor` is
    /// the adult who did it, recorded in the audit log. Returns whether it was locked.
    @discardableResult
    public func unlock(profile: String, by actor: String) async throws(GateError) -> Bool {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor").value }
        return try await apply(to: .profile(profile)) { transaction, profile, _, _ in
            // An unlock may take the gate's time back (the adult vouches for the clock): a
            // request whose time was up by the time the gate had seen stays expired.
            try transaction.expireParentRequests(profileID: profile.id, reading: Date(millisecondsSince1970: 0))
            return .unlock(by: actor)
        }.outcome
    }

    /// The live parent session `token` belongs to, or `nil` (unknown, expired or ended).
    ///
    /// Answered from memory while nothing has committed to the database since it was read
    /// (``SessionMemo``), else read.
    public func session(token: String) async throws(GateError) -> SessionCheck? {
        let reading = timeSource.now()
        guard let key = Self.sessionKey(token) else { return nil }
        // Taken before the read: a commit during it makes the memo's version stale, never its answer.
        let version = storage.changeVersion()
        if let version, let known = sessionMemo.facts(for: key, at: version) { return try accessible(known?.check(at: reading)) }
        let facts = try await read { transaction -> SessionMemo.Facts? in
            guard let session = try transaction.session(tokenHash: key),
                  let profile = try transaction.profile(id: session.profileID)
            else { return nil }
            return SessionMemo.Facts(
                profile: profile.name, isEnabled: profile.isEnabled, session: session,
                latestSeenAt: try transaction.gateCounters(profileID: profile.id).latestSeenAt)
        }
        if let version { sessionMemo.remember(facts, for: key, at: version) }
        return try accessible(facts?.check(at: reading))
    }

    /// The live session `token` belongs to, when memory alone can tell; else `nil`.
    ///
    /// For forward auth's answer before the router: only a yes is given there, and every
    /// other answer takes ``session(token:)``. A token memory does not know costs nothing more;
    /// a known one costs the change watch's look at the database (``GateStore/changeVersion()``,
    /// a lock and a few system calls) on the caller's thread.
    package func rememberedSession(token: String) -> SessionCheck? {
        guard let key = Self.sessionKey(token), let (known, version) = sessionMemo.facts(for: key),
              storage.changeVersion() == version
        else { return nil }
        return try? accessible(known?.check(at: timeSource.now()))
    }

    /// The memo's key for `token`: its hash; `nil` for a token no session can have.
    private static func sessionKey(_ token: String) -> Data? {
        guard !token.isEmpty, token.count <= 200 else { return nil }
        return SecretToken.hash(token)
    }

    /// `check`, unless this gate may not use its profile (``limited(_:)``).
    private func accessible(_ check: SessionCheck?) throws(GateError) -> SessionCheck? {
        if let check { try checkAccess(named: check.profile) }
        return check
    }

    /// What a client calls itself, cleaned and cut rather than refused (a tab from a header
    /// never fails a begin); `nil` when nothing is left of it.
    static func clientLabel(_ client: String?) -> String? {
        client.flatMap { Label(cleaning: $0)?.value }
    }

    private static func answerResult(_ outcome: ChallengeOutcome, token: String?) throws(GateError) -> AnswerResult {
        switch outcome {
        case .passed(let until):
            // The pass's session is written in the same transaction: its token is there.
            guard let token else { throw GateError.database(DatabaseFailure(.other, "a pass opened no session")) }
            return .passed(ParentPass(token: token, until: until))
        case .wrong(let triesLeft, let tooFast): return .wrong(triesLeft: triesLeft, tooFast: tooFast)
        case .failed(let reason): return .failed(reason)
        case .lockedOut(let until): return .lockedOut(until: until)
        case .hardLocked: return .hardLocked
        case .alreadyEnded(let status): return .alreadyEnded(status)
        case .disabled: return .disabled
        }
    }
}
