import Foundation
@testable import GateCore
import Testing
import TestSlots

/// Drives the pure rules with random event sequences and checks their invariants after
/// every step. Randomness is seeded, so a failure repeats.
@Suite("Gate rules: invariants under random events", .boundedConcurrency)
struct GateMachinePropertyTests {
    /// A tiny in-memory world that carries out the effects the rules ask for.
    struct World {
        var snapshot = GateSnapshot(isEnabled: true, counters: .initial, openChallenge: nil, session: nil)
        var challenges: [ChallengeID: StoredChallenge] = [:]
        var clock = Date(timeIntervalSince1970: 1_800_000_000)
        var nextSession: Int64 = 1

        mutating func apply(_ transition: GateTransition<some Sendable>) {
            snapshot = transition.snapshot
            for effect in transition.effects {
                switch effect {
                case .issue(let issued):
                    challenges[issued.challenge.id] = StoredChallenge(issued: issued, status: .open, wrongAnswers: 0, endedAt: nil)
                case .recordAttempt(let id, _, let outcome, _, _):
                    if challenges[id]?.status == .open, outcome == .wrong || outcome == .tooFast {
                        challenges[id]?.wrongAnswers += 1
                    }
                case .countWrong(let id):
                    challenges[id]?.wrongAnswers += 1
                case .stepProgress(let id, let pressedAt, let doneAt):
                    challenges[id]?.stepPressedAt = pressedAt
                    challenges[id]?.stepDoneAt = doneAt
                case .endChallenge(let id, let status, _, _):
                    challenges[id]?.status = status
                case .openSession(let challengeID, let expiresAt):
                    snapshot.session = ParentSession(
                        id: nextSession, profileID: 1, challengeID: challengeID, openedAt: transition.time, expiresAt: expiresAt,
                        endedAt: nil)
                    nextSession += 1
                case .endSession:
                    snapshot.session = nil
                case .audit, .wrongAnswer:
                    break
                }
            }
            if let open = snapshot.openChallenge {
                snapshot.openChallenge = challenges[open.id]
            }
        }
    }

    static func randomPolicy(_ random: RandomSource) -> Policy {
        var policy = Policy.default
        policy.maxWrongAnswers = random.int(in: 1...3)
        policy.maxFailedChallenges = random.int(in: 1...4)
        policy.lockout = .seconds(random.int(in: 1...600))
        policy.lockoutGrowth = [1.0, 1.5, 2.0, 3.0][random.int(in: 0...3)]
        policy.maxLockout = policy.lockout * random.int(in: 1...20)
        policy.failureWindow = .seconds(random.int(in: 60...7200))
        policy.hardLockAfter = [0, 0, 2, 3][random.int(in: 0...3)]
        policy.timeLimit = .seconds(random.int(in: 5...60))
        policy.minResponseTime = .milliseconds(Int64(random.int(in: 0...3000)))
        return policy
    }

    /// A random event of the invariants test, and what the rules answered to it.
    enum Step {
        case begin, answer(StoredChallenge, value: Int), cancel(StoredChallenge), unlock, endSession, timeCheck
    }

    enum Answered: Equatable {
        case begin(BeginResult), challenge(ChallengeOutcome), cancelled(CancelOutcome), other
    }

    /// Applies `step`, its typed answer wrapped in ``Answered``.
    static func apply(_ step: Step, to snapshot: GateSnapshot, policy: Policy, at time: Date) -> GateTransition<Answered> {
        func erased<Outcome>(_ event: GateEvent<Outcome>, _ answered: (Outcome) -> Answered) -> GateTransition<Answered> {
            let transition = GateMachine.apply(event, to: snapshot, policy: policy, profileID: 1, at: time)
            return GateTransition(snapshot: transition.snapshot, effects: transition.effects, outcome: answered(transition.outcome), time: transition.time)
        }
        return switch step {
        case .begin: erased(.begin(question, id: .random(), client: nil), Answered.begin)
        case .answer(let challenge, let value): erased(.answer(challenge, value: value, client: nil), Answered.challenge)
        case .cancel(let challenge): erased(.cancel(challenge, client: nil), Answered.cancelled)
        case .unlock: erased(.unlock(by: "mum")) { _ in .other }
        case .endSession: erased(.endSession(by: nil)) { _ in .other }
        case .timeCheck: erased(.timeCheck) { _ in .other }
        }
    }

    static let question = PreparedQuestion(prompt: "What is seven times eight?", locale: .english, answer: 56, choices: nil, origin: .arithmetic)

