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
            let equation = try Self.equation(RequestQuery(request: request))
            return try HTTPJSON.response(try await mealSession(request).mealPlan(equation: equation))
        }
    }

    /// The `equation` query parameter (`harris-benedict`, the default, or `mifflin-st-jeor`).
    /// - Throws: `400 invalid-parameter` for another value.
    static func equation(_ query: RequestQuery) throws(SocialAPIError) -> BMREquation {
        guard let text = query.string("equation") else { return .harrisBenedict }
        guard let equation = BMREquation(rawValue: text) else {
            throw .invalidParameter("equation", expected: "bmrEquation")
        }
        return equation
    }

    /// The signed-in user's meal-plan services, from the request's bearer token.
    func mealSession(_ request: Request) async throws -> MealPlanSession {
        meals.session(try await session(request).account)
    }
}
