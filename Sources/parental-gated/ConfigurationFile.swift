import Configuration
import Foundation
import GateCore
import GateProgram

import GateJSON
import ParentalGate

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
        if let problem = StrictJSON.problem(in: data) {
            let advice = if case .repeatedKey = problem { "; give each setting once" } else { "" }
            throw .usage("\(path): \(problem)\(advice)")
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
            // One spelling: `{"http": {"port": 8080}}`, never `{"http.port": 8080}` beside it.
            if name.contains(".") {
                let parts = name.split(separator: ".", maxSplits: 1)
                throw .usage("\(file): \"\(key.escapedForMessage)\" is not a setting of parental-gated (write it as {\"\(parts.first ?? "")\": {\"\(parts.count > 1 ? parts[1] : "")\": …}})")
            }
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
        Suggestion.nearest(to: key, among: DaemonSetting.allCases.map(\.rawValue))
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
        try checkWay(to: path)
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

    /// Walks to `path` from the root as the kernel does, following symbolic links, and refuses
    /// a folder or a link on the way that an account other than root or the daemon's own could
    /// change (a link in /tmp, say, that another account made and can point elsewhere).
    private static func checkWay(to path: String) throws(CommandError) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var pending = absolute.split(separator: "/").map(String.init)
        var current = ""
        var links = 0
        var root = stat()
        if stat("/", &root) == 0 { try checkOwner(of: root, "the folder / above the configuration file \(path)") }
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." { continue }
            if part == ".." {
                current = (current as NSString).deletingLastPathComponent
                if current == "/" { current = "" }
                continue
            }
            let next = current + "/" + part
            var status = stat()
            guard lstat(next, &status) == 0 else {
                throw .usage("cannot check \(next) on the way to the configuration file \(path): \(String(cString: strerror(errno)))")
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard status.st_uid == 0 || status.st_uid == geteuid() else {
                    throw .usage("the symbolic link \(next) on the way to the configuration file \(path) belongs to another account (uid \(status.st_uid)), which could point it elsewhere")
                }
                var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(next, &target, target.count - 1)
                links += 1
                guard length > 0, links <= 40 else {
                    throw .usage("cannot follow the symbolic link \(next) on the way to the configuration file \(path)")
                }
                let text = String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("/") { current = "" }
                pending = text.split(separator: "/").map(String.init) + pending
            } else if !pending.isEmpty {
                try checkOwner(of: status, "the folder \(next) above the configuration file \(path)")
                current = next
            }
        }
    }
}
