import Configuration
import Foundation
import GateCommands

/// The daemon's JSON configuration file, read once, through one descriptor, after its owner
/// and mode and those of every folder above it were checked, and checked against
/// ``DaemonSetting``: an unknown key or a value of another type is refused, never ignored.
///
/// Whoever can change the file decides which account may use which profile on the gate
/// socket and where approval links point (`publicURL`): so, like the admin token file, a
/// file (or folder above it) that another account can change is refused. Hand-written
/// because swift-configuration's JSON provider ignores keys it is not asked for and reads a
/// value of the wrong type as missing, which is how `"gateAcess"` once left the gate socket
/// open to every account.
enum ConfigurationFile {
    /// The largest configuration file read.
    static let sizeLimit = 1024 * 1024

    /// The settings in the file at `path`, or the one-line reason it is refused.
    static func load(_ path: String) throws(CommandError) -> [DaemonSetting: ConfigContent] {
        let data = try contents(path)
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .usage("\(path) is not a JSON configuration file")
        }
        guard case .object(let object) = root else {
            throw .usage("\(path) is not a JSON configuration file: it must be one object of settings, such as {\"logLevel\": \"info\"}")
        }
        return try settings(in: object, under: nil, file: path)
    }

    /// The settings of `object`, whose keys are under the group `group` (`http`), if any.
    private static func settings(
        in object: [String: JSONValue], under group: String?, file: String
    ) throws(CommandError) -> [DaemonSetting: ConfigContent] {
        var found: [DaemonSetting: ConfigContent] = [:]
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            let key = group.map { "\($0).\(name)" } ?? name
            if let setting = DaemonSetting(rawValue: key) {
                found[setting] = try content(value, of: setting, file: file)
            } else if DaemonSetting.allCases.contains(where: { $0.rawValue.hasPrefix(key + ".") }) {
                guard case .object(let inner) = value else {
                    throw .usage("\(file): \"\(key)\" must be an object of settings, such as {\"\(example(in: key))\": …}, not \(value.kind)")
                }
                found.merge(try settings(in: inner, under: key, file: file)) { $1 }
            } else {
                let hint = suggestion(for: key).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw .usage("\(file): \"\(key.escapedForMessage)\" is not a setting of parental-gated\(hint)")
            }
        }
        return found
    }

    /// `value` as the content `setting` takes, or why not.
    private static func content(_ value: JSONValue, of setting: DaemonSetting, file: String) throws(CommandError) -> ConfigContent {
        switch (setting.kind, value) {
        case (.string, .string(let text)): return .string(text)
        case (.integer, .integer(let number)): return .int(number)
        case (.boolean, .boolean(let flag)): return .bool(flag)
        case (.strings, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    throw .usage("\(file): \"\(setting.rawValue)\" must be a list of strings, but holds \(item.kind)")
                }
                texts.append(text)
            }
            return .stringArray(texts)
        default:
            let example = setting.kind == .strings ? " such as [\"…\"]" : ""
            throw .usage("\(file): \"\(setting.rawValue)\" must be \(setting.kind.expected)\(example), not \(value.kind)")
        }
    }

    /// A setting of `group`, for an example.
    private static func example(in group: String) -> String {
        DaemonSetting.allCases.first { $0.rawValue.hasPrefix(group + ".") }.map { String($0.rawValue.dropFirst(group.count + 1)) } ?? "…"
    }

    /// The known key `key` is most likely a misspelling of: at most two letters apart.
    private static func suggestion(for key: String) -> String? {
        let candidates = DaemonSetting.allCases.map(\.rawValue).map { ($0, distance(key.lowercased(), $0.lowercased())) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The edit distance between `a` and `b` (insertions, deletions, substitutions).
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return row[b.count]
    }

    // MARK: - The file and its folders

    /// The bytes of the file at `path`, once its owner and mode, and its folders', were checked.
    private static func contents(_ path: String) throws(CommandError) -> Data {
        // O_NONBLOCK: a FIFO does not hang the start. A symbolic link is followed (a
        // configuration managed elsewhere), and the folders on both sides of it are checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .usage("cannot read the configuration file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .usage("the configuration file \(path) is not a regular file")
        }
        try checkOwner(of: status, "the configuration file \(path)")
        for folder in folders(above: path) {
            var folderStatus = stat()
            guard stat(folder, &folderStatus) == 0 else {
                throw .usage("cannot check the folder \(folder) above the configuration file: \(String(cString: strerror(errno)))")
            }
            try checkOwner(of: folderStatus, "the folder \(folder) above the configuration file \(path)")
        }
        guard status.st_size <= sizeLimit else { throw .usage("the configuration file \(path) is larger than 1 MiB") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= sizeLimit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .usage("cannot read the configuration file \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
        throw .usage("the configuration file \(path) is larger than 1 MiB")
    }

    /// Refuses what `status` describes when an account other than root or the daemon's own
    /// could change it: another owner, or write permission for the group or everyone (a
    /// folder with the sticky bit, such as /tmp, lets nobody replace a file they do not own).
    private static func checkOwner(of status: stat, _ what: String) throws(CommandError) {
        let mode = status.st_mode & 0o7777
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        guard status.st_uid == 0 || status.st_uid == geteuid() else {
            throw .usage("\(what) belongs to another account (uid \(status.st_uid)), which could change it: it must belong to root or to the daemon's own account")
        }
        if mode & 0o022 != 0, !(isFolder && mode & 0o1000 != 0) {
            throw .usage("\(what) can be changed by other accounts (mode \(String(mode, radix: 8))): chmod go-w it")
        }
    }

    /// Every folder above `path`, as written and with its symbolic links resolved.
    private static func folders(above path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var found: [String] = []
        for start in [absolute, realpath(absolute, nil).map { resolved in defer { free(resolved) }; return String(cString: resolved) }] {
            guard var folder = start.map({ ($0 as NSString).deletingLastPathComponent }) else { continue }
            while true {
                if !found.contains(folder) { found.append(folder) }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        return found
    }
}
