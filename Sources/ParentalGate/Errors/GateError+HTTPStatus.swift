/// The HTTP status a web API answers a ``GateError`` with (the gate's own server uses it).
extension GateError {
    /// 400 for bad input, 403, 404, 409; for the database 503 while a retry may help (busy,
    /// unreachable) or the service cannot write or is stopping (read-only, closed), 507 when the disk is full, 500 when someone must repair it.
    public var httpStatus: Int {
        switch self {
        case .invalidInput: 400
        case .notPermitted: 403
        case .notFound: 404
        case .conflict: 409
        case .database(let failure):
            switch failure.kind {
            case .busy, .unreachable, .readOnly, .closed: 503
            case .diskFull: 507
            case .damaged, .newerSchema, .notOurs, .other: 500
            }
        }
    }

    /// How long a client should wait before retrying (a `Retry-After` header), when
    /// ``isRetryable``.
    public var retryAfter: Duration? {
        isRetryable ? .seconds(1) : nil
    }
}
