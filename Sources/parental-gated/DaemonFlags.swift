import GateProgram
import ArgumentParser
import Configuration


/// The daemon's settings as flags (`--port 8080`), derived from ``DaemonSetting``: a new
/// setting is a flag here, with its help, without a line in this file.
///
/// Read from the words no other option of the command claims; their values are checked with
/// the environment's and the file's, by ``SettingValues``.
struct DaemonFlags: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var words: [String] = []

    /// The flags with their help, for the command's discussion.
    static var helpText: String {
        OptionWords<DaemonSetting>.helpText(title: "SETTINGS:", DaemonSetting.allCases.map { setting in
            let declaration = setting.declaration
            var help = declaration.help
            if let value = declaration.defaultValue, help.hasSuffix(".") { help = help.dropLast() + " (default: \(value))." }
            return switch declaration.flag {
            case .flag(let name): (name, help)
            case .toggle(let name): ("\(name)/--no-\(name.dropFirst(2))", help)
            case .option(let name), .repeated(let name): ("\(name) \(declaration.rule.valueName)", help)
            }
        })
    }

    /// The settings the flags give, as a provider of swift-configuration.
    func provider() throws(ValidationError) -> InMemoryProvider {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for given in try Self.options.parse(words) {
            let setting = given.key
            let content: ConfigContent = switch setting.kind {
            case .strings: .stringArray(given.values)
            case .boolean: .bool(given.values[0] == "true")
            // A number stays text when it is none, for ``SettingValues`` to refuse in its words.
            case .integer: Int(given.values[0]).map { .int($0) } ?? .string(given.values[0])
            case .string: .string(given.values[0])
            }
            values[AbsoluteConfigKey(setting.key)] = ConfigValue(content, isSecret: false)
        }
        return InMemoryProvider(name: "flags", values: values)
    }

    func validate() throws {
        if words.contains(where: { $0 == "--socket" || $0.hasPrefix("--socket=") }) {
            throw ValidationError("--socket is gatectl's: the daemon's sockets are --admin-socket and --gate-socket")
        }
        _ = try Self.options.parse(words)
    }

    /// Every spelling of every setting's flag.
    private static let options = OptionWords(
        DaemonSetting.allCases.flatMap { setting -> [OptionWords<DaemonSetting>.Spelling] in
            switch setting.declaration.flag {
            case .flag(let name): [.init(name, key: setting, value: .constant("true"))]
            case .toggle(let name):
                [.init(name, key: setting, value: .constant("true")), .init("--no-\(name.dropFirst(2))", key: setting, value: .constant("false"))]
            case .option(let name), .repeated(let name): [.init(name, key: setting, value: .argument(expected: nil))]
            }
        },
        repeatable: Set(DaemonSetting.allCases.filter { if case .repeated = $0.declaration.flag { true } else { false } }),
        otherNames: ["--config", "--init-admin-token", "--admin-token-file", "--revoke-admin-tokens", "--by", "--help", "--version"])
}
