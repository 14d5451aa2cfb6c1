import Foundation
import GateCore

/// The reads and writes of one transaction of a ``GateStorage``, named after what they do.
///
/// Both backends implement every one of them: ``StoreTransaction`` on SQLite, and the
/// PostgreSQL store's transaction. Every write that changes gate state appends its audit
/// record in the same transaction; in a read-only transaction every write fails.
package protocol GateTransaction {

    // MARK: AdminTokens

    /// Stores the hash of `token` (a new one when `nil`) as an admin token; returns the token.
    @discardableResult
    func addAdminToken(_ token: String?, label: Label, retiring: AdminTokenRetirement, by actor: Label, at now: Date) throws -> String
    /// Whether `token` opens the admin API.
    func isAdminToken(_ token: String) throws -> Bool

    // MARK: Audit

    /// Appends `event` to the audit log at `now`, chained to the latest record.
    @discardableResult
    func appendAudit(_ event: AuditEvent, at now: Date) throws -> (id: Int64, repeated: Bool)
    /// How many records of each of `kinds` the audit log holds (by its kind-and-time index).
    func auditCounts(of kinds: [AuditEventKind]) throws -> [AuditEventKind: Int]
    /// A page of the audit entries matching `filter`, in `order`.
    func auditEntries(_ filter: AuditFilter, order: PageOrder, limit: Int, after cursor: PageCursor<AuditEntry>?) throws -> Page<AuditEntry>

    // MARK: Challenges

    /// Stores a newly issued challenge and audits its issue.
    func insertChallenge(_ issued: IssuedChallenge, at now: Date) throws
    /// The challenge with identifier `id`, if any.
    func challenge(id: ChallengeID) throws -> StoredChallenge?
    /// The profile's open challenge, if it has one.
    func openChallenge(profileID: Int64) throws -> StoredChallenge?
    /// Records an answer to challenge `id` and audits it; returns the attempt.
    @discardableResult
    func recordAttempt(challenge id: ChallengeID, value: Int, outcome: AnswerOutcome, responseTime: Duration, client: String?, at now: Date) throws -> Attempt?
    /// One more wrong try of open challenge `id` that no attempt records (a refused drag or step).
    func countWrong(challenge id: ChallengeID) throws
    /// Sets the progress of open challenge `id`'s step: when it was pressed, when it was passed.
    func setStepProgress(challenge id: ChallengeID, pressedAt: Date?, doneAt: Date?) throws
    /// Ends challenge `id` as `status` and audits the end.
    func endChallenge(_ id: ChallengeID, as status: ChallengeStatus, failure: FailureReason?, client: String?, at now: Date) throws
    /// A page of the recorded attempts matching `filter`, newest first.
    func attempts(_ filter: AttemptFilter, limit: Int, after cursor: PageCursor<Attempt>?) throws -> Page<Attempt>

    // MARK: Counters

    /// The profile's gate counters.
    func gateCounters(profileID: Int64) throws -> GateCounters
    /// Saves the profile's gate counters and appends `events` to the audit log.
    func saveGateCounters(_ counters: GateCounters, profileID: Int64, auditing events: [AuditEvent], at now: Date) throws

    // MARK: Household

    /// The language challenges fall back to before English.
    func householdLocale() throws -> LocaleTag
    /// Sets the household's default language and audits the change.
    func setHouseholdLocale(_ locale: LocaleTag, by actor: Label, at now: Date) throws

    // MARK: Notifications

    /// Stores a new subscription (a webhook with its sealed secret) and audits it.
    func addNotification(_ settings: NotificationSettings, secret: SealedSecret?, by actor: Label, at now: Date) throws -> NotificationSubscription
    /// Every subscription, oldest first, with how its deliveries went.
    func notifications() throws -> [NotificationSubscription]
    /// The subscription with id `id`, or ``StoreError/notFound(_:)``.
    func requireNotification(_ id: Int64) throws -> NotificationSubscription
    /// Removes subscription `id` with its deliveries not made yet, and audits it; returns it as it was.
    func removeNotification(_ id: Int64, by actor: Label, at now: Date) throws -> NotificationSubscription
    /// Audits a test and queues it for subscription `id` (every one when `nil`); returns how many.
    func queueTestNotification(_ id: Int64?, by actor: Label, at now: Date) throws -> Int
    /// Claims up to `limit` deliveries due at `now`, oldest first, each for `lease`.
    func claimNotifications(at now: Date, lease: Duration, limit: Int, horizon: Duration) throws -> [ClaimedNotification]
    /// Records that the delivery `outboxID` of subscription `subscriptionID` arrived.
    func recordNotificationDelivered(_ outboxID: Int64, subscription subscriptionID: Int64, at now: Date) throws
    /// Records that a try of delivery `outboxID` failed with `error`, and when to try again.
    func recordNotificationFailed(_ outboxID: Int64, subscription subscriptionID: Int64, error: String, retryAt: Date, at now: Date) throws
    /// When the next delivery not made yet is due; `nil` when there is none.
    func nextNotificationDue() throws -> Date?

    // MARK: ParentCodes

    /// Stores a parent's code whose secret is sealed in `secretBox`; refused when `name` is taken.
    func addParentCode(name: ProfileName, secretBox: Data, by actor: Label, at now: Date) throws -> ParentCode
    /// Every parent's code, by name; never a secret.
    func parentCodes() throws -> [ParentCode]
    /// Every parent's code with its sealed secret, by name.
    func parentCodeSecrets() throws -> [(id: Int64, name: String, secretBox: Data)]
    /// Removes the parent's code called `name` (compared ignoring case); returns it as it was.
    func removeParentCode(named name: String, by actor: Label, at now: Date) throws -> ParentCode
    /// How many codes were typed wrong (or used) since `time`, across the household, and the oldest's time.
    func wrongParentCodes(since time: Date) throws -> (count: Int, oldest: Date?)
    /// Spends step `step` of parent's code `id`; `false` when a step as new was already spent.
    func spendParentCode(_ id: Int64, step: Int64, at now: Date) throws -> Bool

    // MARK: ParentRequests

    /// Stores a pending request of `profile` and audits it; returns its number.
    func addParentRequest(profile: Profile, handleHash: Data, client: String?, expiresAt: Date, at now: Date) throws -> Int64
    /// The request behind the asking client's handle, with its sealed session token, if any.
    func parentRequest(handleHash: Data) throws -> (request: ParentRequest, sessionBox: Data?)?
    /// Request number `id`, or ``StoreError/notFound(_:)``.
    func requireParentRequest(_ id: Int64) throws -> ParentRequest
    /// The number of the request a `request` notification's delivery was made for.
    func parentRequestID(deliveryID: String) throws -> Int64?
    /// The profile's newest request, if any.
    func latestParentRequest(profileID: Int64) throws -> ParentRequest?
    /// How many requests wait for a parent at `time`.
    func waitingParentRequests(at time: Date) throws -> Int
    /// The newest requests (of one profile, or all), newest first.
    func parentRequests(profileID: Int64?, limit: Int) throws -> [ParentRequest]
    /// Marks every pending request (of one profile, or all) whose time is up as expired.
    @discardableResult
    func expireParentRequests(profileID: Int64?, reading: Date) throws -> Int
    /// Records a parent's decision on request `id`, pending and not expired at `now`.
    func decideParentRequest(_ id: Int64, approved: Bool, by actor: String, sessionID: Int64?, sessionBox: Data?, at now: Date) throws
    /// The asking client has its session token: it is not kept any longer.
    func markParentRequestPickedUp(_ id: Int64, at now: Date) throws
    /// The id of the profile's session opened last (the one an approval just opened).
    func newestSessionID(profileID: Int64) throws -> Int64?

    // MARK: Policy

    /// The fields `scope` sets itself, and its version.
    func policyOverrides(_ scope: PolicyScope) throws -> PolicyOverrides
    /// The policy in force for `scope`, with where each value comes from.
    func effectivePolicy(_ scope: PolicyScope) throws -> EffectivePolicy
    /// Sets `field` of `scope`'s policy to `value` (`nil`: inherit again), recording who did it.
    @discardableResult
    func setPolicy(_ field: PolicyField, to value: PolicyValue?, for scope: PolicyScope, by actor: Label, at now: Date) throws -> PolicyChange?
    /// Sets several fields of `scope`'s policy at once (`nil`: inherit again) as one new version.
    @discardableResult
    func setPolicy(_ values: [(PolicyField, PolicyValue?)], for scope: PolicyScope, by actor: Label, at now: Date) throws -> [PolicyChange]
    /// Recorded policy changes, newest first: of one scope, or of all when `scope` is `nil`.
    func policyHistory(_ scope: PolicyScope?, limit: Int) throws -> [PolicyChange]
    /// Throws when any effective policy is inconsistent with the stored question sets.
    func checkPoliciesAgainstQuestions() throws
    /// The fewest own choices of a stored question `source` may ask; `nil` when none has its own.
    func fewestOwnChoices(for source: QuestionSource) throws -> Int?

    // MARK: Profiles

    /// Every profile, by name.
    func profiles() throws -> [Profile]
    /// The profile called `name` (ignoring case), if any.
    func profile(named name: String) throws -> Profile?
    /// The profile called `name`, or ``StoreError/notFound(_:)``.
    func requireProfile(named name: String) throws -> Profile
    /// The profile with identifier `id`, if any.
    func profile(id: Int64) throws -> Profile?
    /// Adds a profile with fresh gate counters.
    func addProfile(name: ProfileName, displayName: Label?, locale: LocaleTag, by actor: Label, at now: Date) throws -> Profile
    /// Renames the profile called `name`.
    func renameProfile(_ name: String, to newName: ProfileName, by actor: Label, at now: Date) throws -> Profile
    /// Changes the display name and/or locale of the profile called `name`.
    func updateProfile(_ name: String, displayName: Label?, locale: LocaleTag?, by actor: Label, at now: Date) throws -> Profile
    /// Enables or disables the profile called `name`; a disabled profile's gate refuses everything.
    func setProfileEnabled(_ name: String, _ isEnabled: Bool, by actor: Label, at now: Date) throws -> Profile
    /// Removes the profile called `name` with its policy, challenges, attempts and sessions.
    func removeProfile(_ name: String, by actor: Label, at now: Date) throws

    // MARK: Prune

    /// Drops audit records, attempts, ended challenges and ended sessions older than `cutoff`.
    func pruneAudit(before cutoff: Date, by actor: Label, at now: Date) throws -> PruneResult

    // MARK: Questions

    /// Stores `set`, replacing one of the same name and locale only when `replacing`.
    @discardableResult
    func importQuestionSet(_ set: QuestionSet, replacing: Bool, by actor: Label, at now: Date) throws -> QuestionSetSummary
    /// Every stored question set, by name and locale.
    func questionSets() throws -> [QuestionSetSummary]
    /// The locales the set called `name` exists in.
    func questionSetLocales(named name: String) throws -> [LocaleTag]
    /// The questions of the set called `name` in exactly `locale`, in their order.
    func questions(inSet name: String, locale: LocaleTag) throws -> [StoredQuestion]
    /// The question with identifier `id`, if it still exists.
    func question(id: Int64) throws -> StoredQuestion?
    /// Removes the set called `name` in `locale`, or in every locale when `locale` is `nil`.
    @discardableResult
    func removeQuestionSet(named name: String, locale: LocaleTag?, by actor: Label, at now: Date) throws -> Int

    // MARK: Sessions

    /// Opens parent mode for the profile until `expiresAt` and audits it.
    func openSession(profileID: Int64, challengeID: ChallengeID?, expiresAt: Date, at now: Date) throws -> (session: ParentSession, token: String)
    /// The session the token belongs to, live or not, if any.
    func session(token: String) throws -> ParentSession?
    /// The session whose token's SHA-256 is `tokenHash`, live or not, if any.
    func session(tokenHash: Data) throws -> ParentSession?
    /// The profile's session that is live at `time`, if any.
    func liveSession(profileID: Int64, at time: Date) throws -> ParentSession?
    /// Ends session `id` early (`ended`, or `replaced` by a newer one) and audits it.
    func endSession(_ id: Int64, reason: SessionEndReason, by actor: String?, at now: Date) throws

    // MARK: Stats

    /// Per profile since `since` (all time when `nil`): attempts, passes, failures, lockouts.
    func gateStats(profileID: Int64?, since: Date?) throws -> [GateStats]

    // MARK: Transaction

    /// The time the gate's rules read in this transaction: `local` (the gate's own time
    /// source), or the database server's clock where the store keeps one clock for every
    /// daemon (PostgreSQL's default), so that daemons whose clocks differ agree.
    func clockReading(_ local: Date) throws -> Date

    /// Records everything this transaction writes as done for the local account `account`.
    func attribute(to account: String?)
}