    @Test("failures, lockouts, passes, quiet windows, clock and ended challenges behave", arguments: Array(1...40))
    func invariants(seed: Int) throws {
        let random = RandomSource.seeded(UInt64(seed))
        let policy = Self.randomPolicy(random)
        var world = World()
        var latestSeen: Date?
        var ended: [ChallengeID: ChallengeStatus] = [:]
        for _ in 0..<400 {
            // Time moves: mostly forwards, sometimes backwards (a clock turned back).
            let step = [0, 1, 2, 5, 20, 60, 400, 4000, -3600, -30][random.int(in: 0...9)]
            world.clock = world.clock.addingTimeInterval(TimeInterval(step))
            let before = world.snapshot
            let known = Array(world.challenges.values).sorted { $0.id.rawValue < $1.id.rawValue }
            let event: Step = switch random.int(in: 0...9) {
            case 0, 1, 2: .begin
            case 3, 4, 5, 6:
                if let target = world.snapshot.openChallenge ?? random.element(of: known) {
                    .answer(target, value: random.int(in: 0...2) == 0 ? 56 : 55)
                } else { .timeCheck }
            case 7: random.element(of: known).map { .cancel($0) } ?? .timeCheck
            case 8: random.int(in: 0...5) == 0 ? .unlock : .endSession
            default: .timeCheck
            }
            let transition = Self.apply(event, to: before, policy: policy, at: world.clock)
            world.apply(transition)
            let after = world.snapshot.counters

            // The clock: time never goes back, and a backward reading is audited; an adult's
            // unlock takes the reading as the latest time seen.
            let unlocking = if case .unlock = event { true } else { false }
            let anomaly = transition.effects.contains { if case .audit(let e) = $0 { e.kind == .clockAnomaly } else { false } }
            if let latest = latestSeen {
                #expect(transition.time >= latest || unlocking)
                #expect(anomaly == (world.clock < latest))
            } else {
                #expect(!anomaly)
            }
            latestSeen = unlocking ? world.clock : max(latestSeen ?? world.clock, world.clock)
            #expect(after.latestSeenAt == latestSeen)

            // Walk the effects in order with an independent count of failures in a row and of
            // the lockout level: every failure that reaches maxFailedChallenges is followed by
            // exactly one lockout (or hard lock), each lockout is one level up from the last,
            // lasts lockout × growth^(n-1) capped, and only the level after hardLockAfter is hard.
            var failures = before.counters.failuresInRow
            var level = before.counters.lockoutLevel
            var lockDue = false
            for effect in transition.effects {
                switch effect {
                case .endChallenge(_, let status, _, _):
                    #expect(!lockDue, "a failure reached the limit without a lockout")
                    if status == .passed {
                        failures = 0
                        level = 0
                    } else {
                        failures += 1
                        lockDue = failures >= policy.maxFailedChallenges
                    }
                case .audit(let audit) where audit.kind == .countersReset:
                    failures = 0
                    level = 0
                case .audit(let audit) where audit.kind == .lockoutStarted:
                    #expect(lockDue, "a lockout without reaching the limit")
                    lockDue = false
                    failures = 0
                    level += 1
                    #expect(audit.details["level"] == String(level))
                    #expect(policy.hardLockAfter == 0 || level <= policy.hardLockAfter)
                    let expected = min(
                        Double(policy.lockout.wholeMilliseconds) * pow(policy.lockoutGrowth, Double(level - 1)),
                        Double(policy.maxLockout.wholeMilliseconds))
                    #expect(audit.details["durationMs"] == String(Int64(expected.rounded())))
                    if !unlocking, let until = Int64(audit.details["until"] ?? "") {
                        #expect(after.lockedUntil?.millisecondsSince1970 == until)
                    }
                case .audit(let audit) where audit.kind == .hardLockStarted:
                    #expect(lockDue, "a hard lock without reaching the limit")
                    lockDue = false
                    failures = 0
                    level += 1
                    #expect(policy.hardLockAfter > 0 && level == policy.hardLockAfter + 1)
                default:
                    break
                }
            }
            #expect(!lockDue, "a failure reached the limit without a lockout")
            if !unlocking {
                #expect(after.failuresInRow == failures)
                #expect(after.lockoutLevel == level)
            }
            #expect(after.failuresInRow < policy.maxFailedChallenges)

            // A pass resets the count and the level.
            if case .challenge(.passed) = transition.outcome {
                #expect(after.failuresInRow == 0 && after.lockoutLevel == 0)
            }

            // Listeners are told of a wrong answer that left tries, and of nothing else as one.
            let told = transition.effects.compactMap { if case .wrongAnswer(_, let tries) = $0 { tries } else { nil } }
            if case .challenge(.wrong(let triesLeft, _)) = transition.outcome {
                #expect(told == [triesLeft])
            } else {
                #expect(told.isEmpty)
            }

            // A lock refuses begin; a hard lock lasts until an unlock.
            if before.counters.isHardLocked, case .begin = event {
                #expect(transition.outcome == .begin(.hardLocked))
            }
            if before.counters.isHardLocked, !after.isHardLocked {
                guard case .unlock = event else {
                    Issue.record("a hard lock lifted without an unlock")
                    return
                }
            }
            if let until = before.counters.lockedUntil, until > transition.time, !before.counters.isHardLocked, case .begin = event {
                #expect(transition.outcome == .begin(.lockedOut(until: until)))
            }

            // An ended challenge never changes again.
            for effect in transition.effects {
                if case .endChallenge(let id, let status, _, _) = effect {
                    #expect(ended[id] == nil, "challenge ended twice")
                    ended[id] = status
                }
            }
            if case .answer(let target, _) = event, let status = ended[target.id], target.status != .open {
                #expect(transition.outcome == .challenge(.alreadyEnded(status)))
                #expect(!transition.effects.contains { if case .endChallenge = $0 { true } else { false } })
            }
            if case .cancel(let target) = event, let status = ended[target.id], target.status != .open, before.isEnabled {
                #expect(transition.outcome == .cancelled(.alreadyEnded(status)))
                #expect(!transition.effects.contains { if case .endChallenge = $0 { true } else { false } })
            }
        }
    }

