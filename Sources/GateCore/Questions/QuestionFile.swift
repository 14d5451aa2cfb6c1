import Foundation

/// A question-set file, as `gatectl questions import`, the admin API and embedders read it and
/// `questions export` writes it.
///
/// JSON: `{"name": "animals", "locale": "en", "questions": [{"prompt": "…", "answer": 8,
/// "choices": [6, 8, 10]}]}` (`name`, `locale` and `choices` optional), or just the array of
/// questions. Or HTKUltimateParentalGate's property list: an array of dictionaries with
/// `question` and `answer_number`. Every question is a ``Question``, checked as it is read.
public struct QuestionFile: Hashable, Sendable, Codable {
    /// The set's name, if the file gives one.
    public var name: String?
    /// The set's language, if the file gives one.
    public var locale: String?
    public var questions: [Question]

    /// The largest file accepted, in bytes.
    public static let maximumBytes = 5 * 1024 * 1024
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 16

    public init(name: String? = nil, locale: String? = nil, questions: [Question]) {
        self.name = name
        self.locale = locale
        self.questions = questions
    }

    /// Decodes a JSON or property-list file's bytes; errors name `fileName` when given.
    ///
    /// - Throws: ``GateInputError/malformedQuestionFile(_:)``, one line: too large, nested too
    ///   deep, not JSON or a property list, a missing or mistyped field, or a question that
    ///   ``Question`` refuses (naming its number).
    public init(decoding data: Data, fileName: String? = nil) throws(GateInputError) {
        let place = fileName.map { "\($0): " } ?? ""
        guard data.count <= Self.maximumBytes else { throw Self.tooLarge(fileName, bytes: data.count) }
        guard !data.isEmpty else { throw .malformedQuestionFile("\(fileName ?? "the question file") is empty") }
        do throws(GateInputError) {
            if Self.isPropertyList(data) {
                guard Self.xmlNestingDepth(data) <= Self.maximumDepth else {
                    throw .malformedQuestionFile("property list nested deeper than \(Self.maximumDepth) levels")
                }
                self.init(questions: try Self.plistQuestions(data))
            } else {
                guard Self.nestingDepth(data) <= Self.maximumDepth else {
                    throw .malformedQuestionFile("JSON nested deeper than \(Self.maximumDepth) levels")
                }
                self = try Self.json(data)
            }
        } catch .malformedQuestionFile(let message) {
            throw .malformedQuestionFile(place + message)
        }
    }

    /// Reads the file at `url`: refused without reading it when it is missing, a folder, not
    /// a regular file (a device or a pipe), or larger than ``maximumBytes``; never reads more.
    public init(contentsOf url: URL) throws(GateInputError) {
        let path = url.relativePath
        let name = url.lastPathComponent
        let target = url.resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else {
            throw .malformedQuestionFile("cannot read \(path): no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw .malformedQuestionFile("cannot read \(path): it is a directory")
        default: throw .malformedQuestionFile("cannot read \(path): not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumBytes else { throw Self.tooLarge(name, bytes: size) }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: target))
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
        } catch {
            throw .malformedQuestionFile("cannot read \(path): permission denied")
        }
        try self.init(decoding: data, fileName: name)
    }

    /// The set the file at `url` holds, as `gatectl questions import` stores it: named `set`,
    /// else by the file, else after the file (its name without the extension); in `locale`,
    /// else the file's, else English.
    public static func questionSet(at url: URL, set: String? = nil, locale: String? = nil) throws(GateInputError) -> QuestionSet {
        let file = try QuestionFile(contentsOf: url)
        return try file.questionSet(name: set ?? file.name ?? url.deletingPathExtension().lastPathComponent, locale: locale)
    }

    /// The set this file holds, named `name` (else the file's name) in `locale` (else the
    /// file's, else English).
    public func questionSet(name: String? = nil, locale: String? = nil) throws(GateInputError) -> QuestionSet {
        guard let setName = name ?? self.name else {
            throw .malformedQuestionFile("the question file names no set: give the set's name")
        }
        return try QuestionSet(
            name: ProfileName(setName, what: "question set name"), locale: LocaleTag(locale ?? self.locale ?? "en"),
            questions: questions)
    }

    // MARK: - JSON

    private enum CodingKeys: String, CodingKey {
        case name, locale, questions
    }

    /// Decodes the JSON object form (for a decoder of your own, as the admin API's request
    /// body does). A question ``Question`` refuses throws
    /// ``GateInputError/malformedQuestionFile(_:)`` naming its number, not a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        questions = try container.decode(QuestionList.self, forKey: .questions).questions
    }

    /// Questions decoded one by one, so that a question ``Question`` refuses is named by its number.
    private struct QuestionList: Decodable {
        var questions: [Question] = []

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            while !list.isAtEnd {
                let number = list.currentIndex + 1
                do {
                    questions.append(try list.decode(Question.self))
                } catch DecodingError.dataCorrupted(let context) {
                    guard let refused = context.underlyingError as? GateInputError else { throw DecodingError.dataCorrupted(context) }
                    throw GateInputError.malformedQuestionFile("question \(number): \(refused.reason)")
                }
            }
        }
    }

