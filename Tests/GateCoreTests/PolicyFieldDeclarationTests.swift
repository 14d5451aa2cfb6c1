import Foundation
@testable import GateCore
import Testing

/// What derives from a field's one declaration: the option, its help, the default, the column
/// and the README's table.
@Suite("A policy field is declared once")
struct PolicyFieldDeclarationTests {
    /// The README's table of policy fields, as the declarations give it.
    static var readmeTable: String {
        var lines = ["| field | option | default | values | meaning |", "|---|---|---|---|---|"]
        for field in PolicyField.allCases {
            // `<` escaped, or Markdown takes `questionSet:<name>` for a tag.
            let meaning = field.summary.replacingOccurrences(of: "<", with: "\\<")
            lines.append("| `\(field.rawValue)` | `\(field.optionName)` | `\(field.defaultValue)` | `\(field.allowedValues)` | \(meaning) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test("the README's policy table is the declarations' (between its markers)")
    func readmeTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- policy-fields: begin -->\n"))
        let end = try #require(readme.range(of: "<!-- policy-fields: end -->"))
        #expect(String(readme[begin.upperBound..<end.lowerBound]) == Self.readmeTable + "\n", "regenerate it from PolicyFieldDeclarationTests.readmeTable")
    }

    @Test("each field's option is its name in kebab case, its help says what it means and, for a range, the range")
    func options() {
        #expect(PolicyField.timeLimit.optionName == "--time-limit")
        #expect(PolicyField.lockout.optionName == "--lockout")
        #expect(PolicyField.maxFailedChallenges.optionName == "--max-failed-challenges")
        #expect(PolicyField.timeLimit.help == "A challenge answered later than this has failed (timed out), e.g. 30s (5s...10m).")
        #expect(PolicyField.askParent.help == "Whether a child may ask a parent instead of answering: allowed or off.")
        #expect(Set(PolicyField.allCases.map(\.optionName)).count == PolicyField.allCases.count)
        for field in PolicyField.allCases {
            #expect(field.help.hasSuffix("."))
            #expect(field.help.lowercased().hasPrefix(field.summary.lowercased()))
            switch field.kind {
            case .count, .duration, .factor: #expect(field.help.contains("(\(field.allowedValues))"), "\(field)")
            case .answerFormat, .difficulty, .questionSource, .permission, .quietHours, .timeZone, .step: break
            }
        }
    }

    @Test("each field's default is SPEC.md's, within its own range, and read and written through Policy")
    func defaultsAndAccess() throws {
        let defaults: [PolicyField: String] = [
            .answerFormat: "entry", .choiceCount: "4", .difficulty: "standard", .questionSource: "arithmetic",
            .maxWrongAnswers: "1", .timeLimit: "30s", .minResponseTime: "1.5s", .maxFailedChallenges: "3",
            .failureWindow: "12h", .lockout: "5m", .lockoutGrowth: "2.0", .maxLockout: "1d", .hardLockAfter: "0",
            .parentSession: "10m", .auditRetention: "365d", .askParent: "allowed", .askExpiry: "10m", .askCooldown: "1m",
            .quietHours: "off", .timeZone: "local", .maxApproval: "12h",
            .dragBallSize: "44", .dragMinSpeed: "75", .dragMaxSpeed: "199", .dragBoxSize: "50", .dragFirstTouch: "0.25s",
            .step: "none", .holdTime: "3s",
        ]
        for field in PolicyField.allCases {
            #expect(field.defaultValue.description == defaults[field], "\(field)")
            try field.validate(field.defaultValue)
        }
        // Setting one field through its declared key path changes that field alone.
        var generator = SeededGenerator(seed: 28)
        for field in PolicyField.allCases {
            var value = randomValue(for: field, using: &generator)
            while value == field.defaultValue { value = randomValue(for: field, using: &generator) }
            let changed = try Policy.default.setting(field, to: value)
            for other in PolicyField.allCases {
                #expect(changed[other] == (other == field ? value : other.defaultValue), "\(field) → \(other)")
            }
        }
    }

    @Test("Policy's properties are the fields, in order, and each field's key path is its own property")
    func properties() throws {
        func described(_ policy: Policy) -> [String: String] {
            Dictionary(uniqueKeysWithValues: Mirror(reflecting: policy).children.map { ($0.label ?? "", String(describing: $0.value)) })
        }
        #expect(Mirror(reflecting: Policy.default).children.map(\.label) == PolicyField.allCases.map(\.rawValue))
        let defaults = described(.default)
        var generator = SeededGenerator(seed: 9)
        for field in PolicyField.allCases {
            var value = randomValue(for: field, using: &generator)
            while value == field.defaultValue { value = randomValue(for: field, using: &generator) }
            let changed = described(try Policy.default.setting(field, to: value))
            #expect(changed.filter { defaults[$0.key] != $0.value }.map(\.key) == [field.rawValue], "\(field)")
        }
    }

    @Test("each field has its own column")
    func columns() {
        #expect(Set(PolicyField.allCases.map(\.column)).count == PolicyField.allCases.count)
        #expect(PolicyField.timeLimit.column == "time_limit_ms")
    }
}
