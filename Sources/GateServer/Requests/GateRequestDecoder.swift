import Foundation
import GateJSON
import Hummingbird
import ParentalGate

/// Reads JSON request bodies strictly, for every route (`request.decode(as:context:)`): at
/// most the context's `maxUploadSize`, an object, right types, and for the server's own
/// bodies only the fields their `CodingKeys` name. An empty body reads as `{}`. Every refusal
/// is a 400 (413 when too large) problem naming the field.
public struct GateRequestDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        var request = request
        let limit = context.maxUploadSize
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Refusal(.contentTooLarge, "the request body is larger than \(limit) bytes")
        } catch {
            throw Refusal(.badRequest, "the request body did not arrive in full")
        }
        let data = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer: buffer)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Refusal(.badRequest, "the request body is not a JSON object")
        }
        // A body that says two things (`{"decision": "deny", "decision": "approve"}`), or that
        // another reader would not read at all, is refused rather than read one way here.
        switch StrictJSON.problem(in: data) {
        case .repeatedKey(let field)?: throw Refusal(.badRequest, "the field '\(field.escapedForMessage)' is given twice")
        case let problem?: throw Refusal(.badRequest, "the request body is refused: \(problem)")
        case nil: break
        }
        if let allowed = (T.self as? any RequestBody.Type)?.fieldNames,
           let unknown = object.keys.sorted().first(where: { !allowed.contains($0) })
        {
            let known = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
            throw Refusal(.badRequest, "unknown field '\(unknown)' (allowed: \(known))")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.typeMismatch(type, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            let expected = type == Int.self ? "a whole number" : type == String.self ? "a string" : "\(type)"
            throw Refusal(.badRequest, "'\(field)' must be \(expected)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw Refusal(.badRequest, "missing field '\(key.stringValue)'")
        } catch let error as GateInputError {
            throw Refusal(.badRequest, error.description)
        } catch let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw Refusal(.badRequest, "'\(field)' is not valid: \(context.debugDescription)")
        } catch {
            throw Refusal(.badRequest, "the request body does not match the API")
        }
    }
}
