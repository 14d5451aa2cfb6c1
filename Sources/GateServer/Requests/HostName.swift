/// Host names as the server compares them: the host of a `Host` (or `X-Forwarded-Host`)
/// value, and the names it answers for.
enum HostName {
    /// The host of `authority` (`host`, `host:port`, `[v6]:port`), lower-cased and without a
    /// final dot; `nil` unless it is well formed.
    static func host(ofAuthority authority: String) -> String? {
        let bytes = authority.utf8
        guard !bytes.isEmpty, bytes.count <= 300, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        // Read as bytes: every request that names a host comes through here.
        let host: Substring
        let port: Substring?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":"), host.utf8.contains(UInt8(ascii: ":")) else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            let after = bytes.index(after: colon)
            guard !bytes[after...].contains(UInt8(ascii: ":")) else { return nil }
            host = authority[..<colon]
            port = authority[after...]
        } else {
            host = authority[...]
            port = nil
        }
        if let port, port.isEmpty || port.utf8.count > 5 || !port.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return nil }
        return bytes.first == UInt8(ascii: "[") ? ClientAddress.canonical(host) : normalized(String(host))
    }

    /// `name` lower-cased without a final dot, when it is a DNS name (letters, digits,
    /// hyphens and underscores in dot-separated labels of 1 to 63, 253 in all) or an IPv4
    /// address; else `nil`.
    static func normalized(_ name: String) -> String? {
        var name = name
        if !name.utf8.allSatisfy({ $0 < 0x80 }) {
            name = name.lowercased()
        } else if name.utf8.contains(where: { (0x41...0x5A).contains($0) }) {
            name = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return nil }
        // One pass over the bytes: each dot-separated label 1 to 63 of [a-z0-9_-], not
        // beginning or ending with a hyphen.
        var length = 0
        var previous = UInt8(ascii: ".")
        for byte in name.utf8 {
            if byte == UInt8(ascii: ".") {
                guard length > 0, previous != UInt8(ascii: "-") else { return nil }
                length = 0
            } else {
                guard (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F,
                      length > 0 || byte != UInt8(ascii: "-")
                else { return nil }
                length += 1
                guard length <= 63 else { return nil }
            }
            previous = byte
        }
        return length > 0 && previous != UInt8(ascii: "-") ? name : nil
    }

    /// Whether a request for `host` (from ``host(ofAuthority:)``) is for this server: an IP
    /// address, `localhost`, or one of `allowed` (already normalized).
    static func isAllowed(_ host: String, allowed: Set<String>) -> Bool {
        host == "localhost" || allowed.contains(host) || ClientAddress.canonical(host) != nil
    }
}
