import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder (`0700`) that only this account can enter, for a file another library
/// (SQLite) must open by name: no one else can swap, read or write what it holds. It is
/// removed with everything in it.
struct PrivateScratch {
    let path: String

    /// Makes the folder in `base`, else (no `base`, or no room for a folder there) in the
    /// system's temporary folder.
    init(in base: String?) throws {
        var reason = "no folder to make it in"
        for folder in [base, NSTemporaryDirectory()].compactMap({ $0 }) {
            var template = Array((URL(fileURLWithPath: folder).path + "/.parental-gate-XXXXXX").utf8CString)
            if let made = mkdtemp(&template) {
                path = String(cString: made)
                return
            }
            reason = String(cString: strerror(errno))
        }
        throw StoreError.cannotWrite(path: base ?? NSTemporaryDirectory(), reason: "cannot make a private temporary folder: \(reason)")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
