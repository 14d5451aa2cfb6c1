import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("LocaleTag", .boundedConcurrency)
struct LocaleTagTests {
    @Test(
        "accepts BCP 47 tags and puts them in canonical case",
        arguments: [
            ("en", "en"),
            ("EN", "en"),
            ("ru-RU", "ru-RU"),
            ("ru_RU", "ru-RU"),
            ("ru_ru", "ru-RU"),
            ("EN-us", "en-US"),
            ("en-us", "en-US"),
            ("zh-Hant-TW", "zh-Hant-TW"),
            ("ZH-HANT-tw", "zh-Hant-TW"),
            ("zh_hant_tw", "zh-Hant-TW"),
            ("zh-Hant", "zh-Hant"),
            ("sr-Latn-RS", "sr-Latn-RS"),
            ("de-CH-1996", "de-CH-1996"),
            ("de-ch-1996", "de-CH-1996"),
            ("es-419", "es-419"),
            ("sl-rozaj", "sl-rozaj"),
            ("sl-IT-rozaj-biske", "sl-IT-rozaj-biske"),
            ("de-1901", "de-1901"),
            ("ca-ES-VALENCIA", "ca-ES-valencia"),
            ("haw", "haw"),
            ("haw-US", "haw-US"),
            (" fr ", "fr"),
            ("\tfr-CA\t", "fr-CA"),
        ] as [(String, String)])
    func acceptsAndCanonicalizes(text: String, canonical: String) throws {
        let tag = try LocaleTag(text)
        #expect(tag.identifier == canonical)
        #expect(tag.description == canonical)
        // Canonical text parses to itself.
        #expect(try LocaleTag(canonical) == tag)
    }

    @Test("the locales SPEC.md builds in are known", arguments: ["en", "ru", "de", "fr", "es"])
    func builtInLanguagesAreKnown(code: String) throws {
        #expect(try LocaleTag(code).identifier == code)
    }

    @Test(
        "refuses malformed tags",
        arguments: [
            "",
            "   ",
            "e",
            "english",
            "engl",
            "en-",
            "-en",
            "en--US",
            "en-US-",
            "en_",
            "en-US-x-private",
            "x-private",
            "en-x-foo",
            "en-u-ca-gregory",  // extension
            "en-US-u-nu-latn",
            "i-klingon",
            "en-U",  // one-letter subtag
            "en-USA1",
            "en-US-Latn",  // script after region
            "en-Latn-Cyrl",  // two scripts
            "en-US-GB",  // two regions
            "en-12",  // two-digit region
            "en-1234567890",
            "en-abc",  // extlang is not supported
            "en-1a2",  // three characters: neither a region nor a variant
            "en-US-abcd",  // a four-character variant must start with a digit
            "en US",
            "en.US",
            "en@calendar=gregorian",
            "en-US\n",
            "\u{0435}n",  // Cyrillic e
            "én",
            "e\u{301}n",
            "ｅｎ",  // fullwidth
            "\u{1F1FA}\u{1F1F8}",  // flag emoji
            "12",
            "e1",
        ])
    func refusesMalformedTags(text: String) {
        #expect(throws: GateInputError.malformedLocale(text)) { try LocaleTag(text) }
    }

    @Test("refuses four-letter subtags after a region even when letters")
    func refusesScriptAfterRegion() {
        #expect(throws: GateInputError.malformedLocale("zh-TW-Hant")) { try LocaleTag("zh-TW-Hant") }
    }

    @Test(
        "refuses well-formed tags of an unknown language, naming the language",
        arguments: [("xx", "xx"), ("XX", "xx"), ("xx-US", "xx"), ("qq", "qq"), ("zzz", "zzz"), ("Zz-Latn-US", "zz")]
            as [(String, String)])
    func refusesUnknownLanguages(text: String, language: String) {
        #expect(throws: GateInputError.unknownLanguage(language)) { try LocaleTag(text) }
    }

    @Test("refuses tags of 36 characters or more; 35 is the most")
    func refusesLongTags() throws {
        // "en" and four variants of five to eight letters.
        let tag35 = "en-" + ["abcdefgh", "abcdefgh", "abcdefgh", "abcde"].joined(separator: "-")
        #expect(tag35.count == 35)
        #expect(try LocaleTag(tag35).identifier == tag35)

        let tag36 = "en-" + ["abcdefgh", "abcdefgh", "abcdefgh", "abcdef"].joined(separator: "-")
        #expect(tag36.count == 36)
        #expect(throws: GateInputError.malformedLocale(tag36)) { try LocaleTag(tag36) }

        let huge = "en-" + Array(repeating: "abcdefgh", count: 2_000).joined(separator: "-")
        #expect(throws: GateInputError.malformedLocale(huge)) { try LocaleTag(huge) }
    }

