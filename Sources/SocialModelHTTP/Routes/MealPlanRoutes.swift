import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// The signed-in user's body profile and the meal plan made from it.
    func addMealPlanRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("me/body-profile") { request, _ in
            guard let profile = try await mealSession(request).bodyProfile() else {
                throw MealPlanError.noBodyProfile
            }
            return try HTTPJSON.response(profile)
        }
        routes.put("me/body-profile") { request, _ in
            let me = try await mealSession(request)
            let profile = try await HTTPJSON.body(BodyProfile.self, of: request, limit: limits.jsonBodyBytes)
            try await me.setBodyProfile(profile)
            return try HTTPJSON.response(profile)
        }
        routes.get("me/meal-plan") { request, _ in
            try HTTPJSON.response(try await mealSession(request).mealPlan())
        }
    }

    /// The signed-in user's meal-plan services, from the request's bearer token.
    func mealSession(_ request: Request) async throws -> MealPlanSession {
        meals.session(try await session(request).account)
    }
}
