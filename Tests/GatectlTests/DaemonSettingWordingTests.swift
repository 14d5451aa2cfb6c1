import Foundation
import ParentalGate
import Testing
import TestSlots

/// Every setting of `parental-gated` refuses a wrong value in one wording, whether it comes as
/// a flag, an environment variable or a key of the configuration file; only the setting's
/// name changes, to the way its source spells it.
@Suite("parental-gated: one wording per wrong value, flag, environment or file", .boundedConcurrency)
struct DaemonSettingWordingTests {
    /// A setting, a value it refuses and what its values must be.
    struct Row: Sendable {
        let key: String
        let flag: String?
        let variable: String
        let bad: String
        let expected: String
        /// The file's form of the bad value, as JSON.
        var json: String { Self.jsonList.contains(key) ? "[\"\(bad)\"]" : Self.jsonNumber.contains(key) ? bad : "\"\(bad)\"" }

        static let jsonList: Set = ["gateAccess", "http.trustedProxies", "http.allowedHosts", "notify.allowedHosts"]
        static let jsonNumber: Set = ["http.port", "http.maxConnections", "http.maxConnectionsPerAddress"]
    }

    static let rows: [Row] = [
        Row(key: "database", flag: "--database", variable: "PARENTAL_GATE_DATABASE", bad: "", expected: "a file's path"),
        Row(key: "adminSocket", flag: "--admin-socket", variable: "PARENTAL_GATE_ADMIN_SOCKET", bad: "", expected: "a file's path of at most 107 bytes (a Unix socket's limit)"),
        Row(key: "adminGroup", flag: "--admin-group", variable: "PARENTAL_GATE_ADMIN_GROUP", bad: "no-such-group-here", expected: "a group of this machine (groupadd makes one)"),
        Row(key: "gateSocket", flag: "--gate-socket", variable: "PARENTAL_GATE_GATE_SOCKET", bad: "/" + String(repeating: "s", count: 110), expected: "a file's path of at most 107 bytes (a Unix socket's limit)"),
        Row(key: "gateAccess", flag: "--gate-access", variable: "PARENTAL_GATE_GATE_ACCESS", bad: "emma", expected: "USER=PROFILE[,PROFILE…] (* for every account or every profile)"),
        Row(key: "logLevel", flag: "--log-level", variable: "PARENTAL_GATE_LOG_LEVEL", bad: "loud", expected: "trace, debug, info, notice, warning, error or critical"),
        Row(key: "publicURL", flag: "--public-url", variable: "PARENTAL_GATE_PUBLIC_URL", bad: "gate.lan", expected: "an http:// or https:// URL such as http://gate.home.lan:8080"),
        Row(key: "http.host", flag: "--host", variable: "PARENTAL_GATE_HTTP_HOST", bad: "not a host!", expected: "an IP address or a host name"),
        Row(key: "http.port", flag: "--port", variable: "PARENTAL_GATE_HTTP_PORT", bad: "70000", expected: "a whole number between 0 and 65535"),
        Row(key: "http.trustedProxies", flag: "--trusted-proxy", variable: "PARENTAL_GATE_HTTP_TRUSTED_PROXIES", bad: "proxy", expected: "an IP address"),
        Row(key: "http.allowedHosts", flag: "--allowed-host", variable: "PARENTAL_GATE_HTTP_ALLOWED_HOSTS", bad: "bad host", expected: "a host name"),
        // A flag takes no value: a wrong one comes only from the environment (the file's is of another JSON type).
        Row(key: "http.secureCookies", flag: nil, variable: "PARENTAL_GATE_HTTP_SECURE_COOKIES", bad: "maybe", expected: "true or false"),
        Row(key: "http.noRateLimit", flag: nil, variable: "PARENTAL_GATE_HTTP_NO_RATE_LIMIT", bad: "perhaps", expected: "true or false"),
        Row(key: "http.rateLimitPerAddress", flag: "--rate-limit-per-address", variable: "PARENTAL_GATE_HTTP_RATE_LIMIT_PER_ADDRESS", bad: "0/1m", expected: "N/DURATION, like 60/1m"),
        Row(key: "http.rateLimitPerProfile", flag: "--rate-limit-per-profile", variable: "PARENTAL_GATE_HTTP_RATE_LIMIT_PER_PROFILE", bad: "12", expected: "N/DURATION, like 60/1m"),
        Row(key: "http.idleTimeout", flag: "--idle-timeout", variable: "PARENTAL_GATE_HTTP_IDLE_TIMEOUT", bad: "1ms", expected: "a duration between 100ms and 1h"),
        Row(key: "http.readTimeout", flag: "--read-timeout", variable: "PARENTAL_GATE_HTTP_READ_TIMEOUT", bad: "2h", expected: "a duration between 100ms and 1h"),
        Row(key: "http.writeTimeout", flag: "--write-timeout", variable: "PARENTAL_GATE_HTTP_WRITE_TIMEOUT", bad: "soon", expected: "a duration between 100ms and 1h"),
        Row(key: "http.maxConnections", flag: "--max-connections", variable: "PARENTAL_GATE_HTTP_MAX_CONNECTIONS", bad: "0", expected: "a whole number between 1 and 100000"),
        Row(key: "http.maxConnectionsPerAddress", flag: "--max-connections-per-address", variable: "PARENTAL_GATE_HTTP_MAX_CONNECTIONS_PER_ADDRESS", bad: "-1", expected: "a whole number between 1 and 100000"),
        Row(key: "notify.retryBase", flag: "--notify-retry-base", variable: "PARENTAL_GATE_NOTIFY_RETRY_BASE", bad: "1ms", expected: "a duration between 10ms and 1h"),
        Row(key: "notify.retryMax", flag: "--notify-retry-max", variable: "PARENTAL_GATE_NOTIFY_RETRY_MAX", bad: "30d", expected: "a duration between 10ms and 7d"),
        Row(key: "notify.timeout", flag: "--notify-timeout", variable: "PARENTAL_GATE_NOTIFY_TIMEOUT", bad: "10m", expected: "a duration between 100ms and 5m"),
        Row(key: "notify.allowedHosts", flag: "--notify-allowed-host", variable: "PARENTAL_GATE_NOTIFY_ALLOWED_HOSTS", bad: "http://evil.example", expected: "a host name or an IP address"),
        Row(key: "notify.keyFile", flag: "--notify-key-file", variable: "PARENTAL_GATE_NOTIFY_KEY_FILE", bad: "", expected: "a file's path"),
        Row(key: "household", flag: "--household", variable: "PARENTAL_GATE_HOUSEHOLD", bad: "Smiths",
            expected: "a household's name: 1 to 63 lowercase letters, digits and dashes, not starting with a dash"),
    ]

