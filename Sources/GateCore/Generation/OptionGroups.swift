/// The options a `choice` challenge shows: a fixed group for each answer, so that every
/// option of a group is the answer equally often and a question asked again shows the same
/// options (comparing the sets of two showings says nothing).
///
/// Arithmetic: a form's answers of one number of digits, ascending, cut into consecutive
/// groups of N; an answer left over at the end of a list is not asked in that format. The
/// generator draws the answer uniformly among the grouped answers of its form, so within the
/// group it shows, each option is the answer 1 time in N, whatever the set looks like.
///
/// A stored question's answer is fixed, so its group comes from the answer alone: N numbers
/// of the same roundness (all odd, all even, all multiples of 5, of 10, of 20, …, never
/// rounder than the answer), the aligned run of them holding the answer, negated for a
/// negative answer. No option is rounder, smaller than zero or of another parity when the
/// answer is not.
enum OptionGroups {
    /// The groups of `size` consecutive values of each of `classes` (ascending lists),
    /// leaving out the last values of a class that do not fill a group.
    static func partition(_ classes: [[Int]], size: Int) -> [[Int]] {
        guard size >= 1 else { return [] }
        return classes.flatMap { values in
            stride(from: 0, to: values.count - values.count % size, by: size).map { Array(values[$0..<($0 + size)]) }
        }
    }

    /// The roundest unit of 1, 2, 5, 10, 20, 50, … that `value` is a multiple of (1 for 0).
    static func roundness(_ value: Int) -> Int {
        var magnitude = value.magnitude
        guard magnitude > 0 else { return 1 }
        var power = 1
        while magnitude % 10 == 0 {
            magnitude /= 10
            power *= 10
        }
        return magnitude % 5 == 0 ? 5 * power : magnitude % 2 == 0 ? 2 * power : power
    }

    /// The fixed `count` options of a stored question whose answer is `answer`.
    ///
    /// The numbers of roundness exactly `unit` = d × 10^k are `m × unit` for the m that are
    /// not multiples of a rounder unit: for d = 1 the m ending in 1, 3, 7 or 9; for d = 2 the m
    /// not divisible by 5; for d = 5 the odd m. They are numbered, and the group is the run of
    /// `count` of them, counted from the first, that holds the answer.
    static func stored(answer: Int, count: Int) -> [Int] {
        guard answer != 0, count >= 1 else { return Array(0..<max(1, count)) }
        let unit = roundness(answer)
        let digit = unit / Int(pow10(of: unit))
        let residues: [Int] = switch digit {
        case 1: [1, 3, 7, 9]
        case 2: [1, 2, 3, 4]
        default: [1]
        }
        let period = digit == 1 ? 10 : digit == 2 ? 5 : 2
        let multiple = Int(answer.magnitude) / unit
        let index = residues.count * ((multiple - 1) / period) + residues.filter { $0 <= (multiple - 1) % period + 1 }.count - 1
        let start = index - index % count
        let group = (start..<(start + count)).map { number in
            (period * (number / residues.count) + residues[number % residues.count]) * unit
        }
        return answer < 0 ? group.map { -$0 } : group
    }

    /// The power of ten in `unit` (1 for 1, 2 and 5; 10 for 10, 20 and 50; …).
    private static func pow10(of unit: Int) -> Int {
        var power = 1
        while unit % (power * 10) == 0 { power *= 10 }
        return power
    }
}
