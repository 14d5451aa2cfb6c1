/// The known name a mistyped one most likely meant, for "did you mean" hints.
package enum Suggestion {
    /// The name of `names` closest to `typed` (case ignored), if at most `within` edits apart.
    package static func nearest(to typed: String, among names: some Sequence<String>, within: Int = 2) -> String? {
        let typed = typed.lowercased()
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = distance(typed, name.lowercased())
            if distance <= within, distance < best?.distance ?? .max { best = (name, distance) }
        }
        return best?.name
    }

    /// The edit distance between `a` and `b` (insertions, deletions, substitutions).
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return row[b.count]
    }
}
