import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelTesting
import Testing

@Suite("Meal plan and password routes")
struct MealPlanRoutesTests {
    @Test("no profile is not-found; an implausible one lists every value; a stored one gives the plan")
    func bodyProfileAndPlan() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            for path in ["/me/body-profile", "/me/meal-plan"] {
                let missing = try await client.call(.get, path, as: ada)
                #expect(missing.status == .notFound && missing.apiError?.entity == "body-profile", "\(path)")
            }
            let implausible = BodyProfile(
                sex: .female, weightKilograms: 12, heightCentimeters: 500, ageYears: 7, activity: .light,
                goal: .loseWeight)
            let refused = try await client.call(.put, "/me/body-profile", as: ada, json: implausible)
            #expect(refused.status == .unprocessableContent)
            let violations = refused.apiError?.violations ?? []
            #expect(Set(violations.map(\.field)) == ["weight", "height", "age"])
            let age = violations.first { $0.field == "age" }
            #expect(age?.minimum == 15 && age?.maximum == 100)
            #expect(try await client.call(.get, "/me/body-profile", as: ada).status == .notFound)

            let profile = BodyProfile(
                sex: .female, weightKilograms: 62, heightCentimeters: 168, ageYears: 34, activity: .moderate,
                goal: .gainMuscle)
            #expect(
                try await client.call(.put, "/me/body-profile", as: ada, json: profile).decoded(BodyProfile.self)
                    == profile)
            #expect(try await client.call(.get, "/me/body-profile", as: ada).decoded(BodyProfile.self) == profile)
            let plan = try await client.call(.get, "/me/meal-plan", as: ada).decoded(MealPlan.self)
            #expect(plan == (try fixture.harness.meals.planner.plan(for: profile)))
        }
    }

    @Test("a password change needs the current password, keeps this session and ends the others")
    func passwordChange() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let other = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "ada@example.com", password: SocialTestHarness.password)
            ).decoded(SessionResponse.self)
            let wrong = try await client.call(
                .put, "/me/password", as: ada, json: PasswordChangeRequest(current: "wrong", new: "Another-horse-42"))
            #expect(wrong.status == .forbidden && wrong.apiError?.code == "invalid-credentials")
            let weak = try await client.call(
                .put, "/me/password", as: ada,
                json: PasswordChangeRequest(current: SocialTestHarness.password, new: "x"))
            #expect(weak.apiError?.code == "invalid" && weak.apiError?.violations?.first?.field == "password")
            let changed = try await client.call(
                .put, "/me/password", as: ada,
                json: PasswordChangeRequest(current: SocialTestHarness.password, new: "Another-horse-42"))
            #expect(changed.status == .noContent)
            #expect(try await client.call(.get, "/me", as: ada).status == .ok)
            #expect(
                try await client.call(.get, "/me", headers: [.authorization: "Bearer \(other.token)"]).status
                    == .unauthorized)
            let signIn = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "ada@example.com", password: "Another-horse-42"))
            #expect(signIn.status == .created)

            #expect(try await client.call(.delete, "/sessions", as: ada).status == .noContent)
            #expect(try await client.call(.get, "/me", as: ada).status == .unauthorized)
            let later = try signIn.decoded(SessionResponse.self)
            #expect(
                try await client.call(.get, "/me", headers: [.authorization: "Bearer \(later.token)"]).status
                    == .unauthorized)
        }
    }
}
