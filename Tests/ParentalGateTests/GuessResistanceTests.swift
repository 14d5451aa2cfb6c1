import Foundation
@testable import GateCore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// Checks the guess-resistance model against a random answerer driven through the real gate
/// (an in-memory SQLite database and a manual clock).
@Suite("Guess resistance: the model against a simulated random answerer", .boundedConcurrency)
struct GuessResistanceTests {
    /// A child who waits `minResponseTime`, then picks choices at random, never the same twice.
    struct RandomAnswerer {
        let test: TestGate
        let random: RandomSource
        let policy: Policy

        /// Plays one challenge; returns the final result.
        func play(_ challenge: Challenge) async throws -> AnswerResult {
            test.clock.advance(by: policy.minResponseTime)
            var options = random.shuffled(challenge.choices ?? [])
            while let guess = options.popLast() {
                let result = try await test.gate.answer(challenge: challenge.id, value: guess)
                if case .wrong = result { continue }
                return result
            }
            return .failed(.tooManyWrongAnswers)
        }
    }

    static func setUp(_ settings: [PolicyField: String], seed: UInt64) async throws -> (TestGate, Policy) {
        let test = try TestGate(seed: seed)
        try await test.gate.addProfile("emma")
        try await test.gate.setPolicy(.answerFormat, to: "choice")
        for (field, value) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try await test.gate.setPolicy(field, to: value)
        }
        return (test, try await test.gate.policy(for: "emma").policy)
    }

    /// Whether `observed` successes of `trials` agree with probability `expected` within 4.5 σ.
    static func agrees(_ observed: Int, of trials: Int, with expected: Double) -> Bool {
        let sigma = (expected * (1 - expected) / Double(trials)).squareRoot()
        return abs(Double(observed) / Double(trials) - expected) <= 4.5 * sigma
    }

    @Test("per challenge: min(k, N) / N", arguments: [(4, 1), (4, 2), (6, 1)])
    func perChallenge(choices: Int, tries: Int) async throws {
        let (test, policy) = try await Self.setUp(
            [.choiceCount: String(choices), .maxWrongAnswers: String(tries), .maxFailedChallenges: "100"], seed: UInt64(choices * 10 + tries))
        let model = GuessResistance(policy: policy)
        #expect(model.perChallenge == Double(tries) / Double(choices))
        let answerer = RandomAnswerer(test: test, random: .seeded(7), policy: policy)
        let trials = 800
        var passes = 0
        for _ in 0..<trials {
            if case .passed = try await answerer.play(try await test.begin("emma")) { passes += 1 }
            try await test.gate.unlock(profile: "emma", by: "test")
            test.advance(by: .seconds(1))
        }
        #expect(Self.agrees(passes, of: trials, with: model.perChallenge), "\(passes) of \(trials) vs \(model.perChallenge)")
    }

    @Test("before the first lockout: 1 − (1 − p)^F")
    func beforeFirstLockout() async throws {
        let (test, policy) = try await Self.setUp([.choiceCount: "4", .maxFailedChallenges: "3"], seed: 3)
        let model = GuessResistance(policy: policy)
        #expect(abs(model.beforeFirstLockout - (1 - pow(0.75, 3))) < 1e-12)
        let answerer = RandomAnswerer(test: test, random: .seeded(8), policy: policy)
        let trials = 800
        var passes = 0
        for _ in 0..<trials {
            while true {
                let result = try await answerer.play(try await test.begin("emma"))
                if case .passed = result {
                    passes += 1
                    break
                }
                if case .lockedOut = result { break }
            }
            try await test.gate.unlock(profile: "emma", by: "test")
            try await test.gate.endSession(profile: "emma")
            test.advance(by: .seconds(1))
        }
        #expect(Self.agrees(passes, of: trials, with: model.beforeFirstLockout), "\(passes) of \(trials) vs \(model.beforeFirstLockout)")
    }

    static let dayPolicies: [[PolicyField: String]] = [
        [:],
        [.maxFailedChallenges: "2", .lockout: "2h", .maxLockout: "24h"],
        [.maxFailedChallenges: "5", .lockout: "1m", .lockoutGrowth: "1.5", .maxLockout: "1h", .minResponseTime: "3s"],
        [.hardLockAfter: "3"],
        [.maxFailedChallenges: "1", .hardLockAfter: "2", .lockout: "2s", .failureWindow: "1m", .minResponseTime: "0s"],
    ]

    /// Plays challenges of `policy` through the gate until `end` or a lock: each begun, and
    /// given up (cancelled) after `minResponseTime`; a lockout is waited out. Returns how many.
    static func playWithoutPauses(_ test: TestGate, policy: Policy, until end: Date, limit: Int = .max) async throws -> Int {
        var challenges = 0
        while test.clock.now < end, challenges < limit {
            switch try await test.gate.begin(profile: "emma") {
            case .challenge(let challenge):
                challenges += 1
                test.clock.advance(by: policy.minResponseTime)
                _ = try await test.gate.cancel(challenge: challenge.id)
            case .lockedOut(let until), .quietHours(let until):
                test.clock.set(to: until)
            case .hardLocked, .disabled:
                return challenges
            }
        }
        return challenges
    }

    @Test("within 24 hours without pauses: the challenges a relentless answerer gets match the model exactly", arguments: dayPolicies)
    func challengesWithoutPauses(settings: [PolicyField: String]) async throws {
        let (test, policy) = try await Self.setUp(settings, seed: 4)
        let end = test.clock.now.addingTimeInterval(86_400)
        let played = try await Self.playWithoutPauses(test, policy: policy, until: end)
        #expect(played == TryingSchedule(policy: policy, horizon: 86_400_000).withoutPauses(within: 86_400_000))
    }

    @Test("within 24 hours: the best schedule of pauses, played through the real gate, gets exactly the model's count", arguments: dayPolicies)
    func bestSchedule(settings: [PolicyField: String]) async throws {
        let (test, policy) = try await Self.setUp(settings, seed: 4)
        let start = test.clock.now
        let end = start.addingTimeInterval(86_400)
        let schedule = TryingSchedule(policy: policy, horizon: 86_400_000)
        let (count, plan) = schedule.best(within: 86_400_000)
        var played = 0
        for cycle in plan {
            // The cycle's rounds up to its last lockout, then (if it stops short) one round less
            // one challenge; then a quiet failureWindow, which resets the level.
            let rounds = cycle.lockouts * policy.maxFailedChallenges + (cycle.stopsShort ? policy.maxFailedChallenges - 1 : 0)
            played += try await Self.playWithoutPauses(test, policy: policy, until: end, limit: rounds)
            if !cycle.stopsShort, case .lockedOut(let until) = try await test.gate.begin(profile: "emma") {
                test.clock.set(to: until)
            }
            test.clock.advance(by: policy.failureWindow)
            let state = try await test.gate.state(profile: "emma")
            #expect(state == .child, "after the pause the gate is open again")
        }
        played += try await Self.playWithoutPauses(test, policy: policy, until: end)
        #expect(played == count, "\(plan)")
        #expect(count == GuessResistance(policy: policy).challengesPer24Hours)
        #expect(count >= schedule.withoutPauses(within: 86_400_000))
    }

    @Test("within 24 hours: 1 − (1 − p)^n against the simulation")
    func withinADay() async throws {
        let (test, policy) = try await Self.setUp(
            [.choiceCount: "8", .maxFailedChallenges: "2", .lockout: "2h", .maxLockout: "24h"], seed: 5)
        let model = GuessResistance(policy: policy)
        #expect(model.challengesPer24Hours >= 8)
        let answerer = RandomAnswerer(test: test, random: .seeded(9), policy: policy)
        let trials = 400
        var passes = 0
        for _ in 0..<trials {
            let end = test.clock.now.addingTimeInterval(86_400)
            trial: while test.clock.now < end {
                switch try await test.gate.begin(profile: "emma") {
                case .challenge(let challenge):
                    if case .passed = try await answerer.play(challenge) {
                        passes += 1
                        break trial
                    }
                case .lockedOut(let until), .quietHours(let until):
                    test.clock.set(to: until)
                case .hardLocked, .disabled:
                    break trial
                }
            }
            try await test.gate.unlock(profile: "emma", by: "test")
            try await test.gate.endSession(profile: "emma")
            test.clock.set(to: end.addingTimeInterval(1))
        }
        // This answerer never pauses: the chance over the challenges a day without pauses gives.
        let day = TryingSchedule(policy: policy, horizon: 86_400_000).withoutPauses(within: 86_400_000)
        let expected = 1 - pow(1 - model.perChallenge, Double(day))
        #expect(model.within24Hours >= expected)
        #expect(Self.agrees(passes, of: trials, with: expected), "\(passes) of \(trials) vs \(expected)")
    }

    @Test("entry format: the best guess per operation, and one over it as the candidates a guess faces")
    func entryFormat() {
        var policy = Policy.default
        policy.difficulty = .easy
        let easy = GuessResistance(policy: policy)
        #expect(easy.perChallenge == ArithmeticSpace.of(.easy).bestGuess(tries: 1))
        #expect(easy.candidates == Int((1 / easy.perChallenge).rounded()))
        policy.difficulty = .hard
        #expect(GuessResistance(policy: policy).perChallenge < easy.perChallenge)
        #expect(easy.beforeFirstLockout > easy.perChallenge)
        #expect(easy.within24Hours >= easy.beforeFirstLockout)
    }

    static func questions(_ answers: [Int], choices: [Int]? = nil) throws -> [Question] {
        try answers.map { answer in
            try Question(prompt: "How many? \(answer)", answer: answer, choices: choices.map { $0.contains(answer) ? $0 : $0 + [answer] })
        }
    }

    @Test("choice: each question's own options count, with tries capped at one fewer than them")
    func storedChoices() throws {
        var policy = Policy.default
        policy.questionSource = .questionSet("animals")
        policy.answerFormat = .choice
        let two = try Question(prompt: "Legs of a bird?", answer: 2, choices: [2, 4])
        let four = try Question(prompt: "Legs of a dog?", answer: 4, choices: [2, 4, 6, 8])
        let figures = GuessResistance(policy: policy, storedQuestions: [two, four])
        #expect(figures.perChallenge == (0.5 + 0.25) / 2)
        #expect(figures.candidates == 3)
        policy.questionSource = .mixed
        #expect(GuessResistance(policy: policy, storedQuestions: [two]).perChallenge == (0.25 + 0.5) / 2)
        policy.maxWrongAnswers = 3
        policy.choiceCount = 8
        #expect(GuessResistance(policy: policy, storedQuestions: [two]).perChallenge == (3.0 / 8 + 1.0 / 2) / 2,
                "a two-option question gives one try, not three")
    }

    @Test("entry: stored questions are guessed with the set's most frequent answers")
    func storedEntry() throws {
        var policy = Policy.default
        policy.questionSource = .questionSet("legs")
        let legs = try Self.questions([8, 8, 4, 2])
        let one = GuessResistance(policy: policy, storedQuestions: legs)
        #expect(one.perChallenge == 0.5)
        #expect(one.strategy.contains("answer 8"))
        policy.maxWrongAnswers = 2
        #expect(GuessResistance(policy: policy, storedQuestions: legs).perChallenge == 0.75)
        policy.questionSource = .mixed
        let mixed = GuessResistance(policy: policy, storedQuestions: legs)
        #expect(abs(mixed.perChallenge - (ArithmeticSpace.of(.standard).bestGuess(tries: 2) + 0.75) / 2) < 1e-12)
    }

    @Test("the gate counts the stored questions of the profile's own locale")
    func profileLocale() async throws {
        let test = try TestGate(seed: 6)
        try await test.gate.addProfile("emma", locale: "de")
        try await test.gate.addProfile("liam", locale: "en")
        try await test.gate.importQuestions(try Self.questions([1, 1, 2]), set: "quiz", locale: "en")
        try await test.gate.importQuestions(try Self.questions([5, 6, 7]), set: "quiz", locale: "de")
        try await test.gate.setPolicy(.questionSource, to: "questionSet:quiz")
        let german = try await test.gate.guessResistance(for: "emma")
        let english = try await test.gate.guessResistance(for: "liam")
        #expect(abs(german.perChallenge - 1.0 / 3) < 1e-12)
        #expect(abs(english.perChallenge - 2.0 / 3) < 1e-12)
        #expect(english.strategy.contains("answer 1"))
    }

    @Test("a hard lock follows hardLockAfter timed lockouts and ends a day without pauses; a guesser who pauses avoids it")
    func hardLockEndsTheDay() {
        var policy = Policy.default
        policy.hardLockAfter = 2
        #expect(TryingSchedule(policy: policy, horizon: 86_400_000).withoutPauses(within: 86_400_000) == 3 * 3)
        #expect(GuessResistance(policy: policy).challengesPer24Hours > 3 * 3, "pausing before the hard lock gets more")
    }
}
