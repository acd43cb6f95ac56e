import Hummingbird
import NIOHTTP1
import SocialModelAPI

/// Turns whatever a route throws into its JSON `SocialAPIError` answer, logging server-side
/// failures (with the error itself, which the client is not shown) on the request's logger.
/// A broken HTTP framing goes on to Hummingbird, which answers 400 and closes the connection.
struct SocialErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPParserError {
            // The request's framing broke while its body was read (a bad chunk size, a body cut
            // short): the client's mistake, not the server's. Hummingbird answers such an error
            // 400 and closes the connection, the only safe thing to do with it.
            throw error
        } catch {
            var answer = SocialAPIError(error)
            answer.localize(error, acceptLanguage: request.headers[.acceptLanguage])
            if answer.status >= 500 {
                context.logger.error(
                    "SocialModelHTTP request failed",
                    metadata: [
                        "error": "\(String(reflecting: error))", "code": "\(answer.code)",
                        "path": "\(request.uri.path)",
                    ])
            }
            // A HEAD answer has the headers of the GET one and never a body.
            return request.method == .head ? answer.response().createHeadResponse() : answer.response()
        }
    }
}
