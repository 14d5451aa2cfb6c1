import ArgumentParser
import Foundation
@testable import GateCommands
import Testing
import TestSlots

/// The quick parser makes exactly what ArgumentParser makes, or leaves the line to it.
@Suite("Quick parsing of the gate's hot command lines", .boundedConcurrency)
struct QuickParseTests {
    /// Every property of `command` as text (through reflection, as only a test can afford).
    static func properties(_ command: any ParsableCommand) -> [String: String] {
        var values: [String: String] = [:]
        func walk(_ value: Any, prefix: String) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                let name = prefix + label
                if let group = child.value as? OptionGroup<GlobalOptions> {
                    let global = group.wrappedValue
                    values[name + ".database"] = global.database ?? "nil"
                    values[name + ".socket"] = global.socket ?? "nil"
                    values[name + ".household"] = global.household ?? "nil"
                    values[name + ".json"] = String(global.json)
                } else {
                    values[name] = String(describing: child.value)
                }
            }
        }
        walk(command, prefix: "")
        return values
    }

    @Test("plain forms: the same command, every property set, as ArgumentParser's", arguments: [
        ["status", "emma"], ["status", "Zoë", "--json"], ["status", "emma", "--database", "/tmp/x.sqlite"],
        ["status", "--socket=/run/x.sock", "emma"], ["challenge", "begin", "emma", "--client", "tablet", "--json"],
        ["challenge", "answer", "0123456789abcdef0123456789abcdef", "56"], ["challenge", "answer", "id", "7", "--client=tv"],
        ["challenge", "cancel", "id", "--database=/tmp/a b.sqlite"], ["session", "check", "abcDEF_123"],
        ["gate", "emma"], ["gate", "emma", "--client", "kitchen", "--socket", "/tmp/g.sock"],
        ["status", "emma", "--household", "smiths"], ["challenge", "begin", "emma", "--household=smiths", "--socket", "/tmp/a.sock"],
    ])
    func sameAsArgumentParser(arguments: [String]) throws {
        let quick = try #require(QuickParse.command(arguments), "\(arguments) should parse quickly")
        let full = try GateCtl.parseAsRoot(arguments)
        #expect(type(of: quick) == type(of: full))
        #expect(Self.properties(quick) == Self.properties(full))
    }

    @Test("anything else is ArgumentParser's, with its messages", arguments: [
        ["status"], ["status", "a", "b"], ["status", "emma", "--help"], ["status", "-h"], ["status", "emma", "--json", "--json"],
        ["status", "emma", "--database"], ["status", "emma", "--database", "--json"], ["status", "emma", "--client", "x"],
        ["challenge", "answer", "id", "-5"], ["challenge", "answer", "id", "five"], ["challenge", "begin", "--", "-x"],
        ["status", "emma", "--database", ""], ["status", "emma", "--socket", "s", "--database", "d"], ["profile", "list"],
        ["challenge", "begin"], ["session", "end", "emma"], ["status", "emma", "--verbose"], ["--version"],
        ["status", "emma", "--household", "Smiths"], ["status", "emma", "--household", "a", "--household", "b"],
    ])
    func leftToArgumentParser(arguments: [String]) {
        #expect(QuickParse.command(arguments) == nil)
    }
}
