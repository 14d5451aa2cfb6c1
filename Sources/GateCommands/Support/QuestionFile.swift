import Foundation
import ParentalGate

/// The question-set file `questions import` reads and `questions export` writes.
///
/// JSON: `{"name": "animals", "locale": "en", "questions": [{"prompt": "…", "answer": 8,
/// "choices": [6, 8, 10]}]}`, or just the array of questions (name and locale then come from
/// `--set` and `--locale`). Also HTKUltimateParentalGate's plist: an array of dictionaries
/// with `question` and `answer_number`.
struct QuestionFile: Codable {
    struct Entry: Codable {
        var prompt: String
        var answer: Int
        var choices: [Int]?
    }

    var name: String?
    var locale: String?
    var questions: [Entry]

    /// The largest file accepted.
    static let maximumBytes = 5 * 1024 * 1024
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 16

    /// Reads and validates the file at `path`.
    static func read(path: String) throws -> (name: String?, locale: String?, questions: [Question]) {
        let name = (path as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError.usage("cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandError.usage("cannot read \(path): it is a directory") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            throw CommandError.usage("\(name) is too large (\(size / 1024) KiB; at most \(maximumBytes / 1024 / 1024) MiB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError.usage("cannot read \(path): permission denied")
        }
        guard !data.isEmpty else { throw CommandError.usage("\(name) is empty") }
        let entries: [Entry]
        var setName: String?
        var locale: String?
        if isPropertyList(data) {
            guard xmlNestingDepth(data) <= maximumDepth else {
                throw CommandError.usage("\(name): property list nested deeper than \(maximumDepth) levels")
            }
            entries = try readPlist(data, file: name)
        } else {
            guard nestingDepth(data) <= maximumDepth else {
                throw CommandError.usage("\(name): JSON nested deeper than \(maximumDepth) levels")
            }
            (setName, locale, entries) = try readJSON(data, file: name)
        }
        var questions: [Question] = []
        for (index, entry) in entries.enumerated() {
            do {
                questions.append(try Question(prompt: entry.prompt, answer: entry.answer, choices: entry.choices))
            } catch {
                throw CommandError.usage("\(name): question \(index + 1): \(error.reason)")
            }
        }
        return (setName, locale, questions)
    }

    private static func isPropertyList(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(256), as: UTF8.self)
        return data.starts(with: Data("bplist".utf8)) || head.contains("<plist") || head.hasPrefix("<?xml")
    }

    private static func readJSON(_ data: Data, file: String) throws -> (String?, String?, [Entry]) {
        let decoder = JSONDecoder()
        do {
            let first = data.first { !" \t\r\n".utf8.contains($0) }
            if first == UInt8(ascii: "[") {
                return (nil, nil, try decoder.decode([Entry].self, from: data))
            }
            let file = try decoder.decode(QuestionFile.self, from: data)
            return (file.name, file.locale, file.questions)
        } catch let error as DecodingError {
            throw CommandError.usage("\(file): malformed question file: \(describe(error))")
        } catch {
            throw CommandError.usage("\(file): malformed question file")
        }
    }

    private static func readPlist(_ data: Data, file: String) throws -> [Entry] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CommandError.usage("\(file): malformed property list")
        }
        guard let items = object as? [Any] else {
            throw CommandError.usage("\(file): expected an array of dictionaries with question and answer_number")
        }
        return try items.enumerated().map { index, item in
            guard let dictionary = item as? [String: Any] else {
                throw CommandError.usage("\(file): item \(index + 1) is not a dictionary")
            }
            guard let prompt = dictionary["question"] as? String else {
                throw CommandError.usage("\(file): item \(index + 1): 'question' is missing or not a string")
            }
            guard let answer = wholeNumber(dictionary["answer_number"]) else {
                throw CommandError.usage("\(file): item \(index + 1): 'answer_number' is missing or not a whole number")
            }
            return Entry(prompt: prompt, answer: answer, choices: nil)
        }
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
