/// A JSON request body whose `CodingKeys` name every field it takes: ``GateRequestDecoder``
/// refuses a body with any other.
protocol RequestBody: Decodable {
    associatedtype CodingKeys: CodingKey, CaseIterable

    /// The names of the fields a body may hold.
    static var fieldNames: Set<String> { get }
}

extension RequestBody {
    static var fieldNames: Set<String> {
        Set(CodingKeys.allCases.map(\.stringValue))
    }
}
