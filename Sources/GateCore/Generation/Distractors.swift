/// Wrong options for the `choice` format: distinct, plausible, and placed so that no fixed
/// strategy (always the first, the largest, the middle) beats 1 in N.
///
/// The answer's rank among the options is drawn uniformly first; the distractors below and
/// above it come from slipped operations and near values (±1, ±2, ±10, …), preferring the
/// answer's number of digits. The options are then shuffled, so the position is uniform too.
public enum Distractors {
    /// `count` options including `answer` with exactly `below` of them smaller than it, or
    /// `nil` when there are not enough positive numbers below the answer.
    public static func choices(
        answer: Int, count: Int, below: Int, slips: [Int], using random: RandomSource
    ) -> [Int]? {
        guard count >= 2, (0..<count).contains(below), answer - 1 >= below else { return nil }
        let near = [1, 2, 10, 3, 9, 11, 20, 4, 5, 12, 19, 21, 30].flatMap { [answer - $0, answer + $0] }
        let pool = Set(slips + near).filter { $0 > 0 && $0 != answer }.sorted()
        let digits = String(answer).count
        func pick(_ candidates: [Int], _ needed: Int, fallback: [Int]) -> [Int]? {
            let sameDigits = random.shuffled(candidates.filter { String($0).count == digits })
            let others = random.shuffled(candidates.filter { String($0).count != digits })
            var picked = Array((sameDigits + others).prefix(needed))
            for value in random.shuffled(fallback) where picked.count < needed && !picked.contains(value) {
                picked.append(value)
            }
            return picked.count == needed ? picked : nil
        }
        let lower = pool.filter { $0 < answer }
        let upper = pool.filter { $0 > answer }
        guard let smaller = pick(lower, below, fallback: Array(max(1, answer - 60)..<answer)),
              let larger = pick(upper, count - 1 - below, fallback: Array((answer + 1)...(answer + 60)))
        else { return nil }
        return random.shuffled(smaller + larger + [answer])
    }

    /// `count` consecutive options with `answer` the one of rank `below`, for answers too
    /// small for ``choices(answer:count:below:slips:using:)`` (the others may be zero or negative).
    public static func around(_ answer: Int, count: Int, below: Int, using random: RandomSource) -> [Int] {
        let values = (0..<count).map { answer - below + $0 }
        return random.shuffled(values)
    }
}
