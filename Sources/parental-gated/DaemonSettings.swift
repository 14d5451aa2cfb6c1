import Configuration
import Foundation
import GateCommands
import GateServer
import Logging
import ParentalGate
import SystemPackage

/// Everything the daemon runs with: its command line, over `PARENTAL_GATE_*` environment
/// variables, over its JSON configuration file, over the defaults.
struct DaemonSettings: Sendable {
    var databasePath: String
    var server = GateServerOptions()
    var adminSocket: String?
    var adminGroup: String?
    var gateSocket: String?
    var gateAccess = GateSocketAccess()
    var logLevel: Logger.Level = .info
    var notifications = NotificationDeliverer.Settings()

    /// The settings `flags` give, with the environment and the file named by `--config`
    /// (else `$PARENTAL_GATE_CONFIG`) filling in what they leave out.
    static func resolve(_ flags: ParentalGated, environment: [String: String]) async throws -> DaemonSettings {
        var file: ConfigReader?
        if let path = flags.config ?? environment["PARENTAL_GATE_CONFIG"] {
            guard FileManager.default.isReadableFile(atPath: path) else { throw CommandError.usage("cannot read the configuration file \(path)") }
            do {
                file = ConfigReader(provider: try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
            } catch {
                throw CommandError.usage("\(path) is not a JSON configuration file")
            }
        }
        // Environment variables are scoped: `http.port` is PARENTAL_GATE_HTTP_PORT.
        let config = Source(
            environment: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)).scoped(to: "parentalGate"),
            file: file)

        var settings = DaemonSettings(
            databasePath: flags.global.database ?? config.string("database")
                ?? GlobalOptions.resolvePath(explicit: nil, environment: environment))
        var server = GateServerOptions()
        server.host = flags.host ?? config.string("http.host") ?? server.host
        server.port = try flags.port ?? config.int("http.port", in: 0...65_535) ?? server.port
        let proxies = flags.trustedProxies.isEmpty ? config.strings("http.trustedProxies") ?? [] : flags.trustedProxies
        if let bad = proxies.first(where: { !GateServerOptions.isIPAddress($0) }) {
            throw CommandError.usage("trusted proxy must be an IP address, not '\(bad.escapedForMessage)'")
        }
        server.trustedProxies = Set(proxies)
        let hosts = flags.allowedHosts.isEmpty ? config.strings("http.allowedHosts") ?? [] : flags.allowedHosts
        if let bad = hosts.first(where: { !GateServerOptions.isHostName($0) }) {
            throw CommandError.usage("allowed host must be a host name, not '\(bad.escapedForMessage)'")
        }
        server.allowedHosts = Set(hosts)
        settings.notifications = try notifications(flags, config)
        // The parents' phones reach the approval page by the public URL's name: it is served.
        if let base = settings.notifications.approvalBase, let host = try? NotificationURL(base).host, GateServerOptions.isHostName(host) {
            server.allowedHosts.insert(host)
        }
        server.secureCookies = flags.secureCookies ?? config.bool("http.secureCookies") ?? server.secureCookies
        if flags.noRateLimit || config.bool("http.noRateLimit") == true {
            server.rateLimitPerAddress = nil
            server.rateLimitPerProfile = nil
        } else {
            if let limit = try flags.rateLimitPerAddress?.limit ?? config.rateLimit("http.rateLimitPerAddress") {
                server.rateLimitPerAddress = limit
            }
            if let limit = try flags.rateLimitPerProfile?.limit ?? config.rateLimit("http.rateLimitPerProfile") {
                server.rateLimitPerProfile = limit
            }
        }
        if let timeout = try flags.idleTimeout?.duration ?? config.duration("http.idleTimeout") { server.idleTimeout = timeout }
        if let timeout = try flags.readTimeout?.duration ?? config.duration("http.readTimeout") { server.readTimeout = timeout }
        if let timeout = try flags.writeTimeout?.duration ?? config.duration("http.writeTimeout") { server.writeTimeout = timeout }
        for (name, value) in [("idle timeout", server.idleTimeout), ("read timeout", server.readTimeout), ("write timeout", server.writeTimeout)]
        where !(Duration.milliseconds(100)...Duration.seconds(3600)).contains(value) {
            throw CommandError.usage("the \(name) must be between 100ms and 1h")
        }
        server.maxConnections = try flags.maxConnections ?? config.int("http.maxConnections", in: 1...100_000) ?? server.maxConnections
        server.maxConnectionsPerAddress = try flags.maxConnectionsPerAddress
            ?? config.int("http.maxConnectionsPerAddress", in: 1...100_000) ?? server.maxConnectionsPerAddress
        settings.server = server

