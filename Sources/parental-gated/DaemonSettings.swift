import Configuration
import Foundation
import GateCommands
import GateServer
import Logging
import ParentalGate

/// Everything the daemon runs with: its command line, over `PARENTAL_GATE_*` environment
/// variables, over its JSON configuration file, over the defaults.
struct DaemonSettings: Sendable {
    var databasePath: String
    var server = GateServerOptions()
    var adminSocket: String?
    /// The number of the admin socket's group.
    var adminGroup: gid_t?
    var gateSocket: String?
    var gateAccess = GateSocketAccess()
    var logLevel: Logger.Level = .info
    var notifications = NotificationDeliverer.Settings()

    /// The settings `flags` give, with the environment and the file named by `--config`
    /// (else `$PARENTAL_GATE_CONFIG`) filling in what they leave out.
    static func resolve(_ flags: ParentalGated, environment: [String: String]) async throws -> DaemonSettings {
        let file = try (flags.config ?? environment["PARENTAL_GATE_CONFIG"]).map(ConfigurationFile.load) ?? [:]
        let settings = try resolve(flags, environment: environment, file: file, layerAlone: false)
        // Each layer below the flags is checked as if it were the only one: a wrong value is
        // wrong wherever it is, also where a flag (or the environment, over the file) hides it.
        let none = try ParentalGated.parse([])
        let settingVariables = Set(DaemonSetting.allCases.map(\.environmentVariable))
        _ = try resolve(none, environment: environment, file: [:], layerAlone: true)
        _ = try resolve(none, environment: environment.filter { !settingVariables.contains($0.key) }, file: file, layerAlone: true)
        return settings
    }

