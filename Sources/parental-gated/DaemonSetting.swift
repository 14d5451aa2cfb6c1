import Configuration
import GateCore
import GateServer
import ParentalGate

/// One setting of the daemon, declared once: its key in the JSON configuration file (dotted:
/// `http.port` is `{"http": {"port": …}}`), which also names its environment variable
/// (`PARENTAL_GATE_HTTP_PORT`); its flag; the rule its value keeps; its help and default.
///
/// The one list of settings: the flags are parsed from it, the configuration file and the
/// environment are checked against it (an unknown key or a value of another type is refused),
/// and settings are read only through it (``SettingValues``).
enum DaemonSetting: String, CaseIterable, Sendable {
    case database, household, adminSocket, adminGroup, gateSocket, gateAccess, logLevel, publicURL
    case httpHost = "http.host", httpPort = "http.port", httpTrustedProxies = "http.trustedProxies"
    case httpAllowedHosts = "http.allowedHosts", httpSecureCookies = "http.secureCookies", httpNoRateLimit = "http.noRateLimit"
    case httpRateLimitPerAddress = "http.rateLimitPerAddress", httpRateLimitPerProfile = "http.rateLimitPerProfile"
    case httpIdleTimeout = "http.idleTimeout", httpReadTimeout = "http.readTimeout", httpWriteTimeout = "http.writeTimeout"
    case httpMaxConnections = "http.maxConnections", httpMaxConnectionsPerAddress = "http.maxConnectionsPerAddress"
    case notifyRetryBase = "notify.retryBase", notifyRetryMax = "notify.retryMax", notifyTimeout = "notify.timeout"
    case notifyAllowedHosts = "notify.allowedHosts", notifyKeyFile = "notify.keyFile"

    /// What a setting is, in one place.
    struct Declaration {
        let flag: Flag
        let rule: Rule
        let help: String
        /// The value without the setting, for help; `nil` where help says it in words.
        var defaultValue: String?
    }

    /// How a setting is written on the command line.
    enum Flag {
        /// `--name VALUE`.
        case option(String)
        /// `--name VALUE`, once for each item of a list.
        case repeated(String)
        /// `--name` alone, for true.
        case flag(String)
        /// `--name` for true, `--no-name` for false.
        case toggle(String)
    }

    /// What a setting's value must be.
    enum Rule {
        case path, socketPath, group, hostOrAddress, logLevel, publicURL, rateLimit, boolean, household
        case number(ClosedRange<Int>)
        case duration(ClosedRange<Duration>)
        /// Lists, of what each item must be.
        case addresses, hostNames, hostsOrAddresses, gateAccessRules
    }

