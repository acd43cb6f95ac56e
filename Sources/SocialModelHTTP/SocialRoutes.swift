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
    /// The request body limits.
    public let limits: SocialHTTPLimits

    /// Routes over `network`.
    /// - Parameters:
    ///   - network: the social network; its `SocialNetwork.accounts` serves the account routes.
    ///   - recipes: the recipes, usually over the same store and accounts.
    ///   - meals: the body profiles and meal plans, usually over the same store and accounts.
    ///   - limits: the request body limits.
    public init(
        network: SocialNetwork, recipes: RecipeService, meals: MealPlanService,
        limits: SocialHTTPLimits = SocialHTTPLimits()
    ) {
        self.network = network
        self.recipes = recipes
        self.meals = meals
        self.limits = limits
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
        addAccountRoutes(to: routes)
        addProfileRoutes(to: routes)
        addPostRoutes(to: routes)
        addFeedRoutes(to: routes)
        addNotificationRoutes(to: routes)
        addMessageRoutes(to: routes)
        addRecipeRoutes(to: routes)
        addMealPlanRoutes(to: routes)
        return routes
    }

    /// The signed-in user's services, from the request's bearer token.
    func session(_ request: Request) async throws -> NetworkSession {
        try await network.session(BearerToken.required(in: request))
    }
}
