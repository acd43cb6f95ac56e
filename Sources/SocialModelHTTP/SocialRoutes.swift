import Hummingbird
import SocialModel

/// SocialModel's network face as Hummingbird 2 routes, which a user mounts into their own
/// application under any path:
///
/// ```swift
/// let routes = SocialRoutes(network: network, recipes: recipes, meals: meals)
/// let router = Router()
/// router.addRoutes(routes.collection(), atPath: "/api")
/// ```
///
/// Signed-in calls carry the token a sign-in returned as `Authorization: Bearer <token>`.
/// Failures answer with a JSON `SocialAPIError` whose `code` is stable. The routes served are
/// exactly those in ``openAPIDocument()``.
public struct SocialRoutes: Sendable {
    /// The services the routes call.
    public let network: SocialNetwork
    /// The recipes the recipe routes serve.
    public let recipes: RecipeService
    /// The body profiles and meal plans the meal-plan routes serve.
    public let meals: MealPlanService
    /// The data exports the `/me/export` routes serve, or `nil` when the server makes none (they
    /// then answer `404 not-found`, entity `export`).
    public let exports: DataExports?
    /// The request limits.
    public let limits: SocialHTTPLimits
    /// The web origins (such as `https://app.example.com`) whose pages may call the routes from
    /// a browser; none unless said otherwise. ``routerMiddleware(context:atPath:)`` answers their
    /// CORS preflights and marks their responses.
    public let allowedOrigins: [String]
    /// The names of the filters a post's photo may use, as `GET /filters` lists them.
    public let filterNames: @Sendable () -> [String]
    /// Where requests come from, for rate limits.
    let clientAddress: ClientAddress
    /// Shared by every collection of these routes, so all of a client's calls count together.
    let rateLimiter: ClientRateLimiter?

    /// Routes over `network`.
    /// - Parameters:
    ///   - network: the social network; its `SocialNetwork.accounts` serves the account routes.
    ///   - recipes: the recipes, usually over the same store and accounts.
    ///   - meals: the body profiles and meal plans, usually over the same store and accounts.
    ///   - exports: users' data exports over the same services, or `nil` for none.
    ///   - limits: the request limits.
    ///   - trustedProxies: the IP addresses of proxies in front of the server (such as nginx on
    ///     loopback) whose `X-Forwarded-For` names the client; from anyone else it is ignored.
    ///   - allowedOrigins: the web origins whose pages may call the routes from a browser (CORS),
    ///     each as scheme, host and port, such as `https://app.example.com`.
    ///   - filterNames: the names of the filters the network's photo processor applies, read on
    ///     each `GET /filters` (for FilmKit's, `{ registry.names }` of the processor's registry); none
    ///     unless said otherwise.
    public init(
        network: SocialNetwork, recipes: RecipeService, meals: MealPlanService, exports: DataExports? = nil,
        limits: SocialHTTPLimits = SocialHTTPLimits(), trustedProxies: Set<String> = [],
        allowedOrigins: [String] = [], filterNames: @escaping @Sendable () -> [String] = { [] }
    ) {
        self.allowedOrigins = allowedOrigins
        self.filterNames = filterNames
        self.network = network
        self.recipes = recipes
        self.meals = meals
        self.exports = exports
        self.limits = limits
        clientAddress = ClientAddress(trustedProxies: trustedProxies)
        // The accounts' clock, so tests move rate limits on with the rest of the network.
        rateLimiter = limits.rateLimit.map { ClientRateLimiter(limit: $0, clock: network.accounts.clock) }
    }

    /// The routes, ready for `RouterMethods.addRoutes(_:atPath:)`. Every route answers its
    /// failures as JSON errors.
    /// - Parameter context: the request context of the application they are mounted in.
    /// - Returns: the route collection.
    public func collection<Context: RequestContext>(context: Context.Type = BasicRequestContext.self)
        -> RouteCollection<Context>
    {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: SocialErrorMiddleware<Context>())
        routes.add(middleware: limitsMiddleware(Context.self))
        addAccountRoutes(to: routes)
        addIdentityRoutes(to: routes)
        addProfileRoutes(to: routes)
        addPostRoutes(to: routes)
        addShareLinkRoutes(to: routes)
        addFeedRoutes(to: routes)
        addHashtagRoutes(to: routes)
        addNotificationRoutes(to: routes)
        addMessageRoutes(to: routes)
        addSafetyRoutes(to: routes)
        addModerationRoutes(to: routes)
        addRecipeRoutes(to: routes)
        addMealPlanRoutes(to: routes)
        addExportRoutes(to: routes)
        return routes
    }

    /// The rate and time limits in front of every route.
    func limitsMiddleware<Context: RequestContext>(_ context: Context.Type) -> ClientLimitsMiddleware<Context> {
        ClientLimitsMiddleware(
            limiter: rateLimiter, address: clientAddress, timeLimit: limits.timeLimit,
            bodyReadTimeout: limits.bodyReadTimeout)
    }

    /// A route answering `GET`, and `HEAD` with the same status and headers and no body.
    func getAndHead<Context: RequestContext>(
        _ path: RouterPath, on routes: RouteCollection<Context>,
        use handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        routes.get(path, use: handler)
        routes.head(path) { request, context in try await handler(request, context).createHeadResponse() }
    }

    /// The signed-in user's services, from the request's bearer token.
    func session(_ request: Request) async throws -> NetworkSession {
        try await network.session(BearerToken.required(in: request))
    }
}
