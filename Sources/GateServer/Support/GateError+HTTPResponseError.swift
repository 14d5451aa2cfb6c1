import Hummingbird
import ParentalGate

/// A ``GateError`` thrown by a route is its problem response: 400 for bad input, 404, 409, and
/// 503 for the database, whose cause goes to the log, never into the body (a file path, an
/// SQLite message).
extension GateError: HTTPResponseError {
    public var status: HTTPResponse.Status {
        switch self {
        case .invalidInput: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .database: .serviceUnavailable
        case .notPermitted: .forbidden
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        guard case .database = self else { return APIResponse.problem(status, description) }
        context.logger.error("database error: \(description)")
        return APIResponse.problem(status, "the database cannot be used right now; the server's log says why")
    }
}
