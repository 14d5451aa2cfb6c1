import Foundation
@testable import GateStore
@testable import ParentalGate
import ParentalGateTesting
import Testing
import TestSlots

/// A name with a NUL or another control character never reaches another profile or question
/// set: SQLite reads bound text as a C string, so `emma\0x` would otherwise find `emma`.
@Suite("Looking names up", .boundedConcurrency)
struct NameLookupTests {
    /// Names that hold a character no stored name can, each close to an existing name.
    static let hostile = ["straße\u{0}N", "straße\u{0}", "\u{0}straße", "stra\u{0}ße", "straße\u{1}", "stra\u{1B}[0mße", "straße\u{7F}x", "straße\u{202E}"]

    @Test("every operation by name refuses a name with a control character (one clear error) and changes nothing", arguments: Backend.allCases)
    func profileOperations(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        let gate = test.gate
        try await gate.addProfile("straße")
        let before = try await test.audit().count
        for name in Self.hostile {
            let operations: [(String, () async throws -> Void)] = [
                ("profile", { _ = try await gate.profile(named: name) }),
                ("begin", { _ = try await gate.begin(profile: name, client: "tests") }),
                ("state", { _ = try await gate.state(profile: name) }),
                ("unlock", { try await gate.unlock(profile: name, by: "mum") }),
                ("end session", { try await gate.endSession(profile: name, by: "mum") }),
                ("disable", { try await gate.setProfileEnabled(name, false, by: "mum") }),
                ("rename", { try await gate.renameProfile(name, to: "liam", by: "mum") }),
                ("policy", { _ = try await gate.policy(for: name) }),
                ("remove", { try await gate.removeProfile(name, by: "mum") }),
            ]
            for (label, operation) in operations {
                do {
                    try await operation()
                    Issue.record("\(label) of \(name.debugDescription) reached a profile")
                } catch let GateError.invalidInput(error) {
                    guard case .forbiddenCharacter(what: "profile name", scalar: _) = error else {
                        Issue.record("\(label) of \(name.debugDescription): \(error)")
                        continue
                    }
                    #expect(error.description.hasPrefix("profile name contains a control or invisible formatting character (U+"))
                } catch {
                    Issue.record("\(label) of \(name.debugDescription): \(error)")
                }
            }
        }
        let profile = try await gate.profile(named: "straße")
        #expect(profile.isEnabled && profile.name == "straße", "straße is untouched")
        #expect(try await gate.state(profile: "straße") == .child)
        #expect(try await test.audit().count == before, "nothing was recorded")
    }

    @Test("the store itself refuses the name before it binds it", arguments: Backend.allCases)
    func storeLookup(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        try await test.gate.addProfile("emma")
        let found = try await test.gate.storage.read { try $0.profile(named: " EMMA ") }
        #expect(found?.name == "emma", "case and spaces around still find the profile")
        await #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: "U+0")) {
            _ = try await test.gate.storage.read { try $0.profile(named: "emma\u{0}x") }
        }
    }

    @Test("question sets: a name with a control character neither finds nor removes another set", arguments: Backend.allCases)
    func questionSets(backend: Backend) async throws {
        let backing = try await backend.gate()
        defer { backing.remove() }
        let test = backing.test
        let gate = test.gate
        try await gate.importQuestions([try Question(prompt: "How many legs has a spider?", answer: 8)], set: "spiders", locale: "en")
        for name in ["spiders\u{0}", "spiders\u{0}x", "spi\u{0}ders"] {
            await #expect(throws: GateError.self, "\(name.debugDescription)") { try await gate.removeQuestions(set: name, by: "mum") }
            await #expect(throws: GateError.self, "\(name.debugDescription)") { _ = try await gate.questions(set: name, locale: "en") }
        }
        #expect(try await gate.questions(set: "spiders", locale: "en").count == 1, "the set is still there")
    }
}
