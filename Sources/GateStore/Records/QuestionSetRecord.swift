import GRDB

/// A row of `question_sets`.
struct QuestionSetRecord: Hashable {
    var id: Int64?
    var name: String
    var nameKey: String
    var locale: String
    var createdAt: Int64
    var updatedAt: Int64
}

// MARK: - Database

extension QuestionSetRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "question_sets"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
}
