import Foundation
import ParentalGate
import Testing
import TestSlots

/// The daemon's configuration fails closed: a key it does not know, a value of another type,
/// a gate socket without rules, a file others can change: each stops the start with one
/// `error:` line (exit 64) and makes nothing.
@Suite("parental-gated: a configuration that fails closed", .boundedConcurrency)
struct DaemonConfigurationTests {
    /// Starts the daemon on `config` (a file in `root`) and returns how it ended.
    static func refused(_ root: Scratch, config: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> GatectlProcess.Result
    {
        try refused(root, bytes: Data(config.utf8), arguments, environment: environment)
    }

    /// Starts the daemon on a configuration file holding `bytes`.
    static func refused(_ root: Scratch, bytes: Data, _ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> GatectlProcess.Result
    {
        let file = root.path("parental-gated.json")
        try bytes.write(to: URL(fileURLWithPath: file))
        return try GatectlProcess.run(
            ["--config", file, "--database", root.path("gate.sqlite"), "--port", "0"] + arguments,
            executable: try GatectlProcess.daemon, environment: environment)
    }

    @Test("an unknown key, a misspelt one, a value of another type anywhere in the file: one line naming it, exit 64, nothing made")
    func strictFile() throws {
        let root = try Scratch()
        defer { root.remove() }
        let file = root.path("parental-gated.json")
        for (config, message) in [
            (#"{"gateAccess": "nobody=emma"}"#, #""gateAccess" must be a list of strings such as ["…"], not a string"#),
            (#"{"gateAcess": ["nobody=emma"]}"#, #""gateAcess" is not a setting of parental-gated (did you mean "gateAccess"?)"#),
            (#"{"gateAccess": ["emma=emma", 7]}"#, #""gateAccess" must be a list of strings, but holds a number"#),
            (#"{"http": {"prot": 8080}}"#, #""http.prot" is not a setting of parental-gated (did you mean "http.port"?)"#),
            (#"{"http": {"port": "8080"}}"#, #""http.port" must be a whole number, not a string"#),
            (#"{"http": {"port": 80.5}}"#, #""http.port" must be a whole number, not a number"#),
            (#"{"http": {"secureCookies": "yes"}}"#, #""http.secureCookies" must be true or false, not a string"#),
            (#"{"http": 8080}"#, #""http" must be an object of settings, such as {"host": …}, not a number"#),
            (#"{"publicURL": null}"#, #""publicURL" must be a string, not null"#),
            (#"{"colour": "blue"}"#, #""colour" is not a setting of parental-gated"#),
            // Said twice: other tools read the last, a parser may keep the first; neither is taken.
            (#"{"gateAccess": ["*=*"], "gateAccess": ["root=emma"]}"#, #""gateAccess" is given twice; give each setting once"#),
            (#"{"gateAccess": [], "gate\u0041ccess": ["*=*"]}"#, #""gateAccess" is given twice; give each setting once"#),
            (#"{"http": {"port": 1, "host": "127.0.0.1", "port": 2}}"#, #""http.port" is given twice; give each setting once"#),
            // One spelling of a nested setting.
            (#"{"http": {"port": 0}, "http.port": 1}"#, #""http.port" is not a setting of parental-gated (write it as {"http": {"port": …}})"#),
        ] {
            expectError(try Self.refused(root, config: config), status: 64, message: "\(file): \(message)")
        }
        // Text another reader would not read as this one does: UTF-16 or UTF-32 (which no other
        // program checks for duplicates the same way), a comma before } or ]. A file that is
        // let through stops at the unknown log level instead.
        let twice = #"{"gateAccess": ["root=emma"], "gateAccess": ["*=*"]}"#
        let utf16 = twice.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BigEndian = twice.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32 = twice.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
        let notUTF8 = "it is not UTF-8 text (save it as UTF-8)"
        let loud = "--log-level must be trace, debug, info, notice, warning, error or critical, not 'loud'"
        for (bytes, message) in [
            (utf16, "\(file): \(notUTF8)"),
            ([0xFF, 0xFE] + utf16, "\(file): \(notUTF8)"),
            ([0xFE, 0xFF] + utf16BigEndian, "\(file): \(notUTF8)"),
            (utf32, "\(file): \(notUTF8)"),
            ([0xEF, 0xBB, 0xBF] + Array(#"{"gateAccess": ["*=*"]}"#.utf8), loud),
            ([0xEF, 0xBB, 0xBF] + Array(twice.utf8), "\(file): \"gateAccess\" is given twice; give each setting once"),
            (Array(#"{"logLevel": "info",}"#.utf8), "\(file): a comma ends the outermost object or list"),
            (Array(#"{"gateAccess": ["*=*", ]}"#.utf8), "\(file): a comma ends \"gateAccess\""),
            (Array("{\"http\": {\"port\": 1,\n}}".utf8), "\(file): a comma ends \"http\""),
            (Array(#"{"gateAccess": ["a,b", "*=*"], "http": {"publicURL": "x,}"}}"#.utf8), "\(file): \"http.publicURL\" is not a setting of parental-gated"),
        ] {
            expectError(try Self.refused(root, bytes: Data(bytes), ["--log-level", "loud"]), status: 64, message: message)
        }
        expectError(
            try Self.refused(root, config: #"["gateAccess"]"#), status: 64,
            message: "\(file) is not a JSON configuration file: it must be one object of settings, such as {\"logLevel\": \"info\"}")
        #expect(!FileManager.default.fileExists(atPath: root.path("gate.sqlite")), "a refused start creates no database")
    }

    @Test("PARENTAL_GATE_* variables and file values: one that names no setting, or whose value is wrong, is refused, also where a flag or the environment hides it")
    func strictEnvironment() async throws {
        let root = try Scratch()
        defer { root.remove() }
        for (environment, message) in [
            (["PARENTAL_GATE_GATEACESS": "*=*"], "the environment variable PARENTAL_GATE_GATEACESS is not a setting of parental-gated (parental-gated --help lists them)"),
            (["PARENTAL_GATE_HTTP_SECURE_COOKIES": "maybe"], "PARENTAL_GATE_HTTP_SECURE_COOKIES must be true or false, not 'maybe'"),
            (["PARENTAL_GATE_HTTP_NO_RATE_LIMIT": "perhaps"], "PARENTAL_GATE_HTTP_NO_RATE_LIMIT must be true or false, not 'perhaps'"),
            (["PARENTAL_GATE_HTTP_MAX_CONNECTIONS_PER_ADDRESS": "many"], "PARENTAL_GATE_HTTP_MAX_CONNECTIONS_PER_ADDRESS must be a whole number between 1 and 100000, not 'many'"),
            // Wrong even where a flag (here --port) overrides it: of the wrong type, or out of range.
            (["PARENTAL_GATE_HTTP_PORT": "eighty"], "PARENTAL_GATE_HTTP_PORT must be a whole number between 0 and 65535, not 'eighty'"),
            (["PARENTAL_GATE_HTTP_PORT": "99999"], "PARENTAL_GATE_HTTP_PORT must be a whole number between 0 and 65535, not '99999'"),
            // A rate limit is read even beside no rate limit.
            (["PARENTAL_GATE_HTTP_NO_RATE_LIMIT": "true", "PARENTAL_GATE_HTTP_RATE_LIMIT_PER_PROFILE": "garbage"],
             "PARENTAL_GATE_HTTP_RATE_LIMIT_PER_PROFILE must be N/DURATION, like 60/1m, not 'garbage'"),
        ] {
            expectError(try Self.refused(root, config: "{}", environment: environment), status: 64, message: message)
        }
        // Every value hidden by a flag, or by the environment over the file, is checked as if it were the only one.
        let flags = [
            "--log-level", "info", "--public-url", "http://gate.lan", "--trusted-proxy", "127.0.0.1", "--idle-timeout", "15s",
            "--rate-limit-per-address", "60/1m", "--notify-retry-max", "1h", "--gate-access", "*=*", "--allowed-host", "gate.lan",
            "--admin-group", "root", "--host", "127.0.0.1",
        ]
        let long = "/" + String(repeating: "s", count: 110)
        let file = root.path("parental-gated.json")
        for (environment, file, message) in [
            (["PARENTAL_GATE_LOG_LEVEL": "loud"], "{}", "PARENTAL_GATE_LOG_LEVEL must be trace, debug, info, notice, warning, error or critical, not 'loud'"),
            ([:], #"{"logLevel": "loud"}"#, "\(file): \"logLevel\" must be trace, debug, info, notice, warning, error or critical, not 'loud'"),
            (["PARENTAL_GATE_LOG_LEVEL": "info"], #"{"logLevel": "loud"}"#, "\(file): \"logLevel\" must be trace, debug, info, notice, warning, error or critical, not 'loud'"),
            (["PARENTAL_GATE_PUBLIC_URL": "gate.lan"], "{}", "PARENTAL_GATE_PUBLIC_URL must be an http:// or https:// URL such as http://gate.home.lan:8080, not 'gate.lan'"),
            (["PARENTAL_GATE_HTTP_TRUSTED_PROXIES": "127.0.0.1,proxy"], "{}", "PARENTAL_GATE_HTTP_TRUSTED_PROXIES must be an IP address, not 'proxy'"),
            ([:], #"{"http": {"idleTimeout": "2h"}}"#, "\(file): \"http.idleTimeout\" must be a duration between 100ms and 1h, not '2h'"),
            (["PARENTAL_GATE_HTTP_RATE_LIMIT_PER_ADDRESS": "lots"], "{}", "PARENTAL_GATE_HTTP_RATE_LIMIT_PER_ADDRESS must be N/DURATION, like 60/1m, not 'lots'"),
            ([:], #"{"notify": {"retryMax": "30d"}}"#, "\(file): \"notify.retryMax\" must be a duration between 10ms and 7d, not '30d'"),
            (["PARENTAL_GATE_GATE_ACCESS": "emma"], "{}", "PARENTAL_GATE_GATE_ACCESS must be USER=PROFILE[,PROFILE…] (* for every account or every profile), not 'emma'"),
            ([:], #"{"http": {"allowedHosts": ["bad host"]}}"#, "\(file): \"http.allowedHosts\" must be a host name, not 'bad host'"),
            ([:], #"{"adminGroup": "no-such-group-here"}"#, "\(file): \"adminGroup\" must be a group of this machine (groupadd makes one), not 'no-such-group-here'"),
            (["PARENTAL_GATE_DATABASE": ""], "{}", "PARENTAL_GATE_DATABASE must be a file's path, not ''"),
            ([:], #"{"http": {"host": "not a host!"}}"#, "\(file): \"http.host\" must be an IP address or a host name, not 'not a host!'"),
            // No rate limit in one layer and a rate limit in another: neither wins quietly.
            ([:], #"{"http": {"noRateLimit": true}}"#, "no rate limit (--no-rate-limit, http.noRateLimit) and a rate limit (http.rateLimitPerAddress or http.rateLimitPerProfile) are both given: leave one out"),
            (["PARENTAL_GATE_HTTP_NO_RATE_LIMIT": "true"], "{}", "no rate limit (--no-rate-limit, http.noRateLimit) and a rate limit (http.rateLimitPerAddress or http.rateLimitPerProfile) are both given: leave one out"),
            ([:], #"{"adminSocket": "/run/x.sock", "gateSocket": "/run/x.sock"}"#, "the admin socket and the gate socket must be different files, not both /run/x.sock"),
            (["PARENTAL_GATE_GATE_SOCKET": long], "{}", "PARENTAL_GATE_GATE_SOCKET must be a file's path of at most 107 bytes (a Unix socket's limit), not '\(long.escapedForMessage)'"),
        ] {
            expectError(try Self.refused(root, config: file, flags, environment: environment), status: 64, message: message)
        }
        // A value another layer completes is not judged alone: a retry maximum below the default base, with the base given elsewhere.
        let completed = try InteractiveGatectl(
            ["--database", root.path("gate.sqlite"), "--port", "0", "--notify-retry-base", "100ms"], executable: try GatectlProcess.daemon,
            environment: ["PARENTAL_GATE_NOTIFY_RETRY_MAX": "1s"])
        try await completed.waitForOutput("serving on http://")
        _ = completed.finish(timeout: 0)
        try FileManager.default.removeItem(atPath: root.path("gate.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: root.path("gate.sqlite")))
    }

    @Test("--init-admin-token is refused when standard output is the journal (JOURNAL_STREAM names it)")
    func tokenNotIntoTheJournal() throws {
        let root = try Scratch()
        defer { root.remove() }
        let daemon = try GatectlProcess.daemon.path
        // The shell makes standard output a file and names it in JOURNAL_STREAM, as systemd names its stream.
        let output = root.path("journal")
        let journal = try GatectlProcess.run(
            ["-c", #"exec > "$2"; JOURNAL_STREAM=$(stat -L -c %d:%i "$2") exec "$0" --database "$1" --port 0 --init-admin-token"#,
             daemon, root.path("gate.sqlite"), output],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(journal.status == 64, "\(journal.stderr)")
        #expect(journal.stderr.hasPrefix("error: --init-admin-token would print the token into the journal"), "\(journal.stderr)")
        #expect((try? String(contentsOfFile: output, encoding: .utf8)) == "", "nothing reached the journal")
        #expect(!FileManager.default.fileExists(atPath: root.path("gate.sqlite")))
    }

    @Test("a gate socket without rules does not start; *=* opens it to every account and says so; rules are logged and an unknown account warned of")
    func gateAccessAtStart() async throws {
        let root = try Scratch()
        defer { root.remove() }
        let socket = root.path("gate.sock")
        for (name, flag) in [("gate", "--gate-socket"), ("admin", "--admin-socket")] {
            expectError(
                try Self.refused(root, config: "{}", [flag, "", "--gate-access", "*=*"]), status: 64,
                message: "--\(name)-socket must be a file's path of at most 107 bytes (a Unix socket's limit), not ''")
        }
        expectError(
            try Self.refused(root, config: "{}", ["--gate-socket", socket]), status: 64,
            message: "the gate socket \(socket) needs gate access rules: USER=PROFILE[,PROFILE…] for each child's account (--gate-access, or \"gateAccess\" in the configuration), or *=* to let every account use every profile")
        #expect(!FileManager.default.fileExists(atPath: socket) && !FileManager.default.fileExists(atPath: root.path("gate.sqlite")))

        for (rules, said, warned) in [
            (["*=*"], "gate socket: every account may use every profile", nil),
            (["root=emma,liam", "no-such-account-here=emma"],
             "gate socket: rules for 2 accounts (no-such-account-here, root); any other account may use no profile",
             "gate access names the account no-such-account-here, which this machine does not have"),
            (["*=emma", "root=liam"], "gate socket: rules for 1 account (root); every account may use emma", nil),
        ] {
            let daemon = try InteractiveGatectl(
                ["--database", root.path("gate.sqlite"), "--port", "0", "--gate-socket", socket]
                    + rules.flatMap { ["--gate-access", $0] },
                executable: try GatectlProcess.daemon)
            try await daemon.waitForOutput("serving on http://")
            #expect(await daemon.waitForError(said), "\(rules): \(daemon.printedErrors)")
            let result = daemon.finish(timeout: 0)
            if let warned { #expect(result.stderr.contains(warned), "\(result.stderr)") }
            #expect(!result.stderr.contains("which this machine does not have") || warned != nil)
        }
        // From the environment: the rules separated by commas.
        let fromEnvironment = try InteractiveGatectl(
            ["--database", root.path("gate.sqlite"), "--port", "0", "--gate-socket", socket], executable: try GatectlProcess.daemon,
            environment: ["PARENTAL_GATE_GATE_ACCESS": "root=emma,*=liam"])
        try await fromEnvironment.waitForOutput("serving on http://")
        #expect(await fromEnvironment.waitForError("gate socket: rules for 1 account (root); every account may use liam"))
        _ = fromEnvironment.finish(timeout: 0)
    }

    @Test("a configuration file, or a folder above it, that other accounts can change is refused; a sticky folder like /tmp is fine")
    func fileModes() throws {
        let root = try Scratch()
        defer { root.remove() }
        let manager = FileManager.default
        let folder = root.path("etc")
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let file = folder + "/parental-gated.json"
        try Data(#"{"logLevel": "info"}"#.utf8).write(to: URL(fileURLWithPath: file))
        func start() throws -> GatectlProcess.Result {
            try GatectlProcess.run(
                ["--config", file, "--database", root.path("gate.sqlite"), "--port", "0", "--log-level", "loud"],
                executable: try GatectlProcess.daemon)
        }
        // A file the checks accept goes on to the next check: here an unknown log level.
        let loud = "--log-level must be trace, debug, info, notice, warning, error or critical, not 'loud'"
        for (fileMode, folderMode, message) in [
            (0o644, 0o755, loud),
            (0o666, 0o755, "the configuration file \(file) can be changed by other accounts (mode 666): chmod go-w it"),
            (0o664, 0o755, "the configuration file \(file) can be changed by other accounts (mode 664): chmod go-w it"),
            (0o644, 0o777, "the folder \(folder) above the configuration file \(file) can be changed by other accounts (mode 777): chmod go-w it"),
            (0o644, 0o775, "the folder \(folder) above the configuration file \(file) can be changed by other accounts (mode 775): chmod go-w it"),
            (0o644, 0o1777, loud),
        ] {
            try manager.setAttributes([.posixPermissions: fileMode], ofItemAtPath: file)
            try manager.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder)
            expectError(try start(), status: 64, message: message)
        }
        // A link to the file: the folders on both sides of it are checked.
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        let open = root.path("open")
        try manager.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
        try manager.createSymbolicLink(atPath: open + "/link.json", withDestinationPath: file)
        let linked = try GatectlProcess.run(
            ["--config", open + "/link.json", "--database", root.path("gate.sqlite"), "--port", "0"], executable: try GatectlProcess.daemon)
        expectError(
            linked, status: 64,
            message: "the folder \(open) above the configuration file \(open)/link.json can be changed by other accounts (mode 777): chmod go-w it")
        #expect(!manager.fileExists(atPath: root.path("gate.sqlite")))
    }

    @Test(
        "a configuration file, or a symbolic link on the way to it (in a sticky folder like /tmp), that belongs to another account is refused",
        .needsRoot("files and links are given to another account with chown (CI runs as root)"))
    func fileOwner() throws {
        let root = try Scratch()
        defer { root.remove() }
        let file = root.path("parental-gated.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        try #require(chown(file, 12345, 12345) == 0)
        func start(_ config: String) throws -> GatectlProcess.Result {
            try GatectlProcess.run(
                ["--config", config, "--database", root.path("gate.sqlite"), "--port", "0"], executable: try GatectlProcess.daemon)
        }
        expectError(
            try start(file), status: 64,
            message: "the configuration file \(file) belongs to another account (uid 12345), which could change it: it must belong to root or to the daemon's own account")

        // A child's link in a sticky folder to a file root owns: the child could point it at another such file.
        try #require(chown(file, 0, 0) == 0)
        let sticky = root.path("tmp")
        try FileManager.default.createDirectory(atPath: sticky, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
        for (link, target) in [(sticky + "/gate.json", file), (sticky + "/etc", root.url.path)] {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            try #require(lchown(link, 12345, 12345) == 0)
        }
        for (config, link) in [(sticky + "/gate.json", sticky + "/gate.json"), (sticky + "/etc/parental-gated.json", sticky + "/etc")] {
            expectError(
                try start(config), status: 64,
                message: "the symbolic link \(link) on the way to the configuration file \(config) belongs to another account (uid 12345), which could point it elsewhere")
        }
        #expect(!FileManager.default.fileExists(atPath: root.path("gate.sqlite")))
    }
}
