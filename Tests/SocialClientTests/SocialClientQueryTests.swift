import Foundation
import SocialClient
import SocialModel
import SocialModelAPI
import SocialModelMocks
import Testing

/// What the client sends in the query arrives as it was given, and the newer routes are reachable.
@Suite("SocialClient queries and cursors")
struct SocialClientQueryTests {
    @Test("a plus, an ampersand and spaces in query text arrive as given")
    func plusInQueryText() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            let caption = "1+1 = 2 & a+b, 100% sure"
            let post = try await ada.publish(photo: MockPhotoProcessor.photo(width: 400, height: 300), caption: caption)
            #expect(post.caption == caption)
            #expect(try await client.filterNames() == [])
        }
    }

    @Test("recipes page by cursor, and a cursor of another list is refused")
    func recipeCursors() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            for index in 0..<11 {
                _ = try await ada.publishRecipe(
                    RecipeDraft(name: "Bowl \(index)", preparationMinutes: 10, ingredients: ["rice"], steps: ["Cook."]))
            }
            let first = try await ada.recipes(order: .mostLiked)
            let next = try #require(first.next)
            let second = try await ada.recipes(after: next)
            #expect(second.number == 2 && second.recipes.count == 1 && second.next == nil)
            #expect(Set((first.recipes + second.recipes).map(\.id)).count == 11)
            await #expect(throws: SocialClientError.self) { try await ada.likedRecipes(after: next) }
        }
    }
}
