import Foundation
import SocialModel
import Synchronization

/// A store that keeps everything in memory, with the same behaviour as the SQLite store:
/// the same uniqueness, the same cascades, every method atomic. For tests and previews.
public final class InMemorySocialStore: Sendable {
    struct State {
        var users: [UserID: User] = [:]
        var userByKey: [String: UserID] = [:]
        var userByEmail: [String: UserID] = [:]
        var passwords: [UserID: String] = [:]
        var sessions: [Data: SessionRecord] = [:]
        var tokens: [Data: OneTimeTokenRecord] = [:]
        var links: [LinkKey: IdentityLink] = [:]
        var failedSignIns: [String: [Date]] = [:]
        var recipes: [RecipeID: Recipe] = [:]
        var recipePhotos: [RecipeID: [Int: RecipePhoto]] = [:]
        var likes: [RecipeID: [UserID: Date]] = [:]
        var bodyProfiles: [UserID: BodyProfile] = [:]
        var network = NetworkState()

        func requireUser(_ id: UserID) throws(StoreError) {
            guard users[id] != nil else { throw .missingReference }
        }

        /// A stored recipe with its current like count.
        func recipe(_ id: RecipeID) -> Recipe? {
            guard var recipe = recipes[id] else { return nil }
            recipe.likeCount = likes[id]?.count ?? 0
            return recipe
        }

        /// Removes a recipe with its photos and likes.
        mutating func removeRecipe(_ id: RecipeID) -> Bool {
            recipePhotos[id] = nil
            likes[id] = nil
            return recipes.removeValue(forKey: id) != nil
        }

        /// Removes everything of a user outside the account tables.
        mutating func removeContent(of id: UserID) {
            for recipe in recipes.values where recipe.authorID == id {
                _ = removeRecipe(recipe.id)
            }
            for recipeID in likes.keys {
                likes[recipeID]?[id] = nil
            }
            bodyProfiles[id] = nil
            network.removeUser(id)
        }
    }

    struct LinkKey: Hashable {
        var provider: String
        var subject: String
    }

    let state = Mutex(State())

    /// An empty store.
    public init() {}

    func withState<T>(_ body: (inout State) throws(StoreError) -> T) throws(StoreError) -> T {
        // Every body checks before it changes anything, so a refused call leaves no trace, as a
        // rolled-back transaction would.
        try state.withLock { (state: inout State) throws(StoreError) -> T in try body(&state) }
    }
}
