import SocialClient
import SocialModel
import Testing

@Suite("SocialClient meal plan equation")
struct SocialClientMealPlanTests {
    @Test("mealPlan(equation:) asks the server for Mifflin–St Jeor; the default stays Harris–Benedict")
    func equation() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            // Mifflin et al. (1990) by hand: 10·60 + 6.25·165 − 5·30 − 161 = 1320.25 kcal; light (1.5)
            // gives 1980.375, plus the muscle-gain surplus of 360 a day of 2340.375.
            let profile = BodyProfile(
                sex: .female, weightKilograms: 60, heightCentimeters: 165, ageYears: 30, activity: .light,
                goal: .gainMuscle)
            try await ada.setBodyProfile(profile)
            let plan = try await ada.mealPlan(equation: .mifflinStJeor)
            #expect(plan.equation == .mifflinStJeor && plan.basalMetabolicRate == 1320.25)
            #expect(abs(plan.maintenanceEnergy - 1980.375) < 1e-9 && abs(plan.dailyEnergy - 2340.375) < 1e-9)
            #expect(try await ada.mealPlan().equation == .harrisBenedict)
            #expect(try await ada.mealPlan() == (try harness.meals.planner.plan(for: profile)))
        }
    }
}