    /// The settings of `flags` over `environment` over `file`; with `layerAlone`, only each
    /// value's own checks, not those between settings that other layers may complete.
    private static func resolve(
        _ flags: ParentalGated, environment: [String: String], file: [DaemonSetting: ConfigContent], layerAlone: Bool
    ) throws -> DaemonSettings {
        let config = try Source(environment: environment, file: file)

        var settings = DaemonSettings(
            databasePath: flags.global.database ?? config.string(.database)
                ?? GlobalOptions.resolvePath(explicit: nil, environment: environment))
        if settings.databasePath.isEmpty { throw CommandError.usage("the database's path is empty: name a file, or leave the setting out") }
        var server = GateServerOptions()
        server.host = flags.host ?? config.string(.httpHost) ?? server.host
        guard GateServerOptions.isIPAddress(server.host) || GateServerOptions.isHostName(server.host) else {
            throw CommandError.usage("the HTTP host must be an IP address or a host name, not '\(server.host.escapedForMessage)'")
        }
        server.port = try flags.port ?? config.int(.httpPort, in: 0...65_535) ?? server.port
        let proxies = flags.trustedProxies.isEmpty ? config.strings(.httpTrustedProxies) ?? [] : flags.trustedProxies
        if let bad = proxies.first(where: { !GateServerOptions.isIPAddress($0) }) {
            throw CommandError.usage("trusted proxy must be an IP address, not '\(bad.escapedForMessage)'")
        }
        server.trustedProxies = Set(proxies)
        let hosts = flags.allowedHosts.isEmpty ? config.strings(.httpAllowedHosts) ?? [] : flags.allowedHosts
        if let bad = hosts.first(where: { !GateServerOptions.isHostName($0) }) {
            throw CommandError.usage("allowed host must be a host name, not '\(bad.escapedForMessage)'")
        }
        server.allowedHosts = Set(hosts)
        settings.notifications = try notifications(flags, config, layerAlone: layerAlone)
        // The parents' phones reach the approval page by the public URL's name: it is served.
        if let base = settings.notifications.approvalBase, let host = try? NotificationURL(base).host, GateServerOptions.isHostName(host) {
            server.allowedHosts.insert(host)
        }
        server.secureCookies = flags.secureCookies ?? config.bool(.httpSecureCookies) ?? server.secureCookies
        // Both read whatever the other says: no rate limit and a rate limit, from any layers, is refused, not settled quietly.
        let perAddress = try flags.rateLimitPerAddress?.limit ?? config.rateLimit(.httpRateLimitPerAddress)
        let perProfile = try flags.rateLimitPerProfile?.limit ?? config.rateLimit(.httpRateLimitPerProfile)
        if flags.noRateLimit || config.bool(.httpNoRateLimit) == true {
            if perAddress != nil || perProfile != nil {
                throw CommandError.usage("no rate limit (--no-rate-limit, http.noRateLimit) and a rate limit (http.rateLimitPerAddress or http.rateLimitPerProfile) are both given: leave one out")
            }
            server.rateLimitPerAddress = nil
            server.rateLimitPerProfile = nil
        } else {
            if let perAddress { server.rateLimitPerAddress = perAddress }
            if let perProfile { server.rateLimitPerProfile = perProfile }
        }
        if let timeout = try flags.idleTimeout?.duration ?? config.duration(.httpIdleTimeout) { server.idleTimeout = timeout }
        if let timeout = try flags.readTimeout?.duration ?? config.duration(.httpReadTimeout) { server.readTimeout = timeout }
        if let timeout = try flags.writeTimeout?.duration ?? config.duration(.httpWriteTimeout) { server.writeTimeout = timeout }
        for (name, value) in [("idle timeout", server.idleTimeout), ("read timeout", server.readTimeout), ("write timeout", server.writeTimeout)]
        where !(Duration.milliseconds(100)...Duration.seconds(3600)).contains(value) {
            throw CommandError.usage("the \(name) must be between 100ms and 1h")
        }
        server.maxConnections = try flags.maxConnections ?? config.int(.httpMaxConnections, in: 1...100_000) ?? server.maxConnections
        server.maxConnectionsPerAddress = try flags.maxConnectionsPerAddress
            ?? config.int(.httpMaxConnectionsPerAddress, in: 1...100_000) ?? server.maxConnectionsPerAddress
        settings.server = server

        let runtime = environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        settings.adminSocket = flags.adminSocket ?? config.string(.adminSocket) ?? runtime.map { $0 + "/admin.sock" }
        settings.gateSocket = flags.gateSocket ?? config.string(.gateSocket) ?? runtime.map { $0 + "/gate.sock" }
        settings.adminGroup = try (flags.adminGroup ?? config.string(.adminGroup)).map(groupID)
        for (name, path) in [("admin", settings.adminSocket), ("gate", settings.gateSocket)] {
            guard let path else { continue }
            if path.isEmpty { throw CommandError.usage("the \(name) socket's path is empty: name a file, or leave the setting out") }
            // sockaddr_un holds 108 bytes, the last a NUL.
            if path.utf8.count > 107 { throw CommandError.usage("the \(name) socket's path is longer than 107 bytes, which a Unix socket cannot have: \(path.escapedForMessage)") }
        }
        if let path = settings.adminSocket, path == settings.gateSocket, !layerAlone {
            throw CommandError.usage("the admin socket and the gate socket must be different files, not both \(path.escapedForMessage)")
        }
        settings.gateAccess = try GateSocketAccess(rules: flags.gateAccess.isEmpty ? config.strings(.gateAccess) ?? [] : flags.gateAccess)
        // No rule is not "every account": the open mode is said, `*=*`, or there is none.
        if let socket = settings.gateSocket, settings.gateAccess.isEmpty, !layerAlone {
            throw CommandError.usage(
                "the gate socket \(socket) needs gate access rules: USER=PROFILE[,PROFILE…] for each child's account (--gate-access, or \"gateAccess\" in the configuration), or *=* to let every account use every profile")
        }
        if let level = flags.logLevel ?? config.string(.logLevel) {
            guard let parsed = Logger.Level(rawValue: level) else {
                throw CommandError.usage("unknown log level '\(level.escapedForMessage)' (expected trace, debug, info, notice, warning, error or critical)")
            }
            settings.logLevel = parsed
        }
        return settings
    }

    /// How notifications are delivered: `--notify-retry-base`, `--notify-retry-max`,
    /// `--notify-timeout` and `--notify-allowed-host`, else `notify.retryBase`,
    /// `notify.retryMax`, `notify.timeout` and `notify.allowedHosts`.
    private static func notifications(_ flags: ParentalGated, _ config: Source, layerAlone: Bool) throws -> NotificationDeliverer.Settings {
        var settings = NotificationDeliverer.Settings()
        let base = try flags.notifyRetryBase?.duration ?? config.duration(.notifyRetryBase) ?? settings.retry.base
        let maximum = try flags.notifyRetryMax?.duration ?? config.duration(.notifyRetryMax) ?? max(base, settings.retry.maximum)
        settings.timeout = try flags.notifyTimeout?.duration ?? config.duration(.notifyTimeout) ?? settings.timeout
        guard (Duration.milliseconds(10)...Duration.seconds(3600)).contains(base) else {
            throw CommandError.usage("the notification retry base must be between 10ms and 1h")
        }
        guard (base...Duration.seconds(7 * 86_400)).contains(maximum) 
            || layerAlone && (Duration.milliseconds(10)...Duration.seconds(7 * 86_400)).contains(maximum)
        else {
            throw CommandError.usage("the notification retry maximum must be between the retry base and 7d")
        }
        guard (Duration.milliseconds(100)...Duration.seconds(300)).contains(settings.timeout) else {
            throw CommandError.usage("the notification timeout must be between 100ms and 5m")
        }
        settings.retry = RetrySchedule(base: base, maximum: maximum)
        let hosts = flags.notifyAllowedHosts.isEmpty ? config.strings(.notifyAllowedHosts) ?? [] : flags.notifyAllowedHosts
        if let bad = hosts.first(where: { !GateServerOptions.isHostName($0) && !GateServerOptions.isIPAddress($0) }) {
            throw CommandError.usage("a notification host must be a host name or an IP address, not '\(bad.escapedForMessage)'")
        }
        settings.allowedHosts = hosts.isEmpty ? nil : Set(hosts.map { $0.lowercased() })
        if let text = flags.publicURL ?? config.string(.publicURL) {
            settings.approvalBase = try publicURL(text)
        }
        return settings
    }