        let runtime = environment["RUNTIME_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
        settings.adminSocket = flags.adminSocket ?? config.string("adminSocket") ?? runtime.map { $0 + "/admin.sock" }
        settings.gateSocket = flags.gateSocket ?? config.string("gateSocket") ?? runtime.map { $0 + "/gate.sock" }
        settings.adminGroup = flags.adminGroup ?? config.string("adminGroup")
        settings.gateAccess = try GateSocketAccess(rules: flags.gateAccess.isEmpty ? config.strings("gateAccess") ?? [] : flags.gateAccess)
        if let level = flags.logLevel ?? config.string("logLevel") {
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
    private static func notifications(_ flags: ParentalGated, _ config: Source) throws -> NotificationDeliverer.Settings {
        var settings = NotificationDeliverer.Settings()
        let base = try flags.notifyRetryBase?.duration ?? config.duration("notify.retryBase") ?? settings.retry.base
        let maximum = try flags.notifyRetryMax?.duration ?? config.duration("notify.retryMax") ?? max(base, settings.retry.maximum)
        settings.timeout = try flags.notifyTimeout?.duration ?? config.duration("notify.timeout") ?? settings.timeout
        guard (Duration.milliseconds(10)...Duration.seconds(3600)).contains(base) else {
            throw CommandError.usage("the notification retry base must be between 10ms and 1h")
        }
        guard (base...Duration.seconds(7 * 86_400)).contains(maximum) else {
            throw CommandError.usage("the notification retry maximum must be between the retry base and 7d")
        }
        guard (Duration.milliseconds(100)...Duration.seconds(300)).contains(settings.timeout) else {
            throw CommandError.usage("the notification timeout must be between 100ms and 5m")
        }
        settings.retry = RetrySchedule(base: base, maximum: maximum)
        let hosts = flags.notifyAllowedHosts.isEmpty ? config.strings("notify.allowedHosts") ?? [] : flags.notifyAllowedHosts
        if let bad = hosts.first(where: { !GateServerOptions.isHostName($0) && !GateServerOptions.isIPAddress($0) }) {
            throw CommandError.usage("a notification host must be a host name or an IP address, not '\(bad.escapedForMessage)'")
        }
        settings.allowedHosts = hosts.isEmpty ? nil : Set(hosts.map { $0.lowercased() })
        if let text = flags.publicURL ?? config.string("publicURL") {
            settings.approvalBase = try publicURL(text)
        }
        return settings
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

    /// Values from the environment, else the file.
    private struct Source {
        let environment: ConfigReader
        let file: ConfigReader?

        func string(_ key: String) -> String? {
            environment.string(forKey: ConfigKey(key)) ?? file?.string(forKey: ConfigKey(key))
        }

        func strings(_ key: String) -> [String]? {
            environment.stringArray(forKey: ConfigKey(key)) ?? file?.stringArray(forKey: ConfigKey(key))
        }

        func bool(_ key: String) -> Bool? {
            environment.bool(forKey: ConfigKey(key)) ?? file?.bool(forKey: ConfigKey(key))
        }

        func int(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
            guard let value = environment.int(forKey: ConfigKey(key)) ?? file?.int(forKey: ConfigKey(key)) else {
                if let text = string(key) { throw CommandError.usage("\(key) must be a whole number, not '\(text.escapedForMessage)'") }
                return nil
            }
            guard range.contains(value) else { throw CommandError.usage("\(key) must be between \(range.lowerBound) and \(range.upperBound)") }
            return value
        }

        func duration(_ key: String) throws -> Duration? {
            guard let text = string(key) else { return nil }
            do {
                return try DurationText.parse(text)
            } catch {
                throw CommandError.usage("\(key): \(error.description)")
            }
        }

        func rateLimit(_ key: String) throws -> RateLimit? {
            guard let text = string(key) else { return nil }
            guard let limit = RateLimit(text) else { throw CommandError.usage("\(key) must be N/DURATION, like 60/1m, not '\(text.escapedForMessage)'") }
            return limit
        }
    }
}
