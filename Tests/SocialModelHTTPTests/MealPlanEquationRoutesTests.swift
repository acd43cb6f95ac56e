import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelTesting
import Testing

@Suite("Meal plan equation route")
struct MealPlanEquationRoutesTests {
    @Test("equation picks the BMR equation; Harris–Benedict by default; another value is 400 invalid-parameter")
    func equationParameter() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            // Mifflin et al. (1990) by hand: 10·80 + 6.25·180 − 5·40 + 5 = 1730 kcal.
            let profile = BodyProfile(
                sex: .male, weightKilograms: 80, heightCentimeters: 180, ageYears: 40, activity: .none,
                goal: .loseWeight)
            #expect(try await client.call(.put, "/me/body-profile", as: ada, json: profile).status == .ok)

            let mifflin = try await client.call(.get, "/me/meal-plan?equation=mifflin-st-jeor", as: ada)
                .decoded(MealPlan.self)
            #expect(mifflin.equation == .mifflinStJeor && mifflin.basalMetabolicRate == 1730)
            #expect(mifflin.energyAdjustment == -500 && abs(mifflin.dailyEnergy - 1922) < 1e-9)

            let standard = try await client.call(.get, "/me/meal-plan", as: ada).decoded(MealPlan.self)
            #expect(standard.equation == .harrisBenedict)
            #expect(standard == (try fixture.harness.meals.planner.plan(for: profile)))
            let named = try await client.call(.get, "/me/meal-plan?equation=harris-benedict", as: ada)
            #expect(try named.decoded(MealPlan.self) == standard)

            for value in ["katch-mcardle", "", "Mifflin-St-Jeor"] {
                let refused = try await client.call(.get, "/me/meal-plan?equation=\(value)", as: ada)
                #expect(refused.status == .badRequest && refused.apiError?.code == "invalid-parameter", "\(value)")
                #expect(refused.apiError?.message == "equation must be harris-benedict or mifflin-st-jeor")
            }
            #expect(try await client.call(.get, "/me/meal-plan?equation=mifflin-st-jeor").status == .unauthorized)
        }
    }
}
