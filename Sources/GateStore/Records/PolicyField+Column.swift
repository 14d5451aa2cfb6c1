import Foundation
import GateCore
import GRDB

extension PolicyField {
    /// `value` as stored in ``column``; `nil` (inherited) is SQL NULL.
    func databaseValue(_ value: PolicyValue?) -> DatabaseValue {
        switch value {
        case nil: .null
        case .answerFormat(let format)?: format.rawValue.databaseValue
        case .difficulty(let difficulty)?: difficulty.rawValue.databaseValue
        case .questionSource(let source)?: source.description.databaseValue
        case .count(let count)?: count.databaseValue
        case .duration(let duration)?: duration.wholeMilliseconds.databaseValue
        case .factor(let factor)?: factor.databaseValue
        case .permission(let allowed)?: (allowed ? "allowed" : "off").databaseValue
        case .quietHours(let hours)?: hours.description.databaseValue
        case .timeZone(let name)?: name.databaseValue
        case .step(let step)?: step.rawValue.databaseValue
        }
    }

    /// The value stored in ``column`` of `row`, `nil` when inherited.
    func value(in row: some ColumnReader) throws -> PolicyValue? {
        let stored: DatabaseValue = try row[column]
        if stored.isNull { return nil }
        // Plain statements: Swift 6.3's optimizer crashes (CopyPropagation) on a `switch`
        // expression here whose branch throws inside `map`.
        var value: PolicyValue?
        switch kind {
        case .answerFormat:
            if let text = String.fromDatabaseValue(stored), let format = AnswerFormat(rawValue: text) { value = .answerFormat(format) }
        case .difficulty:
            if let text = String.fromDatabaseValue(stored), let difficulty = Difficulty(rawValue: text) { value = .difficulty(difficulty) }
        case .questionSource:
            if let text = String.fromDatabaseValue(stored) { value = .questionSource(try QuestionSource(text)) }
        case .count:
            if let count = Int.fromDatabaseValue(stored) { value = .count(count) }
        case .duration:
            if let milliseconds = Int64.fromDatabaseValue(stored) { value = .duration(.milliseconds(milliseconds)) }
        case .factor:
            if let factor = Double.fromDatabaseValue(stored) { value = .factor(factor) }
        case .permission:
            if let text = String.fromDatabaseValue(stored), text == "allowed" || text == "off" { value = .permission(text == "allowed") }
        case .quietHours:
            if let text = String.fromDatabaseValue(stored) { value = .quietHours(try QuietHours(text)) }
        case .timeZone:
            if let text = String.fromDatabaseValue(stored) { value = .timeZone(text) }
        case .step:
            if let text = String.fromDatabaseValue(stored), let step = StepKind(rawValue: text) { value = .step(step) }
        }
        guard let value else { throw StoreError.constraint("malformed \(rawValue) in the policies table") }
        try validate(value)
        return value
    }
}
