import Foundation

extension JSONDecoder {
    /// The decoder of the gate's JSON (``JSONEncoder/gate(pretty:)``'s, the HTTP API's):
    /// times as ISO 8601, with or without fractions of a second.
    public static func gate() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let withFractions = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            guard let date = (try? withFractions.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time: '\(text)'")
            }
            return date
        }
        return decoder
    }
}
