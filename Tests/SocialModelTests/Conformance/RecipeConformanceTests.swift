import Foundation
import Imaging
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Recipes, likes and body profiles, on every store")
struct RecipeConformanceTests {
    static func draft(_ name: String, photo: Data? = nil) -> RecipeDraft {
        RecipeDraft(
            name: name, preparationMinutes: 25, ingredients: ["200 g chicken breast", "1 tbsp olive oil"],
            steps: ["Season the chicken.", "Roast at 200 °C for 20 minutes."], photo: photo)
    }

    /// Publishes `count` recipes one second apart, returning them oldest first.
    static func publish(_ count: Int, by session: SignedInSession, in h: Harness) async throws -> [Recipe] {
        var published: [Recipe] = []
        for index in 0..<count {
            published.append(try await h.recipes.publish(session.token, draft("Recipe \(index)")))
            h.clock.advance(by: 1)
        }
        return published
    }

    @Test(arguments: StoreKind.allCases)
    func listsArePaginatedTenPerPageNewestFirst(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("chef")
            let empty = try await h.recipes.page()
            #expect(empty.recipes.isEmpty && empty.pageCount == 1 && !empty.hasNextPage)
            let published = try await Self.publish(25, by: session, in: h)
            let newestFirst = Array(published.reversed())
            var seen: [Recipe] = []
            for number in 1...3 {
                let page = try await h.recipes.page(number)
                #expect(page.totalCount == 25 && page.pageCount == 3 && page.number == number)
                #expect(page.hasNextPage == (number < 3))
                seen += page.recipes
            }
            #expect(seen.map(\.id) == newestFirst.map(\.id))
            #expect(try await h.recipes.page(4).recipes.isEmpty)
            await #expect(throws: RecipeError.invalidPage(0)) { _ = try await h.recipes.page(0) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func mostLikedOrdersByLikesThenNewest(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let fans = [chef, try await h.signedIn("fan1"), try await h.signedIn("fan2")]
            let recipes = try await Self.publish(4, by: chef, in: h)
            for (recipe, likers) in zip(recipes, [1, 3, 0, 1]) {
                for fan in fans.prefix(likers) { try await h.recipes.like(fan.token, recipe.id) }
            }
            let page = try await h.recipes.page(1, order: .mostLiked)
            // 3 likes; then the two with 1 like, newest first; then none.
            #expect(page.recipes.map(\.id) == [recipes[1], recipes[3], recipes[0], recipes[2]].map(\.id))
            #expect(page.recipes.map(\.likeCount) == [3, 1, 1, 0])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func likesAreIdempotentAndListedPerUser(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let fan = try await h.signedIn("fan")
            let recipes = try await Self.publish(3, by: chef, in: h)
            #expect(try await h.recipes.like(fan.token, recipes[0].id).likeCount == 1)
            #expect(try await h.recipes.like(fan.token, recipes[0].id).likeCount == 1)
            h.clock.advance(by: 5)
            try await h.recipes.like(fan.token, recipes[2].id)
            #expect(try await h.recipes.detail(recipes[0].id, viewer: fan.token).likedByViewer)
            #expect(try await !h.recipes.detail(recipes[0].id, viewer: chef.token).likedByViewer)
            #expect(try await !h.recipes.detail(recipes[0].id).likedByViewer)

            let liked = try await h.recipes.likedPage(fan.token)
            #expect(liked.recipes.map(\.id) == [recipes[2].id, recipes[0].id])
            #expect(liked.totalCount == 2)

            #expect(try await h.recipes.unlike(fan.token, recipes[0].id).likeCount == 0)
            #expect(try await h.recipes.unlike(fan.token, recipes[0].id).likeCount == 0)
            #expect(try await h.recipes.likedPage(fan.token).recipes.map(\.id) == [recipes[2].id])
            await #expect(throws: RecipeError.notFound) { try await h.recipes.like(fan.token, RecipeID.random()) }
            await #expect(throws: RecipeError.account(.unauthorized)) {
                try await h.recipes.like(SecretToken(rawValue: "x"), recipes[0].id)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func detailsCarryTheRecipeAndItsAuthor(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let recipe = try await h.recipes.publish(
                chef.token,
                RecipeDraft(
                    name: "  Rice bowl ", preparationMinutes: 15, ingredients: ["rice", " \"quoted\" ' OR 1=1 -- "],
                    steps: ["Cook."]))
            let detail = try await h.recipes.detail(recipe.id)
            #expect(detail.recipe == recipe)
            #expect(detail.recipe.name == "Rice bowl")
            #expect(detail.recipe.ingredients == ["rice", "\"quoted\" ' OR 1=1 --"])
            #expect(detail.author?.id == chef.user.id)
            await #expect(throws: RecipeError.notFound) { _ = try await h.recipes.detail(RecipeID.random()) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func badDraftsListEveryRule(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
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
            ) {
                _ = try await h.recipes.publish(chef.token, draft)
            }
            #expect(try await h.recipes.page().totalCount == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlyTheAuthorDeletes(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let other = try await h.signedIn("other")
            let recipe = try await h.recipes.publish(chef.token, Self.draft("Mine"))
            try await h.recipes.like(other.token, recipe.id)
            await #expect(throws: RecipeError.forbidden) { try await h.recipes.delete(other.token, recipe.id) }
            try await h.recipes.delete(chef.token, recipe.id)
            await #expect(throws: RecipeError.notFound) { _ = try await h.recipes.detail(recipe.id) }
            #expect(try await h.recipes.likedPage(other.token).totalCount == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAnAccountTakesItsRecipesLikesAndProfile(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let fan = try await h.signedIn("fan")
            let kept = try await h.recipes.publish(fan.token, Self.draft("Fan's"))
            let gone = try await h.recipes.publish(chef.token, Self.draft("Chef's", photo: try Self.photo()))
            try await h.recipes.like(chef.token, kept.id)
            try await h.recipes.like(fan.token, gone.id)
            try await h.meals.setBodyProfile(chef.token, MealPlannerTests.man)

            try await h.accounts.deleteAccount(chef.token)
            #expect(try await h.store.recipe(id: gone.id) == nil)
            #expect(try await h.store.recipePhoto(recipeID: gone.id, size: 64) == nil)
            #expect(try await h.store.recipe(id: kept.id)?.likeCount == 0)
            #expect(try await h.store.bodyProfile(userID: chef.user.id) == nil)
            #expect(try await h.recipes.likedPage(fan.token).totalCount == 0)
            #expect(try await h.recipes.page().recipes.map(\.id) == [kept.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func bodyProfilesAreCheckedStoredAndPlanned(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("eater")
            await #expect(throws: MealPlanError.noBodyProfile) { _ = try await h.meals.mealPlan(session.token) }
            var implausible = MealPlannerTests.woman
            implausible.weightKilograms = 700
            await #expect(throws: MealPlanError.self) { try await h.meals.setBodyProfile(session.token, implausible) }
            #expect(try await h.meals.bodyProfile(session.token) == nil)

            try await h.meals.setBodyProfile(session.token, MealPlannerTests.woman)
            #expect(try await h.meals.bodyProfile(session.token) == MealPlannerTests.woman)
            let plan = try await h.meals.mealPlan(session.token)
            #expect(plan == (try MealPlanner().plan(for: MealPlannerTests.woman)))
            var changed = MealPlannerTests.woman
            changed.goal = .gainMuscle
            try await h.meals.setBodyProfile(session.token, changed)
            #expect(try await h.meals.bodyProfile(session.token)?.goal == .gainMuscle)
            await #expect(throws: MealPlanError.account(.unauthorized)) {
                _ = try await h.meals.mealPlan(SecretToken(rawValue: "nope"))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func emailSignInOffersRegistrationWithoutRevealingAccounts(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("known")
            let unknown = try await h.accounts.signInOrOfferRegistration(
                email: " New@Example.com", password: Harness.password, clientKey: "c")
            #expect(unknown == .registrationOffered(email: "new@example.com"))
            let wrong = try await h.accounts.signInOrOfferRegistration(
                email: "known@example.com", password: "Wrong-pass-123", clientKey: "c")
            #expect(wrong == .registrationOffered(email: "known@example.com"))
            guard
                case .signedIn(let session) = try await h.accounts.signInOrOfferRegistration(
                    email: "known@example.com", password: Harness.password, clientKey: "c")
            else {
                Issue.record("the right password did not sign in")
                return
            }
            #expect(session.user.username == "known")
        }
    }

