import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, worked out without Foundation for ASCII text:
    /// headers and names are, and Foundation's trim was a tenth of a forward-auth answer.
    var trimmedOfSpaces: String {
        let bytes = utf8
        // ASCII has two of `.whitespaces`: the space and the tab.
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return trimmingCharacters(in: .whitespaces) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        // One pass forward: the end is just past the last byte that is not a space.
        var end = start
        var index = start
        while index < bytes.endIndex {
            let next = bytes.index(after: index)
            if !isSpace(bytes[index]) { end = next }
            index = next
        }
        return String(self[start..<end])
    }
}