    var declaration: Declaration {
        let server = GateServerOptions()
        let notify = NotificationDeliverer.Settings()
        let timeouts = Duration.milliseconds(100)...Duration.seconds(3600)
        let connections = 1...100_000
        return switch self {
        case .database:
            Declaration(flag: .option("--database"), rule: .path,
                help: "The database: a file, or a PostgreSQL address postgres://USER@HOST/DB (default: $PARENTAL_GATE_DATABASE, else a file in the XDG data directory).")
        case .household:
            Declaration(flag: .option("--household"), rule: .household,
                help: "The household the HTTP API, the gate socket and the admin socket serve by default, on a PostgreSQL database that holds many (gatectl --household reaches others through the admin socket); a file is one household, home.",
                defaultValue: "home")
        case .adminSocket:
            Declaration(flag: .option("--admin-socket"), rule: .socketPath,
                help: "The admin socket: every gatectl command (default: $RUNTIME_DIRECTORY/admin.sock under systemd, else none).")
        case .adminGroup:
            Declaration(flag: .option("--admin-group"), rule: .group,
                help: "The group that may use the admin socket (mode 0660); default: the daemon's own group.")
        case .gateSocket:
            Declaration(flag: .option("--gate-socket"), rule: .socketPath,
                help: "The gate socket: what a child may do (default: $RUNTIME_DIRECTORY/gate.sock under systemd, else none).")
        case .gateAccess:
            Declaration(flag: .repeated("--gate-access"), rule: .gateAccessRules,
                help: "USER=PROFILE[,PROFILE…]: on the gate socket the account USER may use only these profiles; * for every account or every profile (repeatable; a gate socket needs at least one rule: *=* lets every account use every profile).")
        case .logLevel:
            Declaration(flag: .option("--log-level"), rule: .logLevel,
                help: "Log level: trace, debug, info, notice, warning, error or critical.", defaultValue: "info")
        case .publicURL:
            Declaration(flag: .option("--public-url"), rule: .publicURL,
                help: "The address parents reach this server by, for the approval links of requests (e.g. http://gate.home.lan:8080); without it, notifications say to approve with gatectl ask approve.")
        case .httpHost:
            Declaration(flag: .option("--host"), rule: .hostOrAddress, help: "The address to listen on for HTTP.", defaultValue: server.host)
        case .httpPort:
            Declaration(flag: .option("--port"), rule: .number(0...65_535),
                help: "The HTTP port (0: any free port, the one chosen is printed).", defaultValue: "\(server.port)")
        case .httpTrustedProxies:
            Declaration(flag: .repeated("--trusted-proxy"), rule: .addresses,
                help: "The IP address of a reverse proxy whose X-Forwarded-For, -Proto and -Host headers are believed (repeatable).")
        case .httpAllowedHosts:
            Declaration(flag: .repeated("--allowed-host"), rule: .hostNames,
                help: "A name the gate is reached by (Host, or X-Forwarded-Host from a trusted proxy), besides IP addresses and localhost (repeatable).")
        case .httpSecureCookies:
            Declaration(flag: .toggle("--secure-cookies"), rule: .boolean,
                help: "Clients come over HTTPS (through a TLS proxy): session cookies are Secure and the origin is https.",
                defaultValue: server.secureCookies ? "on" : "off")
        case .httpNoRateLimit:
            Declaration(flag: .flag("--no-rate-limit"), rule: .boolean, help: "Turn both rate limits off.")
        case .httpRateLimitPerAddress:
            Declaration(flag: .option("--rate-limit-per-address"), rule: .rateLimit,
                help: "Requests that can write, per client address, as N/DURATION.", defaultValue: server.rateLimitPerAddress?.description)
        case .httpRateLimitPerProfile:
            Declaration(flag: .option("--rate-limit-per-profile"), rule: .rateLimit,
                help: "Gate operations per profile, as N/DURATION.", defaultValue: server.rateLimitPerProfile?.description)
        case .httpIdleTimeout:
            Declaration(flag: .option("--idle-timeout"), rule: .duration(timeouts),
                help: "Close a connection that sends nothing for this long, including one whose request head is unfinished.",
                defaultValue: DurationText.format(server.idleTimeout))
        case .httpReadTimeout:
            Declaration(flag: .option("--read-timeout"), rule: .duration(timeouts),
                help: "Close a connection whose request body has not arrived within this long of its head.",
                defaultValue: DurationText.format(server.readTimeout))
        case .httpWriteTimeout:
            Declaration(flag: .option("--write-timeout"), rule: .duration(timeouts),
                help: "Reset a connection whose answers have not been read for this long.", defaultValue: DurationText.format(server.writeTimeout))
        case .httpMaxConnections:
            Declaration(flag: .option("--max-connections"), rule: .number(connections),
                help: "Connections open at once; more wait until one closes.", defaultValue: "\(server.maxConnections)")
        case .httpMaxConnectionsPerAddress:
            Declaration(flag: .option("--max-connections-per-address"), rule: .number(connections),
                help: "Connections open at once from one client address; more are closed.", defaultValue: "\(server.maxConnectionsPerAddress)")
        case .notifyRetryBase:
            Declaration(flag: .option("--notify-retry-base"), rule: .duration(.milliseconds(10)...Duration.seconds(3600)),
                help: "Wait this long before trying again a notification that was not delivered, twice as long after each further failure.",
                defaultValue: DurationText.format(notify.retry.base))
        case .notifyRetryMax:
            Declaration(flag: .option("--notify-retry-max"), rule: .duration(.milliseconds(10)...Duration.seconds(7 * 86_400)),
                help: "The longest wait between tries of a notification, at least the retry base.", defaultValue: DurationText.format(notify.retry.maximum))
        case .notifyTimeout:
            Declaration(flag: .option("--notify-timeout"), rule: .duration(.milliseconds(100)...Duration.seconds(300)),
                help: "The longest one try of a notification may take, connecting included.", defaultValue: DurationText.format(notify.timeout))
        case .notifyAllowedHosts:
            Declaration(flag: .repeated("--notify-allowed-host"), rule: .hostsOrAddresses,
                help: "A host notifications may be sent to (repeatable; with none, any host the admin names).")
        case .notifyKeyFile:
            Declaration(flag: .option("--notify-key-file"), rule: .path,
                help: "With a PostgreSQL database: the key file webhook secrets and approval links are sealed with, the same on every daemon (an SQLite database keeps its own beside it).")
        }
    }

    /// The JSON types a setting can take.
    enum Kind: Sendable {
        case string, strings, integer, boolean

        /// What a value must be, for an error message.
        var expected: String {
            switch self {
            case .string: "a string"
            case .strings: "a list of strings"
            case .integer: "a whole number"
            case .boolean: "true or false"
            }
        }
    }

    var kind: Kind {
        switch declaration.rule {
        case .path, .socketPath, .group, .hostOrAddress, .logLevel, .publicURL, .rateLimit, .duration, .household: .string
        case .addresses, .hostNames, .hostsOrAddresses, .gateAccessRules: .strings
        case .number: .integer
        case .boolean: .boolean
        }
    }

    /// Its flag, as a message names it.
    var flagName: String {
        switch declaration.flag {
        case .option(let name), .repeated(let name), .flag(let name), .toggle(let name): name
        }
    }

    /// Its key for swift-configuration.
    var key: ConfigKey {
        ConfigKey(rawValue)
    }

    /// Its environment variable: `PARENTAL_GATE_`, then each part of the key in capitals with
    /// `_` where a lowercase letter meets a capital (swift-configuration's naming).
    var environmentVariable: String {
        let parts = [Self.environmentScope] + rawValue.split(separator: ".").map(String.init)
        return parts.map { part in
            var words = ""
            var previous: Character?
            for character in part {
                if let previous, previous.isLowercase, character.isUppercase { words.append("_") }
                words.append(character)
                previous = character
            }
            return words.uppercased()
        }.joined(separator: "_")
    }

    /// The key the environment's variables are under: `PARENTAL_GATE_…`.
    static let environmentScope = "parentalGate"

    /// The environment variables of the daemon and gatectl that are not settings.
    static let otherEnvironmentVariables: Set<String> = ["PARENTAL_GATE_CONFIG", "PARENTAL_GATE_DB", "PARENTAL_GATE_SOCKET"]
}
