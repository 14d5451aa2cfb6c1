/// The most challenges a guesser gets within a time, by the best schedule of pauses.
///
/// Trying without a break is not the best: lockouts grow, and a quiet `failureWindow` resets
/// their level. So the guesser plays cycles from level 0: `j` rounds of `maxFailedChallenges`
/// (F) challenges, each starting lockout 1…j, then either F − 1 more challenges and a pause
/// of `failureWindow` (no lockout), or, after the j-th lockout, the pause; and ends with a
/// stretch without pauses. A hard lock ends everything (it only comes after
/// `hardLockAfter` lockouts in a row, which a pause avoids). Each challenge takes
/// `minResponseTime`. The count is the best over every sequence of cycles (dynamic
/// programming over the time left).
struct TryingSchedule {
    /// One cycle: its challenges and the time it takes, pause included.
    struct Cycle: Hashable {
        /// Lockouts it goes through before the pause.
        var lockouts: Int
        /// Whether it ends with F − 1 challenges and no lockout before the pause.
        var stopsShort: Bool
        var challenges: Int
        var milliseconds: Int64
    }

    private let policy: Policy
    private let response: Int64
    private let failures: Int
    private let window: Int64
    private let starts: [Int64]
    let cycles: [Cycle]

    init(policy: Policy, horizon: Int64) {
        self.policy = policy
        response = max(0, policy.minResponseTime.wholeMilliseconds)
        failures = max(1, policy.maxFailedChallenges)
        window = max(1, policy.failureWindow.wholeMilliseconds)
        starts = Self.starts(policy: policy, response: response, failures: failures, horizon: horizon)
        var cycles: [Cycle] = []
        var elapsed: Int64 = 0
        var lockouts = 0
        while elapsed < horizon {
            let short = Cycle(
                lockouts: lockouts, stopsShort: true, challenges: lockouts * failures + failures - 1,
                milliseconds: elapsed + Int64(failures - 1) * response + window)
            if short.challenges > 0 { cycles.append(short) }
            let level = lockouts + 1
            if policy.hardLockAfter > 0 && level > policy.hardLockAfter { break }
            elapsed += Int64(failures) * response + Escalation.lockoutDuration(level: level, policy: policy).wholeMilliseconds
            lockouts = level
            cycles.append(Cycle(lockouts: lockouts, stopsShort: false, challenges: lockouts * failures, milliseconds: elapsed + window))
        }
        self.cycles = cycles.filter { $0.milliseconds > 0 }
    }

    /// Challenges without any pause from level 0 within `time` (as a guesser who never stops).
    func withoutPauses(within time: Int64) -> Int {
        // The challenges that begin before `time` (binary search of their ascending starts).
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// When each challenge begins, from level 0 without pauses, until `horizon` or a hard lock.
    private static func starts(policy: Policy, response: Int64, failures: Int, horizon: Int64) -> [Int64] {
        var starts: [Int64] = []
        var clock: Int64 = 0
        var level = 0
        while clock < horizon {
            for _ in 0..<failures where clock < horizon {
                starts.append(clock)
                clock += response
            }
            level += 1
            if policy.hardLockAfter > 0 && level > policy.hardLockAfter { break }
            let lockout = Escalation.lockoutDuration(level: level, policy: policy).wholeMilliseconds
            if response == 0 && lockout == 0 { break }
            clock += lockout
        }
        return starts
    }

    /// The best count within `time`, and the cycles (before the last stretch) that give it.
    func best(within time: Int64) -> (count: Int, plan: [Cycle]) {
        let usable = cycles.filter { $0.milliseconds < time }
        guard !usable.isEmpty else { return (withoutPauses(within: time), []) }
        // Every time left is `time` less a sum of cycle times: a grid of their common divisor.
        let step = usable.reduce(Int64(0)) { Self.gcd($0, $1.milliseconds) }
        let points = Int(time / step)
        guard points <= 4_000_000 else { return memoized(within: time, usable) }
        // best[n]: the most within `time - n × step`, and the cycle to play first there.
        var best = [Int](repeating: 0, count: points + 1)
        var first = [Int](repeating: -1, count: points + 1)
        for n in stride(from: points, through: 0, by: -1) {
            let left = time - Int64(n) * step
            best[n] = withoutPauses(within: left)
            for (index, cycle) in usable.enumerated() where cycle.milliseconds < left {
                let next = n + Int(cycle.milliseconds / step)
                let total = cycle.challenges + best[next]
                if total > best[n] {
                    best[n] = total
                    first[n] = index
                }
            }
        }
        var plan: [Cycle] = []
        var n = 0
        while first[n] >= 0 {
            let cycle = usable[first[n]]
            plan.append(cycle)
            n += Int(cycle.milliseconds / step)
        }
        return (best[0], plan)
    }

    /// ``best(within:)`` by recursion over the times left, for cycle times with no useful
    /// common divisor (then there are few pauses in a day).
    private func memoized(within time: Int64, _ usable: [Cycle]) -> (count: Int, plan: [Cycle]) {
        var memo: [Int64: (Int, [Cycle])] = [:]
        func search(_ left: Int64) -> (Int, [Cycle]) {
            if let known = memo[left] { return known }
            var result = (withoutPauses(within: left), [Cycle]())
            for cycle in usable where cycle.milliseconds < left {
                let rest = search(left - cycle.milliseconds)
                if cycle.challenges + rest.0 > result.0 { result = (cycle.challenges + rest.0, [cycle] + rest.1) }
            }
            memo[left] = result
            return result
        }
        return search(time)
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        b == 0 ? a : gcd(b, a % b)
    }
}
