import Hummingbird

/// Times every request for `/metrics`.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = GateRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            metrics.record(status: Int(response.status.code), seconds: Self.seconds(since: start))
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.record(status: Int(status), seconds: Self.seconds(since: start))
            throw error
        }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
