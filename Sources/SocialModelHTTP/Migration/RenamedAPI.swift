import SocialModel

// Compiler-error stubs for public API that 0.4.0 changed: old code fails to compile with a message
// that says what to write instead. None of them can be called.

extension SocialRoutes {
    /// Unavailable: the routes also serve recipes and meal plans.
    @available(
        *, unavailable, renamed: "init(network:recipes:meals:limits:trustedProxies:allowedOrigins:filterNames:)",
        message:
            "SocialRoutes also serves recipes and meal plans: pass the RecipeService and MealPlanService, e.g. SocialRoutes(network: network, recipes: recipes, meals: meals, limits: limits)"
    )
    public init(network: SocialNetwork, limits: SocialHTTPLimits = SocialHTTPLimits()) { fatalError("unavailable") }
}
