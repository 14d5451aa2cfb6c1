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
              RequestClient.Origin(resolved.absoluteString) == origin, resolved.path.hasPrefix("/")
        else { return "/" }
        return next
    }
}