extension GateTransaction {
    @discardableResult
    package func addAdminToken(_ token: String?, label: Label, by actor: Label, at now: Date) throws -> String {
        try addAdminToken(token, label: label, retiring: .none, by: actor, at: now)
    }

    package func auditEntries(_ filter: AuditFilter, order: PageOrder = .oldestFirst, limit: Int) throws -> Page<AuditEntry> {
        try auditEntries(filter, order: order, limit: limit, after: nil)
    }

    package func auditEntries(_ filter: AuditFilter, limit: Int, after cursor: PageCursor<AuditEntry>?) throws -> Page<AuditEntry> {
        try auditEntries(filter, order: .oldestFirst, limit: limit, after: cursor)
    }

    package func endChallenge(_ id: ChallengeID, as status: ChallengeStatus, failure: FailureReason? = nil, at now: Date) throws {
        try endChallenge(id, as: status, failure: failure, client: nil, at: now)
    }

    package func attempts(_ filter: AttemptFilter, limit: Int) throws -> Page<Attempt> {
        try attempts(filter, limit: limit, after: nil)
    }

    package func policyHistory(_ scope: PolicyScope?) throws -> [PolicyChange] {
        try policyHistory(scope, limit: 100)
    }

    package func addProfile(name: ProfileName, locale: LocaleTag, by actor: Label, at now: Date) throws -> Profile {
        try addProfile(name: name, displayName: nil, locale: locale, by: actor, at: now)
    }
}
