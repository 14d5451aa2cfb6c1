import Foundation
import Hummingbird
import ParentalGate

/// Reading JSON request bodies strictly: small, an object, only known fields, right types.
enum JSONRequest {
    /// The largest body accepted.
    static let maximumBytes = 16 * 1024

    /// The body of `request` decoded as `T`; an empty body decodes as `{}`. Fields other than
    /// `T`'s coding keys, wrong types and bodies over ``maximumBytes`` are refused.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, allowed: Set<String>) async throws(Refusal) -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw Refusal(APIResponse.problem(.contentTooLarge, "the request body is larger than \(maximumBytes) bytes"))
        } catch {
            throw Refusal(APIResponse.problem(.badRequest, "the request body did not arrive in full"))
        }
        let data = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer: buffer)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Refusal(APIResponse.problem(.badRequest, "the request body is not a JSON object"))
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            let known = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
            throw Refusal(APIResponse.problem(.badRequest, "unknown field '\(unknown)' (allowed: \(known))"))
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.typeMismatch(type, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            let expected = type == Int.self ? "a whole number" : type == String.self ? "a string" : "\(type)"
            throw Refusal(APIResponse.problem(.badRequest, "'\(field)' must be \(expected)"))
        } catch let DecodingError.keyNotFound(key, _) {
            throw Refusal(APIResponse.problem(.badRequest, "missing field '\(key.stringValue)'"))
        } catch let error as GateInputError {
            throw Refusal(APIResponse.problem(.badRequest, error.description))
        } catch let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw Refusal(APIResponse.problem(.badRequest, "'\(field)' is not valid: \(context.debugDescription)"))
        } catch {
            throw Refusal(APIResponse.problem(.badRequest, "the request body does not match the API"))
        }
    }
}
