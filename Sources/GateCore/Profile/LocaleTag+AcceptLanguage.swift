import Foundation

extension LocaleTag {
    /// The language ranges of an `Accept-Language` header (RFC 9110, 12.5.4), best first: by
    /// their weight `q` (1 when not given), in the header's order where equal; ranges with
    /// `q=0`, a malformed `q`, or a tag that is not a language are left out, and so is `*` (any
    /// other language: English, the last resort, is that already).
    public static func accepted(byAcceptLanguage header: String?) -> [LocaleTag] {
        var ranges: [(tag: LocaleTag, weight: Double, order: Int)] = []
        for (order, item) in (header ?? "").split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first, !range.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                // RFC 9110: 0 to 1 with at most three decimals.
                guard let value = Double(pair[1]), (0...1).contains(value), pair[1].count <= 5 else { weight = 0; break }
                weight = value
            }
            guard weight > 0 else { continue }
            if let tag = try? LocaleTag(range) { ranges.append((tag, weight, order)) }
        }
        return ranges.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.map(\.tag)
    }
}
