import Foundation
import Testing
@testable import GateCore
import TestSlots

@Suite("ProfileName", .boundedConcurrency)
struct ProfileNameTests {
    // MARK: Accepted names

    @Test("trims the ordinary spaces at its ends, nothing else")
    func trims() throws {
        #expect(try ProfileName("  Emma ").value == "Emma")
        #expect(try ProfileName("  Emma Lou  ").value == "Emma Lou")
        #expect(try ProfileName("Emma").description == "Emma")
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: "U+9")) { try ProfileName("\tEmma") }
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: "U+D")) { try ProfileName("\r\n Emma Lou \r\n") }
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: "U+A0")) { try ProfileName("\u{00A0}Emma\u{3000}") }
        #expect(try ProfileName("Emma\u{00A0}Lou").value == "Emma\u{00A0}Lou", "white space inside is the name's own")
    }

    /// Each near `emma`: a control, separator, invisible or white-space character at an edge.
    static let edgeCharacters: [(String, String)] = [
        ("emma\n", "U+A"), ("\remma", "U+D"), ("emma\t", "U+9"), ("emma\u{B}", "U+B"), ("emma\u{85}", "U+85"),
        ("\u{2028}emma", "U+2028"), ("\u{200B}emma", "U+200B"), ("\u{FEFF}emma", "U+FEFF"), ("\u{3000}emma", "U+3000"),
        ("emma\u{00A0}", "U+A0"), (" \u{2029} emma", "U+2029"), ("\u{0}emma", "U+0"),
    ]

    @Test("a lookup refuses a control, invisible or white-space character at an edge, before trimming: it never finds emma", arguments: edgeCharacters)
    func lookupRefusesEdges(text: String, scalar: String) {
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: scalar)) { try ProfileName.lookupKey(for: text) }
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: scalar)) { try ProfileName(text) }
    }

    @Test("a lookup trims ordinary spaces and folds case")
    func lookupTrimsSpaces() throws {
        #expect(try ProfileName.lookupKey(for: "  EMMA ") == "emma")
        #expect(try ProfileName.lookupKey(for: " Ёлка ") == ProfileName.key(for: "ёлка"))
    }

    @Test("keeps the case and inner spaces as given")
    func keepsCaseAndInnerSpaces() throws {
        #expect(try ProfileName("eMMa").value == "eMMa")
        #expect(try ProfileName("Emma  Lou").value == "Emma  Lou")
    }

    @Test(
        "accepts names in any script, emoji and joiners",
        arguments: [
            "Emma",
            "Ёлка",
            "محمد",  // Arabic
            "שרה",  // Hebrew
            "مه\u{200C}سا",  // Persian with ZERO WIDTH NON-JOINER
            "क्\u{200D}ष",  // Devanagari with ZERO WIDTH JOINER
            "李小龍",
            "José",
            "O'Brien-Smith",
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",  // family: man, woman, girl, boy
            "\u{1F469}\u{1F3FD}\u{200D}\u{1F680}",  // woman astronaut, medium skin tone
            "\u{2764}\u{FE0F}",  // red heart with variation selector
            "\u{1F1FA}\u{1F1E6}",  // flag of Ukraine
            "1\u{FE0F}\u{20E3}",  // keycap 1
            "iPad (kitchen)",
            "a",
        ])
    func acceptsUnicode(text: String) throws {
        #expect(try ProfileName(text).value == text.precomposedStringWithCanonicalMapping)
    }

    @Test("stores names in canonical composition")
    func storesPrecomposed() throws {
        let decomposed = "Jose\u{301}"
        let name = try ProfileName(decomposed)
        #expect(name.value == "Jos\u{E9}")
        #expect(name.value.unicodeScalars.count == 4)
    }

    // MARK: Length

    @Test("allows 64 characters and refuses 65")
    func lengthLimit() throws {
        #expect(ProfileName.maximumLength == 64)
        let max = String(repeating: "a", count: 64)
        #expect(try ProfileName(max).value == max)
        #expect(try ProfileName("  " + max + "  ").value == max)
        let tooLong = String(repeating: "a", count: 65)
        #expect(throws: GateInputError.nameTooLong(what: "profile name", limit: 64)) { try ProfileName(tooLong) }
        #expect(throws: GateInputError.nameTooLong(what: "profile name", limit: 64)) {
            try ProfileName(String(repeating: "x", count: 10_000))
        }
    }

    @Test("counts characters, not scalars or bytes")
    func countsCharacters() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(family.count == 1)
        #expect(family.unicodeScalars.count == 7)
        let name = String(repeating: "a", count: 63) + family
        #expect(name.count == 64)
        #expect(try ProfileName(name).value == name)
        #expect(throws: GateInputError.nameTooLong(what: "profile name", limit: 64)) { try ProfileName(name + "a") }

        // 64 decomposed letters: 128 scalars, 64 characters.
        let decomposed = String(repeating: "e\u{301}", count: 64)
        #expect(try ProfileName(decomposed).value == String(repeating: "\u{E9}", count: 64))
        // 64 Cyrillic letters: 128 UTF-8 bytes.
        #expect(try ProfileName(String(repeating: "ё", count: 64)).value.count == 64)
        // 64 astral-plane characters: 256 UTF-8 bytes.
        #expect(try ProfileName(String(repeating: "\u{1F600}", count: 64)).value.count == 64)
    }

    @Test("an emoji family sequence counts as one character, up to the 64-character limit")
    func sixtyFourFamiliesFit() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let name = String(repeating: family, count: 64)
        #expect(name.count == 64)
        // 64 families are 448 scalars: within the 16 × limit scalar cap.
        let parsed = try ProfileName(name)
        #expect(parsed.value == name)
    }

    @Test("refuses text built to be enormous in scalars but short in characters")
    func refusesZalgo() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 2_000)
        #expect(zalgo.count == 1)
        #expect(throws: GateInputError.self) { try ProfileName(zalgo) }
    }

    // MARK: Refused names

    @Test("refuses empty and blank names", arguments: ["", " ", "   "])
    func refusesBlank(text: String) {
        #expect(throws: GateInputError.emptyName(what: "profile name")) { try ProfileName(text) }
    }

    @Test("refuses names of other white space: tabs and line breaks are control characters", arguments: ["\t", "\n", "\r\n", " \n\t ", "\u{00A0}", "\u{3000}"])
    func refusesOtherBlank(text: String) {
        #expect(throws: GateInputError.self) { try ProfileName(text) }
    }

    @Test(
        "refuses control and invisible formatting characters, naming the scalar",
        arguments: [
            ("Em\u{0}ma", "U+0"),  // NUL
            ("Em\u{7}ma", "U+7"),  // BEL
            ("Em\u{1B}[31mma", "U+1B"),  // ESC
            ("Em\u{7F}ma", "U+7F"),  // DEL
            ("Em\u{85}ma", "U+85"),  // NEXT LINE
            ("Em\tma", "U+9"),  // tab inside
            ("Em\nma", "U+A"),  // newline inside
            ("Em\rma", "U+D"),
            ("Emma\nLou", "U+A"),
            ("Em\u{2028}ma", "U+2028"),  // LINE SEPARATOR
            ("Em\u{2029}ma", "U+2029"),  // PARAGRAPH SEPARATOR
            ("Em\u{202E}ma", "U+202E"),  // RIGHT-TO-LEFT OVERRIDE
            ("\u{202E}amme", "U+202E"),
            ("Em\u{202D}ma", "U+202D"),  // LEFT-TO-RIGHT OVERRIDE
            ("Em\u{2066}ma", "U+2066"),  // LEFT-TO-RIGHT ISOLATE
            ("Em\u{200E}ma", "U+200E"),  // LEFT-TO-RIGHT MARK
            ("Em\u{200F}ma", "U+200F"),  // RIGHT-TO-LEFT MARK
            ("Em\u{061C}ma", "U+61C"),  // ARABIC LETTER MARK
            ("Em\u{200B}ma", "U+200B"),  // ZERO WIDTH SPACE
            ("Em\u{2060}ma", "U+2060"),  // WORD JOINER
            ("Em\u{FEFF}ma", "U+FEFF"),  // ZERO WIDTH NO-BREAK SPACE
            ("Em\u{00AD}ma", "U+AD"),  // SOFT HYPHEN
            ("Em\u{E000}ma", "U+E000"),  // private use
            ("Em\u{F0000}ma", "U+F0000"),  // supplementary private use
            ("Em\u{0378}ma", "U+378"),  // unassigned
        ] as [(String, String)])
    func refusesForbiddenCharacters(text: String, scalar: String) {
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: scalar)) { try ProfileName(text) }
    }

    @Test("emoji tag sequences (subdivision flags) are accepted")
    func subdivisionFlags() throws {
        // 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland: WAVING BLACK FLAG + TAG LATIN SMALL LETTERs + CANCEL TAG (all general
        // category Cf). It is a recommended (RGI) emoji sequence, like the allowed ZWJ sequences.
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(scotland.count == 1)
        let parsed = try ProfileName("Team " + scotland)
        #expect(parsed.value == "Team " + scotland)
    }

    @Test("the error names what was being validated")
    func whatAppearsInErrors() {
        #expect(throws: GateInputError.emptyName(what: "question set name")) { try ProfileName(" ", what: "question set name") }
        #expect(throws: GateInputError.nameTooLong(what: "device", limit: 64)) {
            try ProfileName(String(repeating: "a", count: 65), what: "device")
        }
        #expect(throws: GateInputError.forbiddenCharacter(what: "device", scalar: "U+0")) { try ProfileName("a\u{0}", what: "device") }
    }

    @Test("the first forbidden scalar is the one reported")
    func firstForbiddenScalar() {
        #expect(throws: GateInputError.forbiddenCharacter(what: "profile name", scalar: "U+200B")) {
            try ProfileName("a\u{200B}b\u{0}c")
        }
    }

    // MARK: Uniqueness key

    @Test(
        "names that differ in case, spacing or composition share a key",
        arguments: [
            ["Emma", "EMMA", "emma", " emma ", " eMmA"],
            ["Ёлка", "ЁЛКА", "ёлка", "е\u{308}лка"],
            ["Jos\u{E9}", "Jose\u{301}", "JOS\u{C9}", "JOSE\u{301}"],
            ["\u{E9}", "e\u{301}", "\u{C9}", "E\u{301}"],
            ["ΣΊΣΥΦΟΣ", "σίσυφος", "Σίσυφος"],
            ["Straße", "STRASSE", "strasse"],
        ])
    func equalKeys(spellings: [String]) throws {
        let keys = try Set(spellings.map { text throws(GateInputError) in try ProfileName(text).key })
        #expect(keys.count == 1, "\(spellings) gave keys \(keys)")
    }

    @Test("different names have different keys")
    func differentKeys() throws {
        let names = ["Emma", "Emma Lou", "Emmа" /* Cyrillic а */, "Ёлка", "Елка", "e", "é", "Anna", "Anna2"]
        let keys = try Set(names.map { text throws(GateInputError) in try ProfileName(text).key })
        #expect(keys.count == names.count)
    }

    @Test("key(for:) is what key computes")
    func staticKey() throws {
        #expect(ProfileName.key(for: "EMMA") == ProfileName.key(for: "emma"))
        #expect(ProfileName.key(for: "E\u{301}MMA") == ProfileName.key(for: "\u{E9}mma"))
        #expect(try ProfileName("Emma").key == ProfileName.key(for: "Emma"))
    }

    @Test("names are equal by their value, not their key")
    func equalityIsByValue() throws {
        #expect(try ProfileName("Emma") == ProfileName(" Emma "))
        #expect(try ProfileName("Emma") != ProfileName("EMMA"))
        #expect(try ProfileName("Jose\u{301}") == ProfileName("Jos\u{E9}"))
    }
}

