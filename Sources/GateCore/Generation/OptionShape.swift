/// The spacing of a `choice` challenge's options, drawn before and without regard to the
/// answer, so that no feature of the set tells which option is the answer.
///
/// Arithmetic options are a window of the answers one form can give (`window`), and the
/// answer is then drawn uniformly from the window: every option is equally likely to be
/// the answer, whatever the set looks like, and each option is an answer the question's
/// kind of sum really has. A stored question's answer is fixed, so its options are a shape
/// translated to put the answer at a uniformly drawn rank (`around`).
enum OptionShape {
    /// Gaps between neighbouring options and their weights: mostly near, sometimes ten apart.
    private static let windowGaps = [(1, 4), (2, 3), (3, 2), (4, 1), (5, 1), (10, 1)]
    /// Gaps for stored questions' options (values, not positions), kept small.
    private static let nearGaps = [(1, 3), (2, 2), (3, 1)]

    /// `count` values near one another from one of `classes` (ascending lists, e.g. the
    /// answers of one number of digits), picked by size among those with `count` values;
    /// from all of them together when none has.
    static func window(in classes: [[Int]], count: Int, using random: RandomSource) -> [Int] {
        let eligible = classes.filter { $0.count >= count }
        var pool = eligible.isEmpty ? classes.joined().sorted() : []
        if !eligible.isEmpty {
            var pick = random.int(in: 0...(eligible.reduce(0) { $0 + $1.count } - 1))
            for digitClass in eligible {
                if pick < digitClass.count {
                    pool = digitClass
                    break
                }
                pick -= digitClass.count
            }
        }
        guard pool.count >= count else { return pool }
        let gaps = gaps(count: count, from: windowGaps, room: pool.count - 1, using: random)
        var index = random.int(in: 0...(pool.count - 1 - gaps.reduce(0, +)))
        var window = [pool[index]]
        for gap in gaps {
            index += gap
            window.append(pool[index])
        }
        return window
    }

    /// `count` options around `answer`, which takes a uniformly drawn rank among them.
    static func around(_ answer: Int, count: Int, using random: RandomSource) -> [Int] {
        let gaps = gaps(count: count, from: nearGaps, room: nil, using: random)
        var offsets = [0]
        for gap in gaps { offsets.append((offsets.last ?? 0) + gap) }
        let rank = random.int(in: 0...(count - 1))
        return offsets.map { answer - offsets[rank] + $0 }
    }

    /// `count − 1` gaps drawn from `menu` by weight, shrunk where needed to add up to at most
    /// `room` (each at least 1), in random order.
    private static func gaps(count: Int, from menu: [(Int, Int)], room: Int?, using random: RandomSource) -> [Int] {
        let total = menu.reduce(0) { $0 + $1.1 }
        var left = room ?? Int.max
        var gaps: [Int] = []
        for made in 0..<max(0, count - 1) {
            var pick = random.int(in: 0...(total - 1))
            var gap = 1
            for (value, weight) in menu {
                if pick < weight {
                    gap = value
                    break
                }
                pick -= weight
            }
            gap = max(1, min(gap, left - (count - 2 - made)))
            left -= gap
            gaps.append(gap)
        }
        return random.shuffled(gaps)
    }
}
