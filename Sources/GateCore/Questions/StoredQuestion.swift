/// A question as stored in a question set, with its identifier.
public struct StoredQuestion: Identifiable, Hashable, Sendable {
    public var id: Int64
    public var question: Question

    public init(id: Int64, question: Question) {
        self.id = id
        self.question = question
    }
}
