import Foundation
import Testing

extension RunningDaemon {
    /// `http://127.0.0.1:PORT` followed by `path`, on the port the daemon printed.
    func url(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let line = try #require(
            process.printed.split(separator: "\n").first { $0.hasPrefix("serving on ") }, sourceLocation: sourceLocation)
        return line.dropFirst("serving on ".count) + path
    }

    /// The admin token the daemon printed (started with `--init-admin-token`).
    func adminToken(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let line = try #require(
            process.printed.split(separator: "\n").first { $0.hasPrefix("admin token") }, sourceLocation: sourceLocation)
        return String(try #require(line.split(separator: " ").last, sourceLocation: sourceLocation))
    }
}