    @Test("surrounding spaces do not count toward the length")
    func trimmedBeforeCounting() throws {
        let tag35 = "en-" + ["abcdefgh", "abcdefgh", "abcdefgh", "abcde"].joined(separator: "-")
        #expect(try LocaleTag("   " + tag35 + "   ").identifier == tag35)
    }

    @Test("language is the first subtag")
    func language() throws {
        #expect(try LocaleTag("ru-RU").language == "ru")
        #expect(try LocaleTag("zh-Hant-TW").language == "zh")
        #expect(try LocaleTag("haw-US").language == "haw")
        #expect(try LocaleTag("EN").language == "en")
    }

    @Test("the fallback chain runs from the most specific tag to the language")
    func fallbackChain() throws {
        #expect(try LocaleTag("zh-Hant-TW").fallbackChain.map(\.identifier) == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(try LocaleTag("ru-RU").fallbackChain.map(\.identifier) == ["ru-RU", "ru"])
        #expect(try LocaleTag("en").fallbackChain.map(\.identifier) == ["en"])
        #expect(
            try LocaleTag("sl-IT-rozaj-biske").fallbackChain.map(\.identifier)
                == ["sl-IT-rozaj-biske", "sl-IT-rozaj", "sl-IT", "sl"])
        #expect(try LocaleTag("de-CH-1996").fallbackChain == [LocaleTag("de-CH-1996"), LocaleTag("de-CH"), LocaleTag("de")])
    }

    @Test("every tag of a fallback chain is itself a valid tag")
    func fallbackChainTagsAreValid() throws {
        for text in ["zh-Hant-TW", "sr-Latn-RS", "de-CH-1996", "sl-IT-rozaj-biske", "es-419", "en"] {
            for tag in try LocaleTag(text).fallbackChain {
                #expect(try LocaleTag(tag.identifier) == tag)
            }
        }
    }

    @Test("english is en")
    func english() throws {
        #expect(LocaleTag.english.identifier == "en")
        #expect(try LocaleTag("EN") == LocaleTag.english)
    }

    @Test("tags that differ only in case or separator are equal and hash alike")
    func equalityIgnoresSpelling() throws {
        let set: Set<LocaleTag> = [try LocaleTag("en-US"), try LocaleTag("EN_us"), try LocaleTag("en-us"), try LocaleTag("en")]
        #expect(set.count == 2)
        #expect(try LocaleTag("ru-RU") != LocaleTag("ru"))
    }

    // MARK: Codable

    @Test("encodes as its canonical string and decodes back")
    func codableRoundTrip() throws {
        let tags = try ["en", "ru-RU", "zh-Hant-TW", "de-CH-1996"].map { text throws(GateInputError) in try LocaleTag(text) }
        let data = try JSONEncoder().encode(tags)
        #expect(String(decoding: data, as: UTF8.self) == #"["en","ru-RU","zh-Hant-TW","de-CH-1996"]"#)
        #expect(try JSONDecoder().decode([LocaleTag].self, from: data) == tags)
    }

    @Test("decoding canonicalizes the text")
    func decodingCanonicalizes() throws {
        let decoded = try JSONDecoder().decode([LocaleTag].self, from: Data(#"["EN-us","ru_RU"]"#.utf8))
        #expect(decoded.map(\.identifier) == ["en-US", "ru-RU"])
    }

    @Test(
        "decoding refuses bad JSON",
        arguments: [#""""#, #""english""#, #""xx""#, #""en--US""#, "42", "null", "true", #"["en"]"#, #"{"identifier":"en"}"#])
    func decodingRefusesBadJSON(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LocaleTag.self, from: Data(json.utf8)) }
    }

    @Test("a decoding error names the refused text")
    func decodingErrorNamesTheProblem() {
        do {
            _ = try JSONDecoder().decode(LocaleTag.self, from: Data(#""xx-US""#.utf8))
            Issue.record("decoded an unknown language")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("xx"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a tag read back from the store has its form checked, not its language")
    func storedTags() throws {
        #expect(try LocaleTag(stored: "en").identifier == "en")
        #expect(try LocaleTag(stored: "ru-RU").identifier == "ru-RU")
        #expect(try LocaleTag(stored: "zh-Hant-TW").identifier == "zh-Hant-TW")
        // A language no ISO 639 list has: only an edited file holds one, and it reads as itself.
        #expect(try LocaleTag(stored: "qq").identifier == "qq")
        #expect(try LocaleTag(stored: "qq-ZZ").identifier == "qq-ZZ")
        #expect(throws: GateInputError.unknownLanguage("qq")) { try LocaleTag("qq") }
        for malformed in ["", "e", "en-", "en--US", "english", "en-US-x-private", "12"] {
            #expect(throws: GateInputError.self, "\(malformed)") { try LocaleTag(stored: malformed) }
        }
    }
}
