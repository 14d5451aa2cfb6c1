import Hummingbird
import ParentalGate

extension APIResponse {
    /// Runs `body`, turning every failure into a problem response: never a 500 for bad input,
    /// and never a file path or an SQLite message in a body (those go to the server's log).
    static func handle(_ context: GateRequestContext, _ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as Refusal {
            return refusal.response
        } catch let error as GateError {
            switch error {
            case .invalidInput: return problem(.badRequest, error.description)
            case .notFound: return problem(.notFound, error.description)
            case .conflict: return problem(.conflict, error.description)
            case .database:
                context.logger.error("database error: \(error.description)")
                return problem(.serviceUnavailable, "the database cannot be used right now; the server's log says why")
            }
        } catch {
            context.logger.error("request failed: \(String(describing: error))")
            return problem(.badRequest, "the request could not be handled; the server's log says why")
        }
    }
}
