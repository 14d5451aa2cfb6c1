/// The operand lists that give one answer: how many there are, and the one picked by index.
struct OperandSolutions {
    /// The index of the operand list to make, if any.
    let pick: Int?
    /// How many operand lists give the answer.
    private(set) var count = 0
    /// The `pick`-th operand list.
    private(set) var operands: [Int]?

    init(pick: Int?) {
        self.pick = pick
    }

    /// Adds the operand lists `make(x)` for every x in `lower...upper` (none when `lower > upper`).
    mutating func add(_ lower: Int, _ upper: Int, make: (Int) -> [Int]) {
        guard lower <= upper else { return }
        let size = upper - lower + 1
        if let pick, operands == nil, pick >= count, pick < count + size {
            operands = make(lower + pick - count)
        }
        count += size
    }
}
