import Configuration
import Foundation
import GateCore
import GateProgram

import GateServer
import Logging
import ParentalGate

/// The daemon's settings as one reader gives them, each value checked against its setting's
/// ``DaemonSetting/Rule``.
///
/// A value that breaks its rule is refused in one wording, `NAME must be EXPECTED, not 'VALUE'`,
/// where NAME is the setting as its source spells it (`--port`, `PARENTAL_GATE_HTTP_PORT`, or the
/// file and its key) and EXPECTED comes from the rule.
struct SettingValues {
    private let reader: ConfigReader
    /// The setting as a message names it.
    private let name: @Sendable (DaemonSetting) -> String

    init(reader: ConfigReader, name: @escaping @Sendable (DaemonSetting) -> String) {
        self.reader = reader
        self.name = name
    }

    /// A string setting's text (a path, a socket's path, a host).
    func text(_ setting: DaemonSetting) throws(CommandError) -> String? {
        try read(setting) { text in
            switch setting.declaration.rule {
            case .path: !text.isEmpty
            // sockaddr_un holds 108 bytes, the last a NUL.
            case .socketPath: !text.isEmpty && text.utf8.count <= 107
            case .hostOrAddress: GateServerOptions.isIPAddress(text) || GateServerOptions.isHostName(text)
            case .household: Gate.isHouseholdName(text)
            case .group, .logLevel, .publicURL, .rateLimit, .boolean, .number, .duration, .addresses, .hostNames, .hostsOrAddresses,
                 .gateAccessRules:
                preconditionFailure("\(setting.rawValue) is not read as text")
            }
        }
    }

    /// A list setting's items, each checked.
    func list(_ setting: DaemonSetting) throws(CommandError) -> [String]? {
        guard let items = reader.stringArray(forKey: setting.key) else { return nil }
        for item in items where !Self.accepts(item, setting.declaration.rule) {
            throw refusal(setting, item)
        }
        return items
    }

    func number(_ setting: DaemonSetting) throws(CommandError) -> Int? {
        guard case .number(let range) = setting.declaration.rule else { preconditionFailure("\(setting.rawValue) is not a number") }
        if let number = reader.int(forKey: setting.key) {
            guard range.contains(number) else { throw refusal(setting, "\(number)") }
            return number
        }
        if let text = reader.string(forKey: setting.key) { throw refusal(setting, text) }
        return nil
    }

    func boolean(_ setting: DaemonSetting) throws(CommandError) -> Bool? {
        if let flag = reader.bool(forKey: setting.key) { return flag }
        if let text = reader.string(forKey: setting.key) { throw refusal(setting, text) }
        return nil
    }

    func duration(_ setting: DaemonSetting) throws(CommandError) -> Duration? {
        guard case .duration(let range) = setting.declaration.rule else { preconditionFailure("\(setting.rawValue) is not a duration") }
        return try read(setting) { text in (try? DurationText.parse(text)).flatMap { range.contains($0) ? $0 : nil } }
    }

    func rateLimit(_ setting: DaemonSetting) throws(CommandError) -> RateLimit? {
        try read(setting) { RateLimit($0) }
    }

    func logLevel(_ setting: DaemonSetting) throws(CommandError) -> Logger.Level? {
        try read(setting) { Logger.Level(rawValue: $0) }
    }

    /// The public URL without a final slash.
    func publicURL(_ setting: DaemonSetting) throws(CommandError) -> String? {
        try read(setting, Self.publicURL)
    }

    /// The number of the group the setting names.
    func groupNumber(_ setting: DaemonSetting) throws(CommandError) -> gid_t? {
        try read(setting, Self.groupID)
    }

    /// The text of `setting`, converted by `convert`, which is `nil` (or false) for a value
    /// that breaks the rule.
    private func read<Value>(_ setting: DaemonSetting, _ convert: (String) -> Value?) throws(CommandError) -> Value? {
        guard let text = reader.string(forKey: setting.key) else { return nil }
        guard let value = convert(text) else { throw refusal(setting, text) }
        return value
    }

    private func read(_ setting: DaemonSetting, _ accepts: (String) -> Bool) throws(CommandError) -> String? {
        try read(setting) { accepts($0) ? $0 : nil }
    }

    /// The one wording of a value that breaks its setting's rule.
    private func refusal(_ setting: DaemonSetting, _ value: String) -> CommandError {
        .usage("\(name(setting)) must be \(setting.declaration.rule.expected), not '\(value.escapedForMessage)'")
    }

    /// Whether `item` is a list item `rule` allows.
    private static func accepts(_ item: String, _ rule: DaemonSetting.Rule) -> Bool {
        switch rule {
        case .addresses: GateServerOptions.isIPAddress(item)
        case .hostNames: GateServerOptions.isHostName(item)
        case .hostsOrAddresses: GateServerOptions.isHostName(item) || GateServerOptions.isIPAddress(item)
        case .gateAccessRules: GateSocketAccess.Rule(item) != nil
        case .path, .socketPath, .group, .hostOrAddress, .logLevel, .publicURL, .rateLimit, .boolean, .number, .duration, .household:
            preconditionFailure("not a list")
        }
    }

    /// `http` or `https`, a host and perhaps a port, nothing else (the pages ask for `/v1/…`
    /// at the root); without a final slash.
    private static func publicURL(_ text: String) -> String? {
        guard let url = try? NotificationURL(text), let parts = URLComponents(string: url.value), parts.query == nil,
              parts.path.isEmpty || parts.path == "/"
        else { return nil }
        var base = url.value
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// The number of the group called `name`.
    private static func groupID(_ name: String) -> gid_t? {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return entry.gr_gid
    }
}

extension DaemonSetting.Rule {
    /// What a value must be, for the one wording of a refusal.
    var expected: String {
        switch self {
        case .path: "a file's path"
        case .socketPath: "a file's path of at most 107 bytes (a Unix socket's limit)"
        case .group: "a group of this machine (groupadd makes one)"
        case .hostOrAddress: "an IP address or a host name"
        case .logLevel: "trace, debug, info, notice, warning, error or critical"
        case .publicURL: "an http:// or https:// URL such as http://gate.home.lan:8080"
        case .rateLimit: "N/DURATION, like 60/1m"
        case .boolean: "true or false"
        case .number(let range): "a whole number between \(range.lowerBound) and \(range.upperBound)"
        case .duration(let range): "a duration between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound))"
        case .addresses: "an IP address"
        case .hostNames: "a host name"
        case .hostsOrAddresses: "a host name or an IP address"
        case .gateAccessRules: "USER=PROFILE[,PROFILE…] (* for every account or every profile)"
        case .household: "a household's name: 1 to 63 lowercase letters, digits and dashes, not starting with a dash"
        }
    }

    /// `duration` as written: `100ms` below a second, else as ``DurationText`` writes it.
    private static func text(_ duration: Duration) -> String {
        duration < .seconds(1) ? "\(duration.components.attoseconds / 1_000_000_000_000_000)ms" : DurationText.format(duration)
    }

    /// The value's name in help.
    var valueName: String {
        switch self {
        case .path, .socketPath: "<path>"
        case .group: "<group>"
        case .hostOrAddress, .hostNames, .hostsOrAddresses: "<host>"
        case .addresses: "<address>"
        case .logLevel: "<level>"
        case .publicURL: "<url>"
        case .rateLimit: "<n/duration>"
        case .boolean: ""
        case .number: "<n>"
        case .duration: "<duration>"
        case .gateAccessRules: "<user=profiles>"
        case .household: "<name>"
        }
    }
}