    @Test("failures spread wider than failureWindow never start a lockout")
    func quietWindowResets() {
        var policy = Policy.default
        policy.failureWindow = .seconds(3600)
        var world = World()
        for _ in 0..<20 {
            let begin = GateMachine.apply(.begin(Self.question, id: .random(), client: nil), to: world.snapshot, policy: policy, profileID: 1, at: world.clock)
            world.apply(begin)
            guard case .challenge(let challenge) = begin.outcome, let open = world.challenges[challenge.id] else {
                Issue.record("expected a challenge, got \(begin.outcome)")
                return
            }
            world.clock = world.clock.addingTimeInterval(3)
            let answer = GateMachine.apply(.answer(open, value: 1, client: nil), to: world.snapshot, policy: policy, profileID: 1, at: world.clock)
            world.apply(answer)
            #expect(answer.outcome == .failed(.tooManyWrongAnswers))
            world.clock = world.clock.addingTimeInterval(3600)
        }
        #expect(world.snapshot.counters.lockoutLevel == 0)
    }

    @Test("the last try too fast fails as tooFast; a slow wrong one as tooManyWrongAnswers")
    func tooFastLastTry() {
        var policy = Policy.default
        policy.maxWrongAnswers = 2
        var world = World()
        let begin = GateMachine.apply(.begin(Self.question, id: .random(), client: nil), to: world.snapshot, policy: policy, profileID: 1, at: world.clock)
        world.apply(begin)
        guard case .challenge(let challenge) = begin.outcome else {
            Issue.record("expected a challenge, got \(begin.outcome)")
            return
        }
        var outcomes: [ChallengeOutcome] = []
        for (step, value) in [(1.0, 55), (0.2, 56)] {
            world.clock = world.clock.addingTimeInterval(step)
            let answer = GateMachine.apply(
                .answer(world.challenges[challenge.id]!, value: value, client: nil), to: world.snapshot, policy: policy,
                profileID: 1, at: world.clock)
            world.apply(answer)
            outcomes.append(answer.outcome)
        }
        #expect(outcomes == [.wrong(triesLeft: 1, tooFast: true), .failed(.tooFast)])
        #expect(world.challenges[challenge.id]?.status == .failed, "stored as failed, like any too many wrong answers")
    }

    @Test("Escalation follows lockout × growth^(n-1) up to the cap")
    func escalation() {
        var policy = Policy.default
        policy.lockout = .seconds(60)
        policy.lockoutGrowth = 3
        policy.maxLockout = .seconds(3000)
        let lengths = (1...6).map { Escalation.lockoutDuration(level: $0, policy: policy) }
        #expect(lengths == [.seconds(60), .seconds(180), .seconds(540), .seconds(1620), .seconds(3000), .seconds(3000)])
        #expect(Escalation.lockoutDuration(level: 10_000, policy: policy) == .seconds(3000))
    }
}
