import Hummingbird
import ParentalGate

/// A ``GateError`` thrown by a route is its problem response, with the status the library
/// gives it (``GateError/httpStatus``): a database failure's cause goes to the log, never into
/// the body (a file path, an SQLite message), and a retryable one says when to retry.
extension GateError: HTTPResponseError {
    public var status: HTTPResponse.Status {
        HTTPResponse.Status(code: httpStatus)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        guard case .database(let failure) = self else { return APIResponse.problem(status, description) }
        context.logger.error("database error (\(failure.kind.rawValue)): \(description)")
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = "\(retryAfter.components.seconds)" }
        return APIResponse.problem(status, "the database cannot be used right now; the server's log says why", headers: headers)
    }
}