    private static func json(_ data: Data) throws(GateInputError) -> QuestionFile {
        do {
            let first = data.first { !" \t\r\n".utf8.contains($0) }
            if first == UInt8(ascii: "[") {
                return QuestionFile(questions: try JSONDecoder().decode(QuestionList.self, from: data).questions)
            }
            return try JSONDecoder().decode(QuestionFile.self, from: data)
        } catch let error as GateInputError {
            throw error
        } catch let error as DecodingError {
            throw .malformedQuestionFile("malformed question file: \(describe(error))")
        } catch {
            throw .malformedQuestionFile("malformed question file")
        }
    }

    // MARK: - Property lists

    private static func isPropertyList(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(256), as: UTF8.self)
        return data.starts(with: Data("bplist".utf8)) || head.contains("<plist") || head.hasPrefix("<?xml")
    }

    /// HTKUltimateParentalGate's questions: an array of dictionaries with `question` and `answer_number`.
    private static func plistQuestions(_ data: Data) throws(GateInputError) -> [Question] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .malformedQuestionFile("malformed property list")
        }
        guard let items = object as? [Any] else {
            throw .malformedQuestionFile("expected an array of dictionaries with question and answer_number")
        }
        var questions: [Question] = []
        for (index, item) in items.enumerated() {
            guard let dictionary = item as? [String: Any] else {
                throw .malformedQuestionFile("item \(index + 1) is not a dictionary")
            }
            guard let prompt = dictionary["question"] as? String else {
                throw .malformedQuestionFile("item \(index + 1): 'question' is missing or not a string")
            }
            guard let answer = wholeNumber(dictionary["answer_number"]) else {
                throw .malformedQuestionFile("item \(index + 1): 'answer_number' is missing or not a whole number")
            }
            do {
                questions.append(try Question(prompt: prompt, answer: answer))
            } catch {
                throw .malformedQuestionFile("question \(index + 1): \(error.reason)")
            }
        }
        return questions
    }

    private static func wholeNumber(_ value: Any?) -> Int? {
        switch value {
        case let number as Int: return number
        case let number as Double where number.rounded() == number && abs(number) <= 1e9: return Int(number)
        case let number as NSNumber:
            let double = number.doubleValue
            return double.rounded() == double && abs(double) <= 1e9 ? Int(double) : nil
        case let text as String: return Int(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    // MARK: - Limits

    private static func tooLarge(_ fileName: String?, bytes: Int) -> GateInputError {
        .malformedQuestionFile(
            "\(fileName ?? "the question file") is too large (\(bytes / 1024) KiB; at most \(maximumBytes / 1024 / 1024) MiB)")
    }

    /// The deepest nesting of `[` and `{` outside strings.
    private static func nestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The deepest nesting of `<array>` and `<dict>` elements of an XML property list.
    private static func xmlNestingDepth(_ data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        var depth = 0, deepest = 0
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            let tag = text[open...].prefix(8)
            if tag.hasPrefix("<array>") || tag.hasPrefix("<dict>") {
                depth += 1
                deepest = max(deepest, depth)
            } else if tag.hasPrefix("</array>") || tag.hasPrefix("</dict>") {
                depth -= 1
            }
            index = text.index(after: open)
        }
        return deepest
    }

    /// A decoding error as one line: where in the file, and what was wrong.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context)
            return "\(place == "the top level" ? "" : place + ": ")missing '\(key.stringValue)'"
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type == Int.self ? "a whole number" : type == String.self ? "text" : "\(type)")"
        case .valueNotFound(_, let context):
            return "\(path(context)): missing value"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "not valid"
        }
    }
}

extension QuestionSet {
    /// The set in a JSON or property-list question file's bytes (``QuestionFile``), named
    /// `name` (else the file's name) in `locale` (else the file's, else English).
    public init(decoding data: Data, name: String? = nil, locale: String? = nil) throws(GateInputError) {
        self = try QuestionFile(decoding: data).questionSet(name: name, locale: locale)
    }
}
