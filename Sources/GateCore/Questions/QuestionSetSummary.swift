import Foundation

/// A stored question set, as listed.
public struct QuestionSetSummary: Hashable, Sendable, Codable {
    public var id: Int64
    public var name: String
    public var locale: LocaleTag
    public var questionCount: Int
    public var updatedAt: Date

    public init(id: Int64, name: String, locale: LocaleTag, questionCount: Int, updatedAt: Date) {
        self.id = id
        self.name = name
        self.locale = locale
        self.questionCount = questionCount
        self.updatedAt = updatedAt
    }
}
