import Foundation
import ParentalGate

/// A gate for the tests of code that embeds ParentalGate: an in-memory database, a clock
/// that moves only when the test says so, seeded questions, and the answers.
///
/// ```swift
/// let test = try TestGate()
/// try await test.gate.addProfile("emma")
/// let challenge = try await test.begin("emma")
/// #expect(try await test.pass(challenge) == …)    // the right answer, 3 s later
/// test.advance(by: .minutes(10))                  // parent mode is over
/// ```
///
/// Nothing here sleeps: time moves by ``advance(by:)`` (and the pause ``pass(_:after:)`` and
/// ``fail(_:after:)`` take), so tests of lockouts and sessions run at once.
public struct TestGate: Sendable {
    /// The gate to hand to the code under test.
    public let gate: Gate
    /// The gate's clock.
    public let clock: ManualClock
    /// Where the gate keeps its database (``DatabaseLocation/inMemory`` unless given).
    public let database: DatabaseLocation

    /// A new gate on `database` (by default a fresh in-memory one), its clock at `start`,
    /// its questions drawn from `seed` (the same seed asks the same questions).
    public init(
        database: DatabaseLocation = .inMemory, seed: UInt64 = 1,
        startingAt start: Date = Date(timeIntervalSince1970: 1_800_000_000)
    ) throws(GateError) {
        try self.init(database: database, seed: seed, startingAt: start, busyTimeout: nil)
    }

    /// A new gate on `database` whose rules read `clock`, which other test gates may share
    /// (several families of one service, on one time).
    public init(database: DatabaseLocation = .inMemory, seed: UInt64 = 1, clock: ManualClock) throws(GateError) {
        self.clock = clock
        self.database = database
        gate = try Gate(database: database, timeSource: .manual(clock), random: .seeded(seed), singleConnection: false)
    }

    /// The same, with a write waiting `busyTimeout` for another process's lock (the project's
    /// own tests: a margin a loaded machine cannot miss, or a short wait for a failure).
    package init(
        database: DatabaseLocation, seed: UInt64 = 1, startingAt start: Date = Date(timeIntervalSince1970: 1_800_000_000),
        busyTimeout: Duration?
    ) throws(GateError) {
        clock = ManualClock(start)
        self.database = database
        gate = try Gate(
            database: database, timeSource: .manual(clock), random: .seeded(seed), singleConnection: false, busyTimeout: busyTimeout)
    }

    /// A test gate around `gate`, whose rules read `clock` (the project's own tests, on
    /// another backend than a file).
    package init(gate: Gate, clock: ManualClock) {
        self.gate = gate
        self.clock = clock
        database = .inMemory
    }

    /// Makes the gate's database fail as `kind` would, for the next `times` operations (every
    /// one until ``heal()``, with `nil`): an embedder's tests of its error paths.
    ///
    /// A write meets every kind; a read only those that stop reads too (`.unreachable`,
    /// `.damaged`, …), so a `.readOnly` or `.busy` database still answers a status.
    ///
    /// ```swift
    /// test.failDatabase(as: .busy)
    /// await #expect(throws: GateError.self) { try await service.buy("emma") }  // 503, retry
    /// ```
    public func failDatabase(as kind: DatabaseFailure.Kind, times: Int? = 1) {
        gate.injectFailure(kind, times: times)
    }

    /// Ends failures asked for with ``failDatabase(as:times:)``.
    public func heal() {
        gate.endInjectedFailures()
    }

    /// Moves the gate's clock by `duration` (negative turns it back, as a child might).
    public func advance(by duration: Duration) {
        clock.advance(by: duration)
    }

    /// Begins a challenge for `profile` and returns it; any other answer of the gate (locked
    /// out, hard-locked, disabled) is a ``TestGateError/notAChallenge(profile:answer:)``.
    public func begin(_ profile: String, client: String? = "tests") async throws -> Challenge {
        let result = try await gate.begin(profile: profile, client: client)
        guard case .challenge(let challenge) = result else {
            throw TestGateError.notAChallenge(profile: profile, answer: "\(result)")
        }
        return challenge
    }

    /// The answer that passes `challenge`.
    public func rightAnswer(to challenge: Challenge) async throws(GateError) -> Int {
        try await rightAnswer(to: challenge.id)
    }

    /// The answer that passes the challenge `id` (all an HTTP test has of it).
    public func rightAnswer(to id: ChallengeID) async throws(GateError) -> Int {
        try await gate.storedAnswer(of: id)
    }

    /// An answer that does not pass `challenge`: another of its choices, or the right answer
    /// plus one.
    public func wrongAnswer(to challenge: Challenge) async throws(GateError) -> Int {
        let right = try await rightAnswer(to: challenge)
        return challenge.choices?.first { $0 != right } ?? right + 1
    }

    /// Waits `pause` (on the gate's clock; the default is slower than the default
    /// `minResponseTime`), then answers `challenge` rightly.
    public func pass(_ challenge: Challenge, after pause: Duration = .seconds(3), client: String? = "tests")
        async throws(GateError) -> AnswerResult
    {
        let value = try await rightAnswer(to: challenge)
        advance(by: pause)
        return try await answer(challenge, with: value, after: pause, client: client)
    }

    /// Answers `challenge` with `value`: typed or picked, or for a `drag` challenge the ball
    /// carrying it dragged into the box, ending `pause` after the challenge was shown.
    private func answer(_ challenge: Challenge, with value: Int, after pause: Duration, client: String?) async throws(GateError)
        -> AnswerResult
    {
        guard let motion = challenge.motion, let ball = challenge.choices?.firstIndex(of: value) else {
            return try await gate.answer(challenge: challenge.id, value: value, client: client)
        }
        let report = try Self.drag(ball: ball, of: motion, endingAt: Double(pause.wholeMilliseconds))
        return try await gate.drag(challenge: challenge.id, report: report, client: client).result
    }

    /// A drag of ball `ball` into the box of a 400 × 440 field, in steps of at most 20 points
    /// 16 ms apart, ending at `end` milliseconds after the balls were shown (or soon after
    /// `firstTouchMs`, if that is later).
    static func drag(ball: Int, of motion: DragMotion, endingAt end: Double) throws(GateError) -> DragReport {
        do {
            let field = try DragField(width: 400, height: 440)
            let side = Double(motion.boxSize)
            let box = DragPoint(t: 0, x: motion.corner == .bottomLeft ? side / 2 : field.width - side / 2, y: field.height - side / 2)
            // The longest way to the box is under 600 points: 30 steps, 480 ms.
            let start = max(Double(motion.firstTouchMs), end - 480)
            let from = motion.center(ofBall: ball, at: start, in: field)
            let steps = max(1, Int((from.distance(to: box) / 20).rounded(.up)))
            let points = (0...steps).map { step in
                let f = Double(step) / Double(steps)
                return DragPoint(t: start + Double(step) * 16, x: from.x + (box.x - from.x) * f, y: from.y + (box.y - from.y) * f)
            }
            return try DragReport(field: field, points: points)
        } catch {
            throw GateError.invalidInput(error)
        }
    }

    /// Waits `pause` (on the gate's clock), then answers `challenge` wrongly.
    public func fail(_ challenge: Challenge, after pause: Duration = .seconds(3), client: String? = "tests")
        async throws(GateError) -> AnswerResult
    {
        let value = try await wrongAnswer(to: challenge)
        advance(by: pause)
        return try await answer(challenge, with: value, after: pause, client: client)
    }
}
