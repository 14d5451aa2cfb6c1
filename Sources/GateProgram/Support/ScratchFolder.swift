import Foundation

/// A private folder (mode 0700) in the temporary directory for the files one operation makes,
/// removed with them when it ends.
package enum ScratchFolder {
    /// Runs `body` with a new scratch folder's path.
    package static func using<T>(_ body: (String) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parental-gated-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await body(folder)
    }
}
