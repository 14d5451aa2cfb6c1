import Hummingbird

/// Refuses (421) a request for a host name the server does not answer for: a web page that
/// points its own name at this server (DNS rebinding) is then never served, whatever its
/// `Origin` says.
///
/// The host is the `Host` header, or a trusted proxy's `X-Forwarded-Host`. Allowed: IP
/// addresses, `localhost` and ``GateServerOptions/allowedHosts``. A request without a host
/// (HTTP/1.0, no browser) passes, and so do `/healthz` and `/readyz`, which reveal nothing
/// and are asked for by whatever name a health checker knows the server by.
struct AllowedHostMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let options: GateServerOptions
    let allowed: Set<String>

    init(options: GateServerOptions) {
        self.options = options
        allowed = options.normalizedAllowedHosts
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path == "/healthz" || request.uri.path == "/readyz" { return try await next(request, context) }
        guard let authority = RequestClient(request, context: context, options: options).authority else {
            return try await next(request, context)
        }
        guard let host = HostName.host(ofAuthority: authority), HostName.isAllowed(host, allowed: allowed) else {
            throw Refusal(
                .misdirectedRequest,
                "this server does not answer for the host '\(authority.escapedForMessage)': only IP addresses, localhost and its allowed host names (parental-gated --allowed-host)")
        }
        return try await next(request, context)
    }
}
