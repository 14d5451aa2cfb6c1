import Configuration
import Foundation
import GateCore
import GateProgram

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
    /// The key file every daemon on one PostgreSQL database shares (`--notify-key-file`).
    var notifyKeyFile: String?
    /// The household served by default (`--household`).
    var household = Household.home.name

    /// The settings `flags` give, with the environment and the file named by `--config`
    /// (else `$PARENTAL_GATE_CONFIG`) filling in what they leave out: one reader over the three.
    static func resolve(_ flags: ParentalGated, environment: [String: String]) async throws -> DaemonSettings {
        if let conflict = DatabasePath.conflict(in: environment) { throw CommandError.usage(conflict) }
        let path = flags.config ?? environment["PARENTAL_GATE_CONFIG"]
        let file = try path.map(ConfigurationFile.load) ?? [:]
        let layers = try [
            Layer(provider: flags.settings.provider(), name: \.flagName),
            Layer(environment: environment),
            Layer(file: file, path: path ?? ""),
        ]
        // Each layer is checked as if it were the only one: a wrong value is wrong wherever it
        // is, also where a flag (or the environment, over the file) hides it.
        for layer in layers {
            _ = try resolve(SettingValues(reader: ConfigReader(provider: layer.provider), name: layer.name), environment: environment, layerAlone: true)
        }
        let reader = ConfigReader(providers: layers.map(\.provider))
        return try resolve(SettingValues(reader: reader, name: \.rawValue), environment: environment, layerAlone: false)
    }

    /// The settings `values` give; with `layerAlone`, only each value's own checks, not those
    /// between settings that other layers may complete.
    private static func resolve(_ values: SettingValues, environment: [String: String], layerAlone: Bool) throws -> DaemonSettings {
        var settings = DaemonSettings(
            databasePath: try values.text(.database) ?? DatabasePath.resolve(explicit: nil, environment: environment))
        settings.notifyKeyFile = try values.text(.notifyKeyFile)
        settings.household = try values.text(.household) ?? settings.household
        var server = GateServerOptions()
        server.host = try values.text(.httpHost) ?? server.host
        server.port = try values.number(.httpPort) ?? server.port
        server.trustedProxies = Set(try values.list(.httpTrustedProxies) ?? [])
        server.allowedHosts = Set(try values.list(.httpAllowedHosts) ?? [])
        settings.notifications = try notifications(values, layerAlone: layerAlone)
        // The parents' phones reach the approval page by the public URL's name: it is served.
        if let base = settings.notifications.approvalBase, let host = try? NotificationURL(base).host, GateServerOptions.isHostName(host) {
            server.allowedHosts.insert(host)
        }
        server.secureCookies = try values.boolean(.httpSecureCookies) ?? server.secureCookies
        // Both read whatever the other says: no rate limit and a rate limit, from any layers, is refused, not settled quietly.
        let perAddress = try values.rateLimit(.httpRateLimitPerAddress)
        let perProfile = try values.rateLimit(.httpRateLimitPerProfile)
        if try values.boolean(.httpNoRateLimit) == true {
            if perAddress != nil || perProfile != nil {
                throw CommandError.usage("no rate limit (--no-rate-limit, http.noRateLimit) and a rate limit (http.rateLimitPerAddress or http.rateLimitPerProfile) are both given: leave one out")
            }
            server.rateLimitPerAddress = nil
            server.rateLimitPerProfile = nil
        } else {
            if let perAddress { server.rateLimitPerAddress = perAddress }
            if let perProfile { server.rateLimitPerProfile = perProfile }
        }
        server.idleTimeout = try values.duration(.httpIdleTimeout) ?? server.idleTimeout
        server.readTimeout = try values.duration(.httpReadTimeout) ?? server.readTimeout
        server.writeTimeout = try values.duration(.httpWriteTimeout) ?? server.writeTimeout
        server.maxConnections = try values.number(.httpMaxConnections) ?? server.maxConnections
        server.maxConnectionsPerAddress = try values.number(.httpMaxConnectionsPerAddress) ?? server.maxConnectionsPerAddress
        settings.server = server

        let runtime = environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        settings.adminSocket = try values.text(.adminSocket) ?? runtime.map { $0 + "/admin.sock" }
        settings.gateSocket = try values.text(.gateSocket) ?? runtime.map { $0 + "/gate.sock" }
        settings.adminGroup = try values.groupNumber(.adminGroup)
        if let path = settings.adminSocket, path == settings.gateSocket, !layerAlone {
            throw CommandError.usage("the admin socket and the gate socket must be different files, not both \(path.escapedForMessage)")
        }
        settings.gateAccess = GateSocketAccess(rules: (try values.list(.gateAccess) ?? []).compactMap(GateSocketAccess.Rule.init))
        // No rule is not "every account": the open mode is said, `*=*`, or there is none.
        if let socket = settings.gateSocket, settings.gateAccess.isEmpty, !layerAlone {
            throw CommandError.usage(
                "the gate socket \(socket) needs gate access rules: USER=PROFILE[,PROFILE…] for each child's account (--gate-access, or \"gateAccess\" in the configuration), or *=* to let every account use every profile")
        }
        settings.logLevel = try values.logLevel(.logLevel) ?? settings.logLevel
        return settings
    }

    /// How notifications are delivered.
    private static func notifications(_ values: SettingValues, layerAlone: Bool) throws -> NotificationDeliverer.Settings {
        var settings = NotificationDeliverer.Settings()
        let base = try values.duration(.notifyRetryBase) ?? settings.retry.base
        let maximum = try values.duration(.notifyRetryMax) ?? max(base, settings.retry.maximum)
        settings.timeout = try values.duration(.notifyTimeout) ?? settings.timeout
        if maximum < base, !layerAlone {
            throw CommandError.usage(
                "the notification retry maximum (--notify-retry-max, notify.retryMax) must be at least the retry base (--notify-retry-base, notify.retryBase): \(DurationText.format(maximum)) is less than \(DurationText.format(base))")
        }
        settings.retry = RetrySchedule(base: base, maximum: maximum)
        let hosts = try values.list(.notifyAllowedHosts) ?? []
        settings.allowedHosts = hosts.isEmpty ? nil : Set(hosts.map { $0.lowercased() })
        settings.approvalBase = try values.publicURL(.publicURL)
        return settings
    }

    /// Where settings come from, and how a message names a setting there.
    private struct Layer {
        let provider: any ConfigProvider
        let name: @Sendable (DaemonSetting) -> String

        init(provider: any ConfigProvider, name: @escaping @Sendable (DaemonSetting) -> String) {
            self.provider = provider
            self.name = name
        }

        /// The `PARENTAL_GATE_*` variables; one that names no setting is refused (a misspelt one
        /// would otherwise leave its setting at the default without a word).
        init(environment: [String: String]) throws(CommandError) {
            let known = Set(DaemonSetting.allCases.map(\.environmentVariable)).union(DaemonSetting.otherEnvironmentVariables)
            if let unknown = environment.keys.filter({ $0.hasPrefix("PARENTAL_GATE_") && !known.contains($0) }).sorted().first {
                throw .usage("the environment variable \(unknown.escapedForMessage) is not a setting of parental-gated (parental-gated --help lists them)")
            }
            provider = EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: ConfigKey(DaemonSetting.environmentScope))
            name = \.environmentVariable
        }

        /// The configuration file's settings (checked by ``ConfigurationFile``).
        init(file: [DaemonSetting: ConfigContent], path: String) {
            provider = InMemoryProvider(
                name: "file", values: Dictionary(uniqueKeysWithValues: file.map { (AbsoluteConfigKey($0.key.key), ConfigValue($0.value, isSecret: false)) }))
            name = { "\(path): \"\($0.rawValue)\"" }
        }
    }
}