    /// The number of the group called `name`.
    private static func groupID(_ name: String) throws(CommandError) -> gid_t {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else {
            throw .usage("no group called '\(name.escapedForMessage)' (make it with groupadd, or leave out --admin-group)")
        }
        return entry.gr_gid
    }

    /// `--public-url` (`publicURL`): `http` or `https`, a host and perhaps a port, nothing
    /// else (the pages ask for `/v1/…` at the root); without a final slash.
    static func publicURL(_ text: String) throws -> String {
        guard let url = try? NotificationURL(text), let parts = URLComponents(string: url.value), parts.query == nil,
              parts.path.isEmpty || parts.path == "/"
        else {
            throw CommandError.usage("the public URL must be an http:// or https:// URL such as http://gate.home.lan:8080, not '\(text.escapedForMessage)'")
        }
        var base = url.value
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Values from the environment, else the file (checked by ``ConfigurationFile``); an
    /// environment variable that names no setting, or whose value is not of its type, is refused.
    private struct Source {
        /// The `PARENTAL_GATE_*` variables, read by swift-configuration.
        let environment: ConfigReader
        let file: [DaemonSetting: ConfigContent]

        /// Refuses a `PARENTAL_GATE_*` variable that names no setting (a misspelt one would
        /// otherwise leave its setting at the default without a word).
        init(environment: [String: String], file: [DaemonSetting: ConfigContent]) throws(CommandError) {
            let known = Set(DaemonSetting.allCases.map(\.environmentVariable)).union(DaemonSetting.otherEnvironmentVariables)
            if let unknown = environment.keys.filter({ $0.hasPrefix("PARENTAL_GATE_") && !known.contains($0) }).sorted().first {
                throw .usage("the environment variable \(unknown.escapedForMessage) is not a setting of parental-gated (parental-gated --help lists them)")
            }
            let reader = ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)).scoped(to: "parentalGate")
            // Every one is checked, also one a flag overrides: a wrong value is wrong wherever it is.
            for setting in DaemonSetting.allCases {
                guard let text = environment[setting.environmentVariable] else { continue }
                let converts = switch setting.kind {
                case .integer: reader.int(forKey: setting.key) != nil
                case .boolean: reader.bool(forKey: setting.key) != nil
                case .string, .strings: true
                }
                guard converts else { throw .usage("\(setting.rawValue) must be \(setting.kind.expected), not '\(text.escapedForMessage)'") }
            }
            self.environment = reader
            self.file = file
        }

        func string(_ setting: DaemonSetting) -> String? {
            if let value = environment.string(forKey: setting.key) { return value }
            if case .string(let value)? = file[setting] { return value }
            return nil
        }

        func strings(_ setting: DaemonSetting) -> [String]? {
            if let value = environment.stringArray(forKey: setting.key) { return value }
            if case .stringArray(let value)? = file[setting] { return value }
            return nil
        }

        func bool(_ setting: DaemonSetting) -> Bool? {
            if let value = environment.bool(forKey: setting.key) { return value }
            if case .bool(let value)? = file[setting] { return value }
            return nil
        }

        func int(_ setting: DaemonSetting, in range: ClosedRange<Int>) throws(CommandError) -> Int? {
            var value = environment.int(forKey: setting.key)
            if value == nil, case .int(let number)? = file[setting] { value = number }
            guard let value else { return nil }
            guard range.contains(value) else { throw .usage("\(setting.rawValue) must be between \(range.lowerBound) and \(range.upperBound)") }
            return value
        }

        func duration(_ setting: DaemonSetting) throws(CommandError) -> Duration? {
            guard let text = string(setting) else { return nil }
            do {
                return try DurationText.parse(text)
            } catch {
                throw .usage("\(setting.rawValue): \(error.description)")
            }
        }

        func rateLimit(_ setting: DaemonSetting) throws(CommandError) -> RateLimit? {
            guard let text = string(setting) else { return nil }
            guard let limit = RateLimit(text) else { throw .usage("\(setting.rawValue) must be N/DURATION, like 60/1m, not '\(text.escapedForMessage)'") }
            return limit
        }

    }
}
