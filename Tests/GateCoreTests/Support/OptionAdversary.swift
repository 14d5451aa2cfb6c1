import Foundation
import GateCore

/// A guesser that sees only a challenge's options, never its question, and learns from
/// examples which option is the answer.
///
/// It describes each option by features of the set (its rank, its differences to the
/// other options and to its neighbours, digit counts, parity, last digit, distance to the
/// set's mean, whether the generator can give it as an answer at all) and scores options
/// with naive Bayes: the sum over features of log P(feature | answer) / P(feature | not).
struct OptionAdversary {
    /// Answers the generator can produce; an option outside it can never be the answer.
    let answerSpace: Set<Int>
    private var answerCounts = [Int](repeating: 0, count: Feature.total)
    private var otherCounts = [Int](repeating: 0, count: Feature.total)
    private var answers = 0
    private var others = 0

    init(answerSpace: Set<Int>) {
        self.answerSpace = answerSpace
    }

    /// Learns from one challenge: its options and which of them is the answer.
    mutating func learn(options: [Int], answer: Int) {
        let set = OptionSet(options)
        var features: [Int] = []
        for index in set.sorted.indices {
            describe(index, in: set, into: &features)
            if set.sorted[index] == answer {
                for feature in features { answerCounts[feature] += 1 }
                answers += 1
            } else {
                for feature in features { otherCounts[feature] += 1 }
                others += 1
            }
        }
        weights = nil
    }

    /// Turns the counts into each feature's weight, log P(feature | answer) / P(feature | not).
    mutating func finishLearning() {
        let answers = Double(answers) + 2, others = Double(others) + 2
        weights = answerCounts.indices.map { feature in
            log((Double(answerCounts[feature]) + 1) / answers) - log((Double(otherCounts[feature]) + 1) / others)
        }
    }

    private var weights: [Double]?

    /// The option it takes for the answer; ties go to `tieBreak`'s pick. Call
    /// ``finishLearning()`` first.
    func guess(options: [Int], tieBreak: RandomSource) -> Int {
        let set = OptionSet(options)
        let weights = weights ?? []
        var features: [Int] = []
        let scores = set.sorted.indices.map { index in
            describe(index, in: set, into: &features)
            return features.reduce(0.0) { $0 + (weights.isEmpty ? 0 : weights[$1]) }
        }
        let best = scores.max() ?? 0
        let tied = set.sorted.indices.filter { scores[$0] >= best - 1e-9 }
        return set.sorted[tieBreak.element(of: tied) ?? 0]
    }

    /// What the features of every option of one set have in common.
    private struct OptionSet {
        let sorted: [Int]
        let digits: [Int]
        let fewestDigits: Int
        let mostDigits: Int
        let mean: Double
        let spread: Double

        init(_ options: [Int]) {
            sorted = options.sorted()
            digits = sorted.map { $0.magnitude < 10 ? 1 : $0.magnitude < 100 ? 2 : $0.magnitude < 1000 ? 3 : 4 }
            fewestDigits = digits.min() ?? 0
            mostDigits = digits.max() ?? 0
            mean = Double(sorted.reduce(0, +)) / Double(max(1, sorted.count))
            spread = Double(max(1, (sorted.last ?? 0) - (sorted.first ?? 0)))
        }
    }

    /// Feature numbers: each kind of feature has its own block of values.
    private enum Feature {
        /// Rank, neighbour gaps, both together, digits, parity, last digit, distance to the
        /// mean, possible answer, difference to another option.
        static let sizes = [8, 124, 124, 8 * 124 * 124, 5 * 5 * 5, 2, 10, 41, 2, 124]
        static let offsets = sizes.indices.map { sizes.prefix($0).reduce(0, +) }
        static let total = sizes.reduce(0, +)

        static func number(_ kind: Int, _ value: Int) -> Int {
            offsets[kind] + max(0, min(sizes[kind] - 1, value))
        }
    }

    /// The features of option `index` (in ascending order) of `set`, into `features`.
    private func describe(_ index: Int, in set: OptionSet, into features: inout [Int]) {
        features.removeAll(keepingCapacity: true)
        let sorted = set.sorted
        let value = sorted[index]
        let left = index > 0 ? Self.gap(value - sorted[index - 1]) : 123
        let right = index < sorted.count - 1 ? Self.gap(sorted[index + 1] - value) : 123
        features.append(Feature.number(0, index))
        features.append(Feature.number(1, left))
        features.append(Feature.number(2, right))
        features.append(Feature.number(3, (index * 124 + left) * 124 + right))
        features.append(Feature.number(4, (set.digits[index] * 5 + set.fewestDigits) * 5 + set.mostDigits))
        features.append(Feature.number(5, value & 1))
        features.append(Feature.number(6, abs(value % 10)))
        features.append(Feature.number(7, Int(((Double(value) - set.mean) / set.spread * 20).rounded()) + 20))
        features.append(Feature.number(8, answerSpace.contains(value) ? 1 : 0))
        for other in sorted.indices where other != index {
            features.append(Feature.number(9, Self.gap(sorted[other] - value)))
        }
    }

    /// A difference as a feature value 0…122: itself within ±60, else one value for each side.
    private static func gap(_ difference: Int) -> Int {
        max(-61, min(61, difference)) + 61
    }
}
