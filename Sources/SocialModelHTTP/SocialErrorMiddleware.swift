import Hummingbird
import NIOHTTP1
import SocialModelAPI

/// Turns whatever a route throws into its JSON `SocialAPIError` answer, logging server-side
/// failures (with the error itself, which the client is not shown) on the request's logger.
/// The message is in the language of the request's `Accept-Language` (English, Slovak or Czech;
/// ``AnswerLanguage``), named in `Content-Language`; the `code` is the same in every language.
/// A broken HTTP framing goes on to Hummingbird, which answers 400 and closes the connection.
struct SocialErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // Errors made while the request is handled (wherever thrown) and its answer are in its language.
        try await AnswerLanguage.$current.withValue(AnswerLanguage.of(request)) {
            try await answering(request, context: context, next: next)
        }
    }

    private func answering(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
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
            let answer = SocialAPIError(error)
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
