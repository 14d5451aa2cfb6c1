import Foundation

extension String {
    /// The string shortened and with control characters made visible, for one-line messages.
    public var escapedForMessage: String {
        let shortened = count > 80 ? String(prefix(77)) + "..." : self
        return shortened.unicodeScalars.map { scalar in
            [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }
}
