import Foundation
@testable import GateCore
import Testing

/// One way to find and fill a table of words, for the gate's and the approval page's.
@Suite("Tables of words: one fallback chain, one fill syntax, Accept-Language by weight")
struct LocalizedTableTests {
    @Test("Accept-Language ranges come best first by q, in the header's order where equal; q=0, a bad q, a non-language and * are dropped")
    func acceptLanguage() throws {
        let cases: [(String?, [String])] = [
            (nil, []), ("", []), ("de", ["de"]), ("ru-RU,ru;q=0.9,en;q=0.8", ["ru-RU", "ru", "en"]),
            ("de;q=0.5, fr;q=0.9", ["fr", "de"]), ("fr;q=0, es-MX", ["es-MX"]), ("fr;Q=0.7, de", ["de", "fr"]),
            ("ja, de;q=0.5", ["ja", "de"]), ("*;q=0.2, fr;q=0.1", ["fr"]), ("*, ru", ["ru"]), ("de;q=2, fr", ["fr"]), ("de;q=abc, fr", ["fr"]),
            ("de;q=0.12345, fr", ["fr"]), ("12, fr", ["fr"]), ("en;level=1, de", ["en", "de"]), (" , ;q=1, de ; q = 0.3", ["de"]),
        ]
        for (header, expected) in cases {
            #expect(LocaleTag.accepted(byAcceptLanguage: header).map(\.identifier) == expected, "\(header ?? "nil")")
        }
    }

    @Test("the approval page's table: the best language with a table, each range with its parents, else English")
    func approvalTable() {
        let cases: [(String?, String)] = [
            ("de;q=0.5, fr;q=0.9", "fr"), ("fr-CA", "fr"), ("ja-JP, de;q=0.5", "de"), ("ja, zh-Hant", "en"), (nil, "en"),
            ("fr;q=0, es", "es"), ("RU", "ru"), ("*, ru", "ru"), ("*", "en"),
        ]
        for (header, language) in cases {
            #expect(ApprovalStrings.table(forAcceptLanguage: header).language == language, "\(header ?? "nil")")
        }
    }

    @Test("the gate's and the approval page's tables have the same languages and the same chain: profile, household default, English")
    func sameChain() throws {
        #expect(ApprovalStrings.languages == GateStrings.builtInLanguages)
        let italian = try LocaleTag("it-IT")
        let german = try LocaleTag("de-AT")
        #expect(GateStrings.resolutionChain(italian, householdDefault: german).map(\.identifier) == ["it-IT", "it", "de-AT", "de", "en"])
        #expect(GateStrings.table(for: italian, householdDefault: german).language == "de")
        #expect(ApprovalStrings.table(for: italian, householdDefault: german).language == "de")
        #expect(ApprovalStrings.table(for: italian).language == "en")
        for language in ApprovalStrings.languages {
            let table = ApprovalStrings.tables[language]
            #expect(table?.language == language)
            let title = table?.title(for: "Emma") ?? ""
            #expect(title.contains("Emma") && !title.contains("{"), "\(language): \(title)")
        }
    }

    @Test("one fill syntax: {key} replaced, other text and unknown keys kept")
    func fill() {
        #expect(GateStrings.fill("{a} plus {b}", ["a": "two", "b": "three"]) == "two plus three")
        #expect(ApprovalStrings.fill("{name} asks, {other} stays", ["name": "Emma"]) == "Emma asks, {other} stays")
    }
}
