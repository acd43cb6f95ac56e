import Hummingbird
import SocialModelAPI

/// Turns whatever a route throws into its JSON `SocialAPIError` answer, logging server-side
/// failures (with the error itself, which the client is not shown) on the request's logger.
struct SocialErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let answer = SocialAPIError(error)
            if answer.status >= 500 {
                context.logger.error(
                    "SocialModelHTTP request failed",
                    metadata: [
                        "error": "\(String(reflecting: error))", "code": "\(answer.code)",
                        "path": "\(request.uri.path)",
                    ])
            }
            return answer.response()
        }
    }
}
