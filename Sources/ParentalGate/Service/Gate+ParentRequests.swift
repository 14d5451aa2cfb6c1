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
        let client = try Self.clientLabel(client)
        let now = timeSource.now()
        let handle = SecretToken.generate()
        let hash = SecretToken.hash(handle)
        return try await write { transaction in
            let profile = try transaction.requireProfile(named: name)
            guard profile.isEnabled else { return .disabled }
            let policy = try transaction.effectivePolicy(.profile(id: profile.id)).policy
            guard policy.askParent else { return .notAllowed }
            try transaction.expireParentRequests(profileID: profile.id, at: now)
            if let latest = try transaction.latestParentRequest(profileID: profile.id) {
                if latest.status == .pending { return .alreadyWaiting(latest) }
                let ended = latest.decidedAt ?? latest.expiresAt
                let retryAt = ended.adding(policy.askCooldown)
                if now < retryAt { return .tooSoon(retryAt: retryAt) }
            }
            let id = try transaction.addParentRequest(
                profile: profile, handleHash: hash, client: client, expiresAt: now.adding(policy.askExpiry), at: now)
            return .asked(try transaction.requireParentRequest(id), handle: handle)
        }
    }

    /// The request behind `handle`, as its asking client sees it; the first look after an
    /// approval carries the parent mode it opened (``RequestCheck/pass``), later ones do not.
    public func parentRequest(handle: String) async throws(GateError) -> RequestCheck {
        guard !handle.isEmpty, handle.count <= 200 else { throw GateError.notFound(StoreError.requestNotFound("with this handle").description) }
        let now = timeSource.now()
        let hash = SecretToken.hash(handle)
        let store = store
        return try await write { transaction in
            guard let seen = try transaction.parentRequest(handleHash: hash),
                  let profileID = try transaction.profile(named: seen.request.profile)?.id
            else {
                throw StoreError.requestNotFound("with this handle")
            }
            // Expires the request if its time is up, and drops an approval's token whose parent mode is over.
            try transaction.expireParentRequests(profileID: profileID, at: now)
            guard let found = try transaction.parentRequest(handleHash: hash) else {
                throw StoreError.requestNotFound("with this handle")
            }
            guard found.request.status == .approved, let box = found.sessionBox else {
                return RequestCheck(request: found.request, pass: nil)
            }
            let token = try store.unsealSessionToken(box)
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
        let now = timeSource.now()
        return try await write { transaction in
            let request = try transaction.requireParentRequest(id)
            guard request.status == .pending, request.expiresAt <= now,
                  let profileID = try transaction.profile(named: request.profile)?.id
            else { return request }
            try transaction.expireParentRequests(profileID: profileID, at: now)
            return try transaction.requireParentRequest(id)
        }
    }

    /// A parent's decision through an approval link: approves or denies the request, once.
    /// A link of a request already decided (through this link or another parent's) or
    /// expired is refused (``GateError/conflict(_:)``) and changes nothing.
    public func decideParentRequest(approvalToken token: String, approve: Bool) async throws(GateError) -> ParentRequest {
        let id = try await requestID(ofApprovalToken: token)
        return try await decideParentRequest(id, approve: approve, by: "approval link")
    }

    /// A parent's decision on request number `id` (`gatectl ask approve|deny`). Approving
    /// opens parent mode at once, as a pass does, and lifts a lockout or hard lock; the
    /// asking client picks the session up with its handle.
    @discardableResult
    public func decideParentRequest(_ id: Int64, approve: Bool, by actor: String) async throws(GateError) -> ParentRequest {
        let actor = try Self.validated { () throws(GateInputError) in try Label(actor, what: "actor").value }
        let now = timeSource.now()
        let step = try await write { transaction -> DecisionStep in
            var request = try transaction.requireParentRequest(id)
            if request.status == .pending, request.expiresAt <= now, let profileID = try transaction.profile(named: request.profile)?.id {
                try transaction.expireParentRequests(profileID: profileID, at: now)
                request = try transaction.requireParentRequest(id)
            }
            guard request.status == .pending else { return .refuse(request) }
            guard approve else {
                try transaction.decideParentRequest(id, approved: false, by: actor, sessionID: nil, sessionBox: nil, at: now)
                return .done(try transaction.requireParentRequest(id))
            }
            return .approve(request)
        }
        let pending: ParentRequest
        switch step {
        case .done(let request): return request
        case .refuse(let request): throw GateError.conflict("request \(id) was already \(request.status.rawValue); nothing changed")
        case .approve(let request): pending = request
        }
        let store = store
        let applied = try await apply(to: .profile(pending.profile), finishing: { transaction, applied, time in
            guard case .passed = applied.outcome, let token = applied.token else {
                throw StoreError.constraint("the gate of \(pending.profile) is switched off: request \(id) cannot be approved")
            }
            let sessionID = try transaction.newestSessionID(profileID: applied.profile.id)
            try transaction.decideParentRequest(
                id, approved: true, by: actor, sessionID: sessionID, sessionBox: try store.sealSessionToken(token), at: time)
        }) { transaction, _, _, _ in
            guard try transaction.requireParentRequest(id).status == .pending else {
                throw StoreError.constraint("request \(id) is no longer waiting for a parent")
            }
            return .approve(by: actor)
        }
        _ = applied
        return try await read { try $0.requireParentRequest(id) }
    }

    /// What a decision does after its first look at the request.
    private enum DecisionStep: Sendable {
        case done(ParentRequest)
        case refuse(ParentRequest)
        case approve(ParentRequest)
    }

    /// The newest requests to a parent (of `profile`, or of every profile), newest first.
    public func parentRequests(profile: String? = nil, limit: Int = 50) async throws(GateError) -> [ParentRequest] {
        let now = timeSource.now()
        return try await write { transaction in
            let profileID = try profile.map { try transaction.requireProfile(named: $0).id }
            try transaction.expireParentRequests(profileID: profileID, at: now)
            return try transaction.parentRequests(profileID: profileID, limit: max(1, min(limit, Self.maximumPageSize)))
        }
    }

    /// The request number an approval link's token leads to, or not found.
    private func requestID(ofApprovalToken token: String) async throws(GateError) -> Int64 {
        let notFound = GateError.notFound(StoreError.requestNotFound("behind this link").description)
        guard token.count <= 200, let deliveryID = store.deliveryID(ofApprovalToken: token) else { throw notFound }
        guard let id = try await read({ try $0.parentRequestID(deliveryID: deliveryID) }) else { throw notFound }
        return id
    }
}
