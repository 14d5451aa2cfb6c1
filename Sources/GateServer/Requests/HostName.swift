/// Host names as the server compares them: the host of a `Host` (or `X-Forwarded-Host`)
/// value, and the names it answers for.
enum HostName {
    /// The host of `authority` (`host`, `host:port`, `[v6]:port`), lower-cased and without a
    /// final dot; `nil` unless it is well formed.
    static func host(ofAuthority authority: String) -> String? {
        guard !authority.isEmpty, authority.utf8.count <= 300, authority.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":"), host.utf8.contains(UInt8(ascii: ":")) else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            port = parts.count == 2 ? parts[1] : nil
        }
        if let port, port.isEmpty || port.count > 5 || !port.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        return authority.hasPrefix("[") ? ClientAddress.canonical(host) : normalized(String(host))
    }

    /// `name` lower-cased without a final dot, when it is a DNS name (letters, digits,
    /// hyphens and underscores in dot-separated labels of 1 to 63, 253 in all) or an IPv4
    /// address; else `nil`.
    static func normalized(_ name: String) -> String? {
        var name = name.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
        }
        return valid ? name : nil
    }

    /// Whether a request for `host` (from ``host(ofAuthority:)``) is for this server: an IP
    /// address, `localhost`, or one of `allowed` (already normalized).
    static func isAllowed(_ host: String, allowed: Set<String>) -> Bool {
        host == "localhost" || ClientAddress.canonical(host) != nil || allowed.contains(host)
    }
}
