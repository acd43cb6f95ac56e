import Foundation
import Hummingbird
import SocialModelAPI

/// What the routes need from the application's own router, in front of every request, matched or
/// not: CORS for the origins ``SocialRoutes/allowedOrigins`` names (preflight `OPTIONS` answered
/// `204`), and JSON answers in the API's error format for requests no route takes — `404
/// not-found` for an unknown path, `405 method-not-allowed` with `Allow` for a known path asked
/// with another method. Get it from ``SocialRoutes/routerMiddleware(context:atPath:)`` and add it
/// to the router before the routes:
///
/// ```swift
/// let router = Router()
/// router.add(middleware: routes.routerMiddleware(atPath: "/api"))
/// router.addRoutes(routes.collection(), atPath: "/api")
/// ```
public struct SocialRouterMiddleware<Context: RequestContext>: RouterMiddleware {
    let cors: CORSMiddleware<Context>?
    let allowedOrigins: Set<String>
    let table: RouteTable

    /// The response headers a page's script may read.
    static var exposedHeaders: String { "Location, ETag, Retry-After, WWW-Authenticate, Allow" }

    /// Answers CORS and unmatched requests, and passes the rest on.
    /// - Parameters:
    ///   - request: the request.
    ///   - context: its context.
    ///   - next: the rest of the router.
    /// - Returns: the response.
    /// - Throws: what `next` throws, except the router's not-found error, which is answered.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let cors, let origin = request.headers[.origin], allowedOrigins.contains(origin) {
            var response = try await cors.handle(request, context: context) { request, context in
                try await answeringUnmatched(request, context: context, next: next)
            }
            // CORSMiddleware names them on preflights only; a browser reads them from the response itself.
            if request.method != .options { response.headers[.accessControlExposeHeaders] = Self.exposedHeaders }
            return response
        }
        return try await answeringUnmatched(request, context: context, next: next)
    }

    /// `next`'s answer, with the router's not-found error (thrown only when no route takes the
    /// request: the routes answer their own errors) answered as JSON.
    func answeringUnmatched(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return AnswerLanguage.$current.withValue(AnswerLanguage.of(request)) { unmatched(request) }
        }
    }

    /// The JSON answer to a request no route takes.
    func unmatched(_ request: Request) -> Response {
        let allowed = table.methods(for: request.uri.path)
        guard !allowed.isEmpty else {
            return SocialAPIError.noRoute(request.method, request.uri.path).response()
        }
        var response = SocialAPIError.methodNotAllowed(request.method, allowed: allowed).response()
        response.headers[.allow] = allowed.joined(separator: ", ")
        return response
    }
}

extension SocialRoutes {
    /// The middleware the application's router needs in front of the routes: CORS for
    /// ``allowedOrigins`` and JSON `404`/`405` answers for requests no route takes.
    /// - Parameters:
    ///   - context: the request context of the application's router.
    ///   - path: where the routes are mounted, as given to `addRoutes(_:atPath:)`.
    /// - Returns: the middleware, for `Router.add(middleware:)` before the routes are added.
    public func routerMiddleware<Context: RequestContext>(
        context: Context.Type = BasicRequestContext.self, atPath path: String = ""
    ) -> SocialRouterMiddleware<Context> {
        let cors =
            allowedOrigins.isEmpty
            ? nil
            : CORSMiddleware<Context>(
                allowOrigin: .originBased,
                allowHeaders: [.accept, .authorization, .contentType, .ifNoneMatch, .secWebSocketProtocol],
                allowMethods: [.get, .head, .post, .put, .patch, .delete, .options],
                exposedHeaders: [SocialRouterMiddleware<Context>.exposedHeaders],
                maxAge: .seconds(600))
        return SocialRouterMiddleware(
            cors: cors, allowedOrigins: Set(allowedOrigins), table: RouteTable.documented(atPath: path))
    }
}

/// The documented operations as path templates and their methods, to tell an unknown path from
/// a known one asked with another method.
struct RouteTable: Sendable {
    /// Each path's segments (`nil` for a `{parameter}`) with its methods, upper case.
    let routes: [(segments: [String?], methods: [String])]

    /// The operations of ``SocialRoutes/openAPIDocument()`` (which a test holds equal to the routes
    /// served), mounted at `path`.
    static func documented(atPath path: String) -> RouteTable {
        let prefix = path.split(separator: "/").map { String?(String($0)) }
        guard let data = try? SocialRoutes.openAPIDocument(),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let paths = document["paths"] as? [String: [String: Any]]
        else { return RouteTable(routes: []) }
        let verbs = ["get", "head", "post", "put", "patch", "delete"]
        return RouteTable(
            routes: paths.map { template, item in
                let segments = template.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
                return (prefix + segments, verbs.filter { item[$0] != nil }.map { $0.uppercased() })
            })
    }

    /// The methods the routes take at `path`; empty when no route has that path.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var methods: [String] = []
        for route in routes where route.segments.count == segments.count {
            let matches = zip(route.segments, segments).allSatisfy { template, segment in
                template.map { $0 == segment } ?? !segment.isEmpty
            }
            if matches { methods += route.methods.filter { !methods.contains($0) } }
        }
        return methods
    }
}
