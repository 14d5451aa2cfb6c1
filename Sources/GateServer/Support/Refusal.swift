import Hummingbird

/// A request refused before the gate could act on it: an RFC 9457 problem with `status`,
/// `detail` and any extra headers (`Retry-After`).
struct Refusal: HTTPResponseError {
    let status: HTTPResponse.Status
    let detail: String
    let headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        APIResponse.problem(status, detail, headers: headers)
    }
}
