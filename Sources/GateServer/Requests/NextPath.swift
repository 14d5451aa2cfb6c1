import Foundation

/// Where the gate page may send the browser after a pass: a path on the server's own
/// origin, never anywhere else (no open redirect).
enum NextPath {
    /// The longest `next` accepted.
    static let maximumLength = 2048

    /// `next` when it is a path on `client`'s origin of the server, else `/`.
    ///
    /// `next` must start with one `/`, hold only printable ASCII (no control characters,
    /// spaces or anything else a browser strips or rewrites: `/%09/evil.com` arrives as
    /// `/<tab>/evil.com`, which a browser reads as `//evil.com`), no backslash (a browser
    /// reads `\` as `/`), and, parsed against the server's origin, stay on that origin.
    static func validated(_ next: String?, client: RequestClient) -> String {
        guard let next, next.utf8.count <= maximumLength, next.hasPrefix("/"), !next.hasPrefix("//"),
              next.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return "/" }
        let base = "\(client.scheme)://\(client.authority ?? "localhost")/"
        guard let origin = RequestClient.Origin(base), let baseURL = URL(string: base),
              let resolved = URL(string: next, relativeTo: baseURL)?.absoluteURL,
              RequestClient.Origin(resolved.absoluteString) == origin, resolved.path.hasPrefix("/"),
              hasPlainSegments(next)
        else { return "/" }
        return next
    }

    /// Whether every segment of `next`'s path is a plain name: not empty (`//`), not a dot
    /// segment in any spelling (`.`, `..`, `%2e`, `.%2E`, …; a browser removes them, so
    /// `/.//evil.example` would become `//evil.example`), and not hiding a slash or a
    /// backslash behind percent-encoding (an application that decodes `/.%2F/evil.example`
    /// gets `/.//evil.example`).
    private static func hasPlainSegments(_ next: String) -> Bool {
        let path = next.prefix { $0 != "?" && $0 != "#" }
        let segments = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        return segments.indices.allSatisfy { index in
            let segment = segments[index]
            if segment.isEmpty { return index == segments.count - 1 }  // "/" and "/a/" end with an empty one
            let decoded = segment.removingPercentEncoding ?? String(segment)
            return decoded != "." && decoded != ".." && !decoded.contains("/") && !decoded.contains("\\")
        }
    }
}