    /// A 120×80 JPEG with a GPS position written into its EXIF by exiftool.
    static func photo() throws -> Data {
        try NetworkFixtures.geotaggedPhoto()
    }

    @Test(arguments: StoreKind.allCases)
    func photosAreSquareSizedAndStrippedOfGPS(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let original = try Self.photo()
            #expect(try Image(data: original).exifFields.keys.contains { $0.contains("GPS") })
            let recipe = try await h.recipes.publish(chef.token, Self.draft("Geo", photo: original))
            #expect(recipe.hasPhoto)
            for size in [64, 16] {
                let jpeg = try await h.recipes.photo(recipe.id, size: size)
                let image = try Image(data: jpeg)
                #expect(image.width == size && image.height == size)
                #expect(!image.exifFields.keys.contains { $0.contains("GPS") })
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            await #expect(throws: RecipeError.notFound) { _ = try await h.recipes.photo(recipe.id, size: 1080) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBadPhotoLeavesNoRecipe(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let chef = try await h.signedIn("chef")
            let jpeg = try Self.photo()
            for bad in [Data("not an image".utf8), jpeg.prefix(jpeg.count / 2)] {
                await #expect(throws: RecipeError.self) {
                    _ = try await h.recipes.publish(chef.token, Self.draft("Broken", photo: bad))
                }
            }
            #expect(try await h.recipes.page().totalCount == 0)
        }
    }
}
