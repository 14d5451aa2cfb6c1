import Configuration

/// One setting of the daemon: its key in the JSON configuration file (dotted: `http.port` is
/// `{"http": {"port": …}}`), which also names its environment variable
/// (`PARENTAL_GATE_HTTP_PORT`), and the JSON type it takes.
///
/// The one list of settings: the configuration file is checked against it (an unknown key
/// or a value of another type is refused), and settings are read only through it.
enum DaemonSetting: String, CaseIterable, Sendable {
    case database, adminSocket, adminGroup, gateSocket, gateAccess, logLevel, publicURL
    case httpHost = "http.host", httpPort = "http.port", httpTrustedProxies = "http.trustedProxies"
    case httpAllowedHosts = "http.allowedHosts", httpSecureCookies = "http.secureCookies", httpNoRateLimit = "http.noRateLimit"
    case httpRateLimitPerAddress = "http.rateLimitPerAddress", httpRateLimitPerProfile = "http.rateLimitPerProfile"
    case httpIdleTimeout = "http.idleTimeout", httpReadTimeout = "http.readTimeout", httpWriteTimeout = "http.writeTimeout"
    case httpMaxConnections = "http.maxConnections", httpMaxConnectionsPerAddress = "http.maxConnectionsPerAddress"
    case notifyRetryBase = "notify.retryBase", notifyRetryMax = "notify.retryMax", notifyTimeout = "notify.timeout"
    case notifyAllowedHosts = "notify.allowedHosts"

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
        switch self {
        case .database, .adminSocket, .adminGroup, .gateSocket, .logLevel, .publicURL, .httpHost, .httpRateLimitPerAddress,
             .httpRateLimitPerProfile, .httpIdleTimeout, .httpReadTimeout, .httpWriteTimeout, .notifyRetryBase, .notifyRetryMax,
             .notifyTimeout:
            .string
        case .gateAccess, .httpTrustedProxies, .httpAllowedHosts, .notifyAllowedHosts: .strings
        case .httpPort, .httpMaxConnections, .httpMaxConnectionsPerAddress: .integer
        case .httpSecureCookies, .httpNoRateLimit: .boolean
        }
    }

    /// Its key for swift-configuration.
    var key: ConfigKey {
        ConfigKey(rawValue)
    }

    /// Its environment variable: `PARENTAL_GATE_`, then each part of the key in capitals with
    /// `_` where a lowercase letter meets a capital (swift-configuration's naming).
    var environmentVariable: String {
        let parts = ["parentalGate"] + rawValue.split(separator: ".").map(String.init)
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

    /// The environment variables of the daemon and gatectl that are not settings.
    static let otherEnvironmentVariables: Set<String> = ["PARENTAL_GATE_CONFIG", "PARENTAL_GATE_DB", "PARENTAL_GATE_SOCKET"]
}