@Suite("Label", .boundedConcurrency)
struct LabelTests {
    @Test("trims ordinary spaces and normalizes like a name")
    func trims() throws {
        #expect(try Label("  mum ", what: "actor").value == "mum")
        #expect(throws: GateInputError.forbiddenCharacter(what: "actor", scalar: "U+A")) { try Label("mum\n", what: "actor") }
        #expect(try Label("Jose\u{301}", what: "actor").value == "Jos\u{E9}")
        #expect(try Label("iPad", what: "client").description == "iPad")
    }

    @Test("allows 128 characters by default")
    func defaultLimit() throws {
        let max = String(repeating: "b", count: 128)
        #expect(try Label(max, what: "client").value == max)
        #expect(throws: GateInputError.nameTooLong(what: "client", limit: 128)) {
            try Label(max + "b", what: "client")
        }
    }

    @Test("honours a custom limit")
    func customLimit() throws {
        #expect(try Label("abcde", what: "tag", limit: 5).value == "abcde")
        #expect(throws: GateInputError.nameTooLong(what: "tag", limit: 5)) { try Label("abcdef", what: "tag", limit: 5) }
        #expect(try Label("\u{1F44D}\u{1F3FD}", what: "tag", limit: 1).value.count == 1)  // thumbs up, skin tone
    }

    @Test("refuses blank labels and forbidden characters, naming what")
    func refusals() {
        #expect(throws: GateInputError.emptyName(what: "actor")) { try Label("   ", what: "actor") }
        #expect(throws: GateInputError.forbiddenCharacter(what: "actor", scalar: "U+202E")) {
            try Label("mum\u{202E}", what: "actor")
        }
        #expect(throws: GateInputError.forbiddenCharacter(what: "client", scalar: "U+A")) {
            try Label("line one\nline two", what: "client")
        }
        #expect(throws: GateInputError.forbiddenCharacter(what: "client", scalar: "U+0")) {
            try Label("app\u{0}", what: "client")
        }
    }

    @Test("accepts right-to-left text and emoji")
    func acceptsUnicode() throws {
        #expect(try Label("אבא", what: "actor").value == "אבא")
        #expect(try Label("أمي \u{1F469}\u{200D}\u{1F467}", what: "actor").value == "أمي \u{1F469}\u{200D}\u{1F467}")
    }
}
