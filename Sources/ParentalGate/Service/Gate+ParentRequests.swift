import Foundation
import GateCore
import GateStore

extension Gate {
    /// Asks a parent to open the gate of `profile` instead of answering a challenge.
    ///
    /// Allowed while locked out or hard-locked too (that is when a child needs a parent);
    /// never counts as a failed challenge. One request of a profile waits at a time, and after
    /// one ended the next may come once `askCooldown` has passed.
    public func askParent(profile name: String, client: String? = nil) async throws(GateError) -> AskResult {
        let client = Self.clientLabel(client)
        let handle = SecretToken.generate()
        let hash = SecretToken.hash(handle)
        let timeSource = timeSource
        let gate = self
        try checkAccess(named: name)
        return try await write { transaction in
            let profile = try transaction.requireProfile(named: name)
            try gate.checkAccess(to: profile)
            let now = try Self.observeClock(profileID: profile.id, timeSource, in: transaction)
            let policy = try transaction.effectivePolicy(.profile(id: profile.id)).policy
            try transaction.expireParentRequests(profileID: profile.id, reading: now)
            let latest = try transaction.latestParentRequest(profileID: profile.id)
            switch ParentRequestRules.ask(isEnabled: profile.isEnabled, policy: policy, latest: latest, at: now) {
            case .disabled: return .disabled
            case .notAllowed: return .notAllowed
            case .alreadyWaiting(let request): return .alreadyWaiting(request)
            case .tooSoon(let retryAt): return .tooSoon(retryAt: retryAt)
            case .ask(let expiresAt):
                let id = try transaction.addParentRequest(
                    profile: profile, handleHash: hash, client: client, expiresAt: expiresAt, at: now)
                return .asked(try transaction.requireParentRequest(id), handle: handle)
            }
        }
    }

    /// The request behind `handle`, as its asking client sees it; the first look after an
    /// approval carries the parent mode it opened (``RequestCheck/pass``), later ones do not.
    public func parentRequest(handle: String) async throws(GateError) -> RequestCheck {
        guard !handle.isEmpty, handle.count <= 200 else { throw GateError.notFound(.parentRequestHandle) }
        let hash = SecretToken.hash(handle)
        let storage = storage
        let timeSource = timeSource
        let gate = self
        return try await write { transaction in
            guard let seen = try transaction.parentRequest(handleHash: hash),
                  let profile = try transaction.profile(named: seen.request.profile)
            else {
                throw StoreError.notFound(.parentRequestHandle)
            }
            // Before anything is written or handed over: a handle does not open another's profile.
            try gate.checkAccess(to: profile)
            let profileID = profile.id
            let now = try Self.observeClock(profileID: profileID, timeSource, in: transaction)
            // Expires the request if its time is up, and drops an approval's token whose parent mode is over.
            try transaction.expireParentRequests(profileID: profileID, reading: now)
            guard let found = try transaction.parentRequest(handleHash: hash) else {
                throw StoreError.notFound(.parentRequestHandle)
            }
            guard found.request.status == .approved, let box = found.sessionBox else {
                return RequestCheck(request: found.request, pass: nil)
            }
            let token = try storage.unsealSessionToken(box)
            try transaction.markParentRequestPickedUp(found.request.id, at: now)
            var request = found.request
            request.isPickedUp = true
            let until = try transaction.session(token: token)?.expiresAt ?? now
            return RequestCheck(request: request, pass: ParentPass(token: token, until: until))
        }
    }

    /// The request an approval link (its token) is for: what the approval page shows.
    public func parentRequest(approvalToken token: String) async throws(GateError) -> ParentRequest {
        let id = try await requestID(ofApprovalToken: token)
        let timeSource = timeSource
        return try await write { transaction in
            let request = try transaction.requireParentRequest(id)
            guard request.status == .pending, let profileID = try transaction.profile(named: request.profile)?.id else { return request }
            let now = try Self.observeClock(profileID: profileID, timeSource, in: transaction)
            try transaction.expireParentRequests(profileID: profileID, reading: now)
            return try transaction.requireParentRequest(id)
        }
    }

    /// A parent's decision through an approval link: approves or denies the request, once.
    /// A link of a request already decided (through this link or another parent's) or
    /// expired is refused (``GateError/conflict(_:)``) and changes nothing; a link whose
    /// request is gone (its profile removed) finds nothing.
    /// `length`: how long an approval opens parent mode (``ApprovalLength``).
    public func decideParentRequest(
        approvalToken token: String, approve: Bool, for length: ApprovalLength = .standard
    ) async throws(GateError) -> ParentRequest {
        let id = try await requestID(ofApprovalToken: token)
        return try await decideParentRequest(id, approve: approve, by: "approval link", for: length)
    }

