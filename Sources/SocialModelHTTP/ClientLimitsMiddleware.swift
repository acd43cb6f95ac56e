import Hummingbird
import SocialModelAPI

/// Per-client rate limits, the body read deadline and the request time limit, in front of every
/// route: a client over its rate gets `429 rate-limited` with `Retry-After` before its request
/// is read; a body still arriving at the deadline is answered `408 body-timed-out` (its reading
/// is cancelled, which ends the connection's input), and a handler still running at the time
/// limit is cancelled and answered `503 timed-out`.
///
/// Cancellation is cooperative: work that does not check for it (a database call under way) runs
/// to its end before the answer goes out, and a change it makes is kept, as with any timeout
/// a client sees.
struct ClientLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let limiter: ClientRateLimiter?
    let address: ClientAddress
    let timeLimit: Duration?
    /// How long after the head the body must be complete (``SocialHTTPLimits/bodyReadTimeout``).
    var bodyReadTimeout: Duration? = SocialHTTPLimits().bodyReadTimeout

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let limiter, let client = address.of(request, context: context), let wait = limiter.take(client) {
            throw SocialAPIError.tooManyRequests(retryAfter: wait)
        }
        guard let bodyReadTimeout else { return try await limited(request, context: context, next: next) }
        return try await RequestBodyReader.$deadline.withValue(.now + bodyReadTimeout) {
            try await limited(request, context: context, next: next)
        }
    }

    /// The handler, cancelled at the time limit.
    private func limited(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let timeLimit else { return try await next(request, context) }
        // The handler runs in a child task that ends before this call returns (the group waits
        // for it), so the router's non-escaping, non-Sendable `next` outlives neither.
        return try await withoutActuallyEscaping(next) { next in
            nonisolated(unsafe) let next = next
            return try await withThrowingTaskGroup(of: Response.self) { group in
                group.addTask { try await next(request, context) }
                group.addTask {
                    try await Task.sleep(for: timeLimit)
                    throw SocialAPIError.timedOut
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw SocialAPIError.timedOut }
                return first
            }
        }
    }
}
