/// Keeps each user's body profile and plans their meals from it, through a ``MealPlanSession``.
public struct MealPlanService: Sendable {
    /// Where profiles are kept; usually the accounts' store.
    public let store: any BodyProfileStore
    /// Authenticates session tokens.
    public let accounts: AccountService
    /// The planner.
    public let planner: MealPlanner

    /// Creates the service.
    /// - Parameters:
    ///   - store: where body profiles are kept.
    ///   - accounts: authenticates session tokens.
    ///   - planner: the planner.
    public init(store: any BodyProfileStore, accounts: AccountService, planner: MealPlanner = MealPlanner()) {
        self.store = store
        self.accounts = accounts
        self.planner = planner
    }

    /// Authenticates a session token once, for a run of calls as its user.
    /// - Parameter token: the bearer token a sign-in returned.
    /// - Returns: the meal plans of that user.
    /// - Throws: ``MealPlanError/account(_:)`` with ``AccountError/unauthorized`` for an unknown,
    ///   revoked or expired token.
    public func session(_ token: SecretToken) async throws(MealPlanError) -> MealPlanSession {
        session(try await accounts.session(token, MealPlanError.account))
    }

    /// The meal plans of an account already authenticated.
    /// - Parameter account: a session from ``AccountService/session(_:)``.
    /// - Returns: the session.
    public func session(_ account: AccountSession) -> MealPlanSession {
        MealPlanSession(service: self, actor: account.user)
    }
}

/// One signed-in user's body profile and meal plan, from ``MealPlanService/session(_:)-(SecretToken)``.
public struct MealPlanSession: Sendable {
    let service: MealPlanService
    /// The signed-in user.
    public let actor: User

    /// Sets the user's body profile after checking it.
    /// - Parameter profile: the measurements.
    /// - Throws: ``MealPlanError/implausible(_:)`` listing every implausible value; nothing is stored.
    public func setBodyProfile(_ profile: BodyProfile) async throws(MealPlanError) {
        let profile = try profile.validated()
        do {
            try await service.store.setBodyProfile(profile, userID: actor.id)
        } catch {
            throw .storage(error)
        }
    }

    /// The user's body profile.
    /// - Returns: the profile, or `nil` if none was set.
    /// - Throws: ``MealPlanError/storage(_:)`` when the store fails.
    public func bodyProfile() async throws(MealPlanError) -> BodyProfile? {
        do {
            return try await service.store.bodyProfile(userID: actor.id)
        } catch {
            throw .storage(error)
        }
    }

    /// The user's meal plan.
    /// - Parameter equation: the basal-metabolic-rate equation; Harris–Benedict by default.
    /// - Returns: the plan.
    /// - Throws: ``MealPlanError/noBodyProfile`` until a profile is set.
    public func mealPlan(equation: BMREquation = .harrisBenedict) async throws(MealPlanError) -> MealPlan {
        guard let profile = try await bodyProfile() else { throw .noBodyProfile }
        return try service.planner.plan(for: profile, equation: equation)
    }
}
