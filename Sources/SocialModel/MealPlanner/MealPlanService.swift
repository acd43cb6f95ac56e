/// Keeps each user's body profile and plans their meals from it.
public struct MealPlanService: Sendable {
    /// Where profiles are kept; the same store the account service uses.
    public let store: any SocialStore
    /// Resolves session tokens to users.
    public let accounts: AccountService
    /// The planner.
    public let planner: MealPlanner

    /// Creates the service over the same store as `accounts`.
    public init(store: any SocialStore, accounts: AccountService, planner: MealPlanner = MealPlanner()) {
        self.store = store
        self.accounts = accounts
        self.planner = planner
    }

    /// Sets the session's user's body profile after checking it.
    /// - Throws: ``MealPlanError/implausible(_:)`` listing every implausible value; nothing is stored.
    public func setBodyProfile(_ token: SecretToken, _ profile: BodyProfile) async throws(MealPlanError) {
        let user = try await user(token)
        let profile = try profile.validated()
        do {
            try await store.setBodyProfile(profile, userID: user.id)
        } catch {
            throw .storage(error)
        }
    }

    /// The session's user's body profile, if set.
    public func bodyProfile(_ token: SecretToken) async throws(MealPlanError) -> BodyProfile? {
        let user = try await user(token)
        do {
            return try await store.bodyProfile(userID: user.id)
        } catch {
            throw .storage(error)
        }
    }

    /// The meal plan for the session's user.
    /// - Throws: ``MealPlanError/noBodyProfile`` until a profile is set.
    public func mealPlan(_ token: SecretToken) async throws(MealPlanError) -> MealPlan {
        guard let profile = try await bodyProfile(token) else { throw .noBodyProfile }
        return try planner.plan(for: profile)
    }

    func user(_ token: SecretToken) async throws(MealPlanError) -> User {
        do {
            return try await accounts.authenticate(token)
        } catch {
            throw .account(error)
        }
    }
}
