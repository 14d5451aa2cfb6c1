extension Array where Element == Int {
    /// Whether this ascending array holds `value` (binary search).
    func contains(sorted value: Int) -> Bool {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
