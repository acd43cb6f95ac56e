import Foundation
import Hummingbird
import Logging
import SocialModel
import SocialModelHTTP
import SocialModelSQLite
import SocialModelTesting

/// A request context that needs no channel: the routes run in process, without a server.
public struct FuzzContext: RequestContext {
    /// What a context is made from: a logger only.
    public struct Source: RequestContextSource {
        /// The request's logger.
        public let logger: Logger
    }
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// A context for one request.
    /// - Parameter source: its logger.
    public init(source: Source) { coreContext = .init(source: source) }
}

/// Every route of `SocialRoutes` over an in-memory store and the mock photo processor, behind
/// the router middleware, with one signed-in user whose token the requests carry.
public final class RouteFixture: @unchecked Sendable {
    /// The router's responder.
    public let responder: any HTTPResponder<FuzzContext>
    /// The signed-in user's session token.
    public let token: String
    /// The `GET` operations of `openapi.json`: their path templates (`/users/{userID}`).
    public let getPaths: [String]
    let logger = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }

    /// Builds the routes and signs a user in.
    public init() {
        let (responder, token, paths) = Self.blocking {
            let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory())
            let member = try! await harness.signedIn("fuzz")
            let routes = SocialRoutes(
                network: harness.network, recipes: harness.recipes, meals: harness.meals,
                limits: SocialHTTPLimits(timeLimit: nil))
            let router = Router(context: FuzzContext.self)
            router.add(middleware: routes.routerMiddleware(context: FuzzContext.self))
            router.addRoutes(routes.collection(context: FuzzContext.self))
            let document = try! JSONSerialization.jsonObject(with: try! SocialRoutes.openAPIDocument())
            let operations = ((document as? [String: Any])?["paths"] as? [String: [String: Any]]) ?? [:]
            let paths = operations.filter { $0.value["get"] != nil && $0.key != "/live" }.map(\.key).sorted()
            return (router.buildResponder(), member.token.rawValue, paths)
        }
        self.responder = responder
        self.token = token
        getPaths = paths
    }

    /// Answers one request; returns its status.
    public func status(
        method: HTTPRequest.Method, path: String, headers: HTTPFields = [:], body: ByteBuffer = ByteBuffer()
    ) -> HTTPResponse.Status {
        var fields = headers
        fields[.authorization] = "Bearer \(token)"
        let head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: body))
        let context = FuzzContext(source: .init(logger: logger))
        return Self.blocking { [responder] in
            do {
                return try await responder.respond(to: request, context: context).status
            } catch let error as any HTTPResponseError {
                return error.status
            } catch {
                return .internalServerError
            }
        }
    }

    /// Runs `body` to its end from synchronous code (libFuzzer calls its target synchronously).
    static func blocking<T>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            result.value = await body()
            done.signal()
        }
        done.wait()
        return result.value!
    }
}

/// A value handed from a task to the thread waiting for it (written before the semaphore is signalled).
final class Outcome<T>: @unchecked Sendable {
    var value: T?
}