    @Test("the rows are every setting: each flag parental-gated --help lists under SETTINGS")
    func everySetting() throws {
        let help = try GatectlProcess.run(["--help"], executable: try GatectlProcess.daemon).stdout
        let section = try #require(help.components(separatedBy: "SETTINGS:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
        let listed = section.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { line in
            String(line.dropFirst(2).prefix { $0 != " " && $0 != "/" })
        }
        #expect(listed.count == 26, "\(listed)")
        let named = Set(Self.rows.compactMap(\.flag))
        let flagless = ["--secure-cookies", "--no-rate-limit"]
        #expect(Set(listed) == named.union(flagless), "listed: \(listed)")
    }

    @Test("a wrong value of each setting: the same line from a flag, the environment and the file, exit 64, no database", arguments: rows)
    func oneWording(row: Row) throws {
        let root = try Scratch()
        defer { root.remove() }
        let database = root.path("gate.sqlite")
        let file = root.path("parental-gated.json")
        let parts = row.key.split(separator: ".")
        let json = parts.count == 2 ? "{\"\(parts[0])\": {\"\(parts[1])\": \(row.json)}}" : "{\"\(row.key)\": \(row.json)}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        // The flags that keep a start that should fail from serving: the database and the port, unless the row's own.
        func start(_ arguments: [String], environment: [String: String] = [:]) throws -> GatectlProcess.Result {
            let base = (row.key == "database" ? [] : ["--database", database]) + (row.key == "http.port" ? [] : ["--port", "0"])
            return try GatectlProcess.run(base + arguments, executable: try GatectlProcess.daemon, environment: environment)
        }
        let shown = row.bad.escapedForMessage
        if let flag = row.flag {
            expectError(try start([flag, row.bad]), status: 64, message: "\(flag) must be \(row.expected), not '\(shown)'")
        }
        expectError(
            try start([], environment: [row.variable: row.bad]), status: 64, message: "\(row.variable) must be \(row.expected), not '\(shown)'")
        if row.flag != nil {
            expectError(try start(["--config", file]), status: 64, message: "\(file): \"\(row.key)\" must be \(row.expected), not '\(shown)'")
        }
        #expect(!FileManager.default.fileExists(atPath: database), "a refused start creates no database")
    }
    @Test("the flags' forms through the real binary: --x=v, an empty value, a missing one, a flag given twice, a toggle pair, a repeatable flag, a misspelt one, gatectl's --socket, and the environment's two names for the database")
    func flagForms() throws {
        let root = try Scratch()
        defer { root.remove() }
        let database = root.path("gate.sqlite")
        let loud = "trace, debug, info, notice, warning, error or critical"
        for (arguments, environment, message) in [
            (["--host=not a host!"], [String: String](), "--host must be an IP address or a host name, not 'not a host!'"),
            (["--log-level="], [:], "--log-level must be \(loud), not ''"),
            (["--port", "0", "--log-level"], [:], "missing value for '--log-level'"),
            (["--log-level", "--port", "0"], [:], "missing value for '--log-level'"),
            (["--port", "1", "--port", "2"], [:], "'--port' is given twice"),
            (["--secure-cookies", "--no-secure-cookies"], [:], "'--secure-cookies' and '--no-secure-cookies' cannot both be given"),
            (["--no-rate-limit=yes"], [:], "'--no-rate-limit' takes no value"),
            // Both items of a repeatable flag are read: the second is refused.
            (["--allowed-host", "gate.lan", "--allowed-host", "bad host"], [:], "--allowed-host must be a host name, not 'bad host'"),
            // A toggle's off form parses: the next setting is the one refused.
            (["--no-secure-cookies", "--log-level", "loud"], [:], "--log-level must be \(loud), not 'loud'"),
            (["--prot", "8"], [:], "unknown option '--prot'; did you mean '--port'?"),
            (["--socket", root.path("x.sock")], [:], "--socket is gatectl's: the daemon's sockets are --admin-socket and --gate-socket"),
            ([], ["PARENTAL_GATE_DATABASE": root.path("a.sqlite"), "PARENTAL_GATE_DB": root.path("b.sqlite")],
             "PARENTAL_GATE_DATABASE and PARENTAL_GATE_DB name different files: unset PARENTAL_GATE_DB, the older name"),
        ] {
            let base = environment.isEmpty ? ["--database", database] : []
            expectError(try GatectlProcess.run(base + arguments, executable: try GatectlProcess.daemon, environment: environment), status: 64, message: message)
        }
        for name in ["gate.sqlite", "a.sqlite", "b.sqlite"] {
            #expect(!FileManager.default.fileExists(atPath: root.path(name)), "a refused start makes no database")
        }
    }
}

extension DaemonSettingWordingTests.Row: CustomTestStringConvertible {
    var testDescription: String { key }
}
