import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

@Suite("Recipe routes")
struct RecipeRoutesTests {
    static func draft(_ name: String, photo: Data? = nil) -> RecipeDraft {
        RecipeDraft(
            name: name, preparationMinutes: 25, ingredients: ["200 g chicken breast", "80 g rice"],
            steps: ["Cook the rice.", "Grill the chicken."], photo: photo)
    }

    @Test("publish with a photo, pages, detail, likes, the liked page, the photo, deletion")
    func lifecycle() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let published = try await client.call(
                .post, "/recipes", as: ada,
                json: Self.draft("Rice bowl", photo: MockPhotoProcessor.photo(width: 90, height: 90)))
            #expect(published.status == .created)
            let bowl = try published.decoded(Recipe.self)
            #expect(bowl.hasPhoto && bowl.authorID == ada.user.id)
            let plain = try await client.call(.post, "/recipes", as: ada, json: Self.draft("Plain rice"))
                .decoded(Recipe.self)

            let page = try await client.call(.get, "/recipes?page=1&order=newest", as: bo).decoded(RecipePage.self)
            #expect(page.totalCount == 2 && page.pageCount == 1 && Set(page.recipes.map(\.id)) == [bowl.id, plain.id])
            let liked = try await client.call(.put, "/recipes/\(bowl.id)/like", as: bo).decoded(Recipe.self)
            #expect(liked.likeCount == 1)
            let mostLiked = try await client.call(.get, "/recipes?order=most-liked", as: bo).decoded(RecipePage.self)
            #expect(mostLiked.recipes.first?.id == bowl.id)
            let detail = try await client.call(.get, "/recipes/\(bowl.id)", as: bo).decoded(RecipeDetail.self)
            #expect(detail.likedByViewer && detail.author?.id == ada.user.id && detail.author?.email == nil)
            let likedPage = try await client.call(.get, "/me/liked-recipes", as: bo).decoded(RecipePage.self)
            #expect(likedPage.recipes.map(\.id) == [bowl.id])
            #expect(
                try await client.call(.delete, "/recipes/\(bowl.id)/like", as: bo).decoded(Recipe.self).likeCount == 0)

            let photo = try await client.call(.get, "/recipes/\(bowl.id)/photo/64")
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg")
            #expect(try await client.call(.get, "/recipes/\(bowl.id)/photo/65").status == .notFound)
            #expect(try await client.call(.get, "/recipes/\(plain.id)/photo/64").status == .notFound)

            #expect(try await client.call(.delete, "/recipes/\(bowl.id)", as: ada).status == .noContent)
            let gone = try await client.call(.get, "/recipes/\(bowl.id)", as: bo)
            #expect(gone.status == .notFound && gone.apiError?.entity == "recipe")
        }
    }

    @Test("refused recipes and parameters list their rules and store nothing")
    func refused() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            var bad = Self.draft(String(repeating: "x", count: 101))
            bad.preparationMinutes = 0
            bad.steps = []
            let invalid = try await client.call(.post, "/recipes", as: ada, json: bad)
            #expect(invalid.status == .unprocessableContent && invalid.apiError?.code == "invalid")
            let fields = Set(invalid.apiError?.violations?.map(\.field) ?? [])
            #expect(fields == ["name", "preparationMinutes", "steps"])
            let unusable = try await client.call(
                .post, "/recipes", as: ada, json: Self.draft("Bowl", photo: Data("junk".utf8)))
            #expect(unusable.apiError?.code == "photo-unusable")
            #expect(try await client.call(.get, "/recipes?page=0", as: ada).apiError?.code == "invalid-parameter")
            #expect(try await client.call(.get, "/recipes?order=oldest", as: ada).apiError?.code == "invalid-parameter")
            #expect(try await client.call(.get, "/recipes", as: ada).decoded(RecipePage.self).totalCount == 0)
        }
    }
}