    /// A parent's decision on request number `id` (`gatectl ask approve|deny`). Approving
    /// opens parent mode at once, as a pass does, and lifts a lockout or hard lock; the
    /// asking client picks the session up with its handle.
    ///
    /// The request's time is its profile's gate time, read inside the transaction that
    /// decides (``GateClock``): with the clock turned back, an expired request stays expired.
    /// `length`: how long an approval opens parent mode, at most the policy's `maxApproval`.
    @discardableResult
    public func decideParentRequest(
        _ id: Int64, approve: Bool, by actor: String, for length: ApprovalLength = .standard
    ) async throws(GateError) -> ParentRequest {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor").value }
        let timeSource = timeSource
        let step = try await write { transaction -> DecisionStep in
            var request = try transaction.requireParentRequest(id)
            guard request.status == .pending else { return .refuse(request) }
            guard let profileID = try transaction.profile(named: request.profile)?.id else {
                throw StoreError.notFound(.parentRequest(id))
            }
            let now = try Self.observeClock(profileID: profileID, timeSource, in: transaction)
            if try transaction.expireParentRequests(profileID: profileID, reading: now) > 0 {
                request = try transaction.requireParentRequest(id)
            }
            guard ParentRequestRules.isDecidable(request, at: now) else { return .refuse(request) }
            guard approve else {
                try transaction.decideParentRequest(id, approved: false, by: actor, sessionID: nil, sessionBox: nil, at: now)
                return .done(try transaction.requireParentRequest(id))
            }
            return .approve(request)
        }
        let pending: ParentRequest
        switch step {
        case .done(let request): return request
        case .refuse(let request): throw Self.alreadyDecided(request)
        case .approve(let request): pending = request
        }
        let storage = storage
        _ = try await apply(to: .profile(pending.profile), finishing: { transaction, applied, time in
            // Decided in this transaction, at the time the rules ran: never after it expired.
            let request = try transaction.requireParentRequest(id)
            guard ParentRequestRules.isDecidable(request, at: time) else { throw Self.alreadyDecided(request, at: time) }
            guard case .opened = applied.outcome, let token = applied.token else {
                throw StoreError.constraint("the gate of \(pending.profile) is switched off: request \(id) cannot be approved")
            }
            let sessionID = try transaction.newestSessionID(profileID: applied.profile.id)
            try transaction.decideParentRequest(
                id, approved: true, by: actor, sessionID: sessionID, sessionBox: try storage.sealSessionToken(token), at: time)
        }) { transaction, profile, _, _ -> GateEvent<ApprovalOutcome> in
            let request = try transaction.requireParentRequest(id)
            guard request.status == .pending else { throw Self.alreadyDecided(request) }
            // The profile found by name now must be the request's own: one renamed in between
            // (and its old name given to another) is not the gate this approval opens.
            guard ProfileName.key(for: request.profile) == ProfileName.key(for: profile.name) else {
                throw GateError.conflict(.requestProfileRenamed(number: id))
            }
            return .approve(by: actor, for: length)
        }
        return try await read { try $0.requireParentRequest(id) }
    }

    /// The refusal of a decision on `request`, which is no longer waiting for a parent.
    private static func alreadyDecided(_ request: ParentRequest, at time: Date? = nil) -> GateError {
        let status = request.status == .pending && time.map { request.expiresAt <= $0 } == true ? "expired" : request.status.rawValue
        return GateError.conflict(.requestDecided(number: request.id, status: status))
    }

    /// The time of an operation on the requests of profile `profileID`: the clock read now,
    /// inside the operation's write transaction, under the gate's clock rule (``GateClock``):
    /// a later reading becomes the latest time seen, an earlier one counts as that and is
    /// audited as a clock anomaly.
    static func observeClock(profileID: Int64, _ timeSource: TimeSource, in transaction: any GateTransaction) throws -> Date {
        // Counters first: they lock the profile's gate, and the clock is read under that lock.
        var counters = try transaction.gateCounters(profileID: profileID)
        let reading = try transaction.clockReading(Date(millisecondsSince1970: timeSource.now().millisecondsSince1970))
        let observation = GateClock.observe(reading, latestSeen: counters.latestSeenAt, profileID: profileID)
        if observation.latestSeen != counters.latestSeenAt || observation.anomaly != nil {
            counters.latestSeenAt = observation.latestSeen
            try transaction.saveGateCounters(
                counters, profileID: profileID, auditing: observation.anomaly.map { [$0] } ?? [], at: observation.now)
        }
        return observation.now
    }

    /// What a decision does after its first look at the request.
    private enum DecisionStep: Sendable {
        case done(ParentRequest)
        case refuse(ParentRequest)
        case approve(ParentRequest)
    }

    /// How many requests wait for a parent now: read only, for `/metrics`, which writes nothing.
    package func waitingParentRequests() async throws(GateError) -> Int {
        let now = timeSource.now()
        return try await read { try $0.waitingParentRequests(at: now) }
    }

    /// The newest requests to a parent (of `profile`, or of every profile), newest first.
    public func parentRequests(profile: String? = nil, limit: Int = 50) async throws(GateError) -> [ParentRequest] {
        let timeSource = timeSource
        return try await write { transaction in
            let profileID = try profile.map { try transaction.requireProfile(named: $0).id }
            // Each request's time is its profile's gate time: the reading, or the latest time seen.
            try transaction.expireParentRequests(profileID: profileID, reading: timeSource.now())
            return try transaction.parentRequests(profileID: profileID, limit: max(1, min(limit, Self.maximumPageSize)))
        }
    }

    /// The request number an approval link's token leads to, or not found.
    private func requestID(ofApprovalToken token: String) async throws(GateError) -> Int64 {
        let notFound = GateError.notFound(.parentRequestLink)
        guard token.count <= 200, let deliveryID = storage.deliveryID(ofApprovalToken: token) else { throw notFound }
        guard let id = try await read({ try $0.parentRequestID(deliveryID: deliveryID) }) else { throw notFound }
        return id
    }
}
