import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// Recipes, their likes and photos, and body profiles.
enum RecipeChecks {
    static func draft(_ name: String, photo: Data? = nil) -> RecipeDraft {
        RecipeDraft(
            name: name, preparationMinutes: 25, ingredients: ["200 g chicken breast", "1 tbsp olive oil"],
            steps: ["Season the chicken.", "Roast at 200 °C for 20 minutes."], photo: photo)
    }

    /// Publishes `count` recipes one second apart, returning them oldest first.
    static func publish(_ count: Int, by member: SocialTestHarness.Member, in h: SocialTestHarness) async throws
        -> [Recipe]
    {
        var published: [Recipe] = []
        for index in 0..<count {
            published.append(try await member.recipes.publish(draft("Recipe \(index)")))
            h.clock.advance(by: 1)
        }
        return published
    }

    static let woman = BodyProfile(
        sex: .female, weightKilograms: 60, heightCentimeters: 165, ageYears: 30, activity: .moderate, goal: .loseWeight)

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.recipes, "lists are paginated ten per page, newest first") { h in
            let chef = try await h.signedIn("chef")
            let empty = try await h.recipes.page()
            #expect(empty.recipes.isEmpty && empty.pageCount == 1 && !empty.hasNextPage)
            let published = try await publish(25, by: chef, in: h)
            var seen: [Recipe] = []
            for number in 1...3 {
                let page = try await h.recipes.page(number)
                #expect(page.totalCount == 25 && page.pageCount == 3 && page.number == number)
                #expect(page.hasNextPage == (number < 3))
                seen += page.recipes
            }
            #expect(seen.map(\.id) == published.reversed().map(\.id))
            #expect(try await h.recipes.page(4).recipes.isEmpty)
            await #expect(throws: RecipeError.invalidPage(0)) { _ = try await h.recipes.page(0) }
        },
        ConformanceCheck(.recipes, "most liked orders by likes, then newest") { h in
            let chef = try await h.signedIn("chef")
            let fans = [chef, try await h.signedIn("fan1"), try await h.signedIn("fan2")]
            let recipes = try await publish(4, by: chef, in: h)
            for (recipe, likers) in zip(recipes, [1, 3, 0, 1]) {
                for fan in fans.prefix(likers) { try await fan.recipes.like(recipeID: recipe.id) }
            }
            let page = try await h.recipes.page(1, order: .mostLiked)
            #expect(page.recipes.map(\.id) == [recipes[1], recipes[3], recipes[0], recipes[2]].map(\.id))
            #expect(page.recipes.map(\.likeCount) == [3, 1, 1, 0])
        },
        ConformanceCheck(.recipes, "likes are idempotent and listed per user") { h in
            let chef = try await h.signedIn("chef")
            let fan = try await h.signedIn("fan")
            let recipes = try await publish(3, by: chef, in: h)
            #expect(try await fan.recipes.like(recipeID: recipes[0].id).likeCount == 1)
            #expect(try await fan.recipes.like(recipeID: recipes[0].id).likeCount == 1)
            h.clock.advance(by: 5)
            try await fan.recipes.like(recipeID: recipes[2].id)
            #expect(try await fan.recipes.detail(recipeID: recipes[0].id).likedByViewer)
            #expect(try await !chef.recipes.detail(recipeID: recipes[0].id).likedByViewer)
            #expect(try await !h.recipes.detail(recipeID: recipes[0].id).likedByViewer)

            let liked = try await fan.recipes.likedPage()
            #expect(liked.recipes.map(\.id) == [recipes[2].id, recipes[0].id] && liked.totalCount == 2)
            #expect(try await fan.recipes.unlike(recipeID: recipes[0].id).likeCount == 0)
            #expect(try await fan.recipes.unlike(recipeID: recipes[0].id).likeCount == 0)
            #expect(try await fan.recipes.likedPage().recipes.map(\.id) == [recipes[2].id])
            await #expect(throws: RecipeError.notFound) { try await fan.recipes.like(recipeID: RecipeID.random()) }
            await #expect(throws: RecipeError.account(.unauthorized)) {
                _ = try await h.recipes.session(SecretToken(rawValue: "x"))
            }
        },
        ConformanceCheck(.recipes, "details carry the recipe and its author, without the author's email") { h in
            let chef = try await h.signedIn("chef")
            let recipe = try await chef.recipes.publish(
                RecipeDraft(
                    name: "  Rice bowl ", preparationMinutes: 15, ingredients: ["rice", " \"quoted\" ' OR 1=1 -- "],
                    steps: ["Cook."]))
            let detail = try await h.recipes.detail(recipeID: recipe.id)
            #expect(detail.recipe == recipe && detail.recipe.name == "Rice bowl")
            #expect(detail.recipe.ingredients == ["rice", "\"quoted\" ' OR 1=1 --"])
            #expect(detail.author?.id == chef.user.id && detail.author?.email == nil)
            await #expect(throws: RecipeError.notFound) { _ = try await h.recipes.detail(recipeID: RecipeID.random()) }
        },
        ConformanceCheck(.recipes, "a bad draft lists every rule it breaks and stores nothing") { h in
            let chef = try await h.signedIn("chef")
            let draft = RecipeDraft(
                name: String(repeating: "n", count: 101), preparationMinutes: 0, ingredients: [],
                steps: Array(repeating: "a\u{0}b", count: 41))
            await #expect(
                throws: RecipeError.invalid([
                    RecipeViolation(.name, .tooLong(maximum: 100)),
                    RecipeViolation(.preparationMinutes, .outOfRange(minimum: 1, maximum: 2880)),
                    RecipeViolation(.ingredients, .tooShort(minimum: 1)),
                    RecipeViolation(.steps, .tooManyEntries(maximum: 40)),
                    RecipeViolation(.steps, .forbiddenCharacters(allowed: "printable characters")),
                ])
            ) { _ = try await chef.recipes.publish(draft) }
            #expect(try await h.recipes.page().totalCount == 0)
        },
        ConformanceCheck(.recipes, "only the author deletes a recipe") { h in
            let chef = try await h.signedIn("chef")
            let other = try await h.signedIn("other")
            let recipe = try await chef.recipes.publish(draft("Mine"))
            try await other.recipes.like(recipeID: recipe.id)
            await #expect(throws: RecipeError.forbidden) { try await other.recipes.delete(recipeID: recipe.id) }
            try await chef.recipes.delete(recipeID: recipe.id)
            await #expect(throws: RecipeError.notFound) { _ = try await h.recipes.detail(recipeID: recipe.id) }
            #expect(try await other.recipes.likedPage().totalCount == 0)
        },
        ConformanceCheck(.recipes, "photos are stored at each size, and a bad photo leaves no recipe") { h in
            let chef = try await h.signedIn("chef")
            let recipe = try await chef.recipes.publish(
                draft("Photo", photo: MockPhotoProcessor.photo(width: 120, height: 80)))
            #expect(recipe.hasPhoto)
            for size in [64, 16] {
                let jpeg = try await h.recipes.photo(recipeID: recipe.id, size: size)
                #expect(MockPhotoProcessor.dimensions(of: jpeg).map { [$0.width, $0.height] } == [size, size])
            }
            await #expect(throws: RecipeError.notFound) {
                _ = try await h.recipes.photo(recipeID: recipe.id, size: 1080)
            }
            await #expect(throws: RecipeError.self) {
                _ = try await chef.recipes.publish(draft("Broken", photo: Data("not an image".utf8)))
            }
            #expect(try await h.recipes.page().totalCount == 1)
        },
        ConformanceCheck(.recipes, "deleting an account takes its recipes, likes and body profile") { h in
            let chef = try await h.signedIn("chef")
            let fan = try await h.signedIn("fan")
            let kept = try await fan.recipes.publish(draft("Fan's"))
            let gone = try await chef.recipes.publish(
                draft("Chef's", photo: MockPhotoProcessor.photo(width: 120, height: 80)))
            try await chef.recipes.like(recipeID: kept.id)
            try await fan.recipes.like(recipeID: gone.id)
            try await chef.meals.setBodyProfile(woman)

            try await chef.account.deleteAccount()
            #expect(try await h.store.recipe(id: gone.id) == nil)
            #expect(try await h.store.recipePhoto(recipeID: gone.id, size: 64) == nil)
            #expect(try await h.store.recipe(id: kept.id)?.likeCount == 0)
            #expect(try await h.store.bodyProfile(userID: chef.user.id) == nil)
            #expect(try await fan.recipes.likedPage().totalCount == 0)
            #expect(try await h.recipes.page().recipes.map(\.id) == [kept.id])
        },
        ConformanceCheck(.recipes, "body profiles are checked, stored and planned from") { h in
            let eater = try await h.signedIn("eater")
            await #expect(throws: MealPlanError.noBodyProfile) { _ = try await eater.meals.mealPlan() }
            var implausible = woman
            implausible.weightKilograms = 700
            await #expect(throws: MealPlanError.self) { try await eater.meals.setBodyProfile(implausible) }
            #expect(try await eater.meals.bodyProfile() == nil)
            try await eater.meals.setBodyProfile(woman)
            #expect(try await eater.meals.bodyProfile() == woman)
            #expect(try await eater.meals.mealPlan() == (try MealPlanner().plan(for: woman)))
            var changed = woman
            changed.goal = .gainMuscle
            try await eater.meals.setBodyProfile(changed)
            #expect(try await eater.meals.bodyProfile()?.goal == .gainMuscle)
            await #expect(throws: MealPlanError.account(.unauthorized)) {
                _ = try await h.meals.session(SecretToken(rawValue: "nope"))
            }
        },
    ]
}
