import Foundation
import SocialModel
import Testing

/// Many tasks writing the same rows at once: the counts a store keeps must come out exact, and a
/// unique rule must hold however the writes interleave.
enum ConcurrencyChecks {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Adds `count` users straight to the store.
    static func users(_ count: Int, in store: any SocialStore) async throws -> [User] {
        var users: [User] = []
        for index in 0..<count {
            let user = User(id: .random(), username: "fan\(index)", email: "fan\(index)@example.com", createdAt: start)
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            users.append(user)
        }
        return users
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.concurrency, "a thousand concurrent recipe likes leave exact counts") { h in
            let store = h.store
            let fans = try await users(250, in: store)
            var recipes: [Recipe] = []
            for index in 0..<4 {
                let recipe = Recipe(
                    id: .random(), authorID: fans[index].id, name: "Dish \(index)", preparationMinutes: 10,
                    ingredients: ["salt"], steps: ["cook"], createdAt: start.addingTimeInterval(Double(index)))
                try await store.insertRecipe(recipe, photos: [])
                recipes.append(recipe)
            }
            // 1,000 distinct likes, each sent twice at once: exactly one of each pair changes anything.
            let pairs = fans.flatMap { fan in recipes.map { (fan.id, $0.id) } }
            let changes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for (user, recipe) in pairs + pairs {
                    group.addTask {
                        try await store.setRecipeLike(recipeID: recipe, userID: user, liked: true, at: start)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(changes == 1_000)
            for recipe in recipes { #expect(try await store.recipe(id: recipe.id)?.likeCount == 250) }
            // Half the fans take their likes back, again twice each, while the rest like again.
            let leaving = Set(fans.prefix(125).map(\.id))
            let unlikes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for (user, recipe) in pairs + pairs {
                    let liked = !leaving.contains(user)
                    group.addTask {
                        try await store.setRecipeLike(recipeID: recipe, userID: user, liked: liked, at: start) && !liked
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(unlikes == 500)
            for recipe in recipes { #expect(try await store.recipe(id: recipe.id)?.likeCount == 125) }
            #expect(try await store.likedRecipeCount(userID: fans[0].id) == 0)
            #expect(try await store.likedRecipeCount(userID: fans[200].id) == 4)
        },
        ConformanceCheck(.concurrency, "a thousand concurrent follows leave exact counts and notifications") { h in
            let store = h.store
            let fans = try await users(1_001, in: store)
            let star = fans[0].id
            let followers = fans.dropFirst().map(\.id)
            // Every follow is sent twice at once, each with its own notification: one of each pair
            // changes anything and stores its notification, the other neither.
            let changes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for follower in followers + followers {
                    group.addTask {
                        let notice = NetworkNotification(
                            id: .random(), recipientID: star, actorID: follower, kind: .follow, createdAt: start)
                        return try await store.setFollow(
                            followerID: follower, followeeID: star, following: true, at: start, notification: notice)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(changes == 1_000)
            #expect(try await store.profileCounts(userID: star).followers == 1_000)
            #expect(try await store.unreadNotificationCount(recipientID: star) == 1_000)
            // Everyone also follows back at once while a third of them leave the star, taking
            // their follow's notification with them.
            let leaving = Set(followers.prefix(333))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for follower in followers {
                    group.addTask {
                        _ = try await store.setFollow(
                            followerID: star, followeeID: follower, following: true, at: start, notification: nil)
                        let notice = NetworkNotification(
                            id: .random(), recipientID: star, actorID: follower, kind: .follow, createdAt: start)
                        _ = try await store.setFollow(
                            followerID: follower, followeeID: star, following: !leaving.contains(follower), at: start,
                            notification: notice)
                    }
                }
                try await group.waitForAll()
            }
            let counts = try await store.profileCounts(userID: star)
            #expect(counts.followers == 1_000 - 333)
            #expect(counts.following == 1_000)
            #expect(try await store.unreadNotificationCount(recipientID: star) == 1_000 - 333)
        },
        ConformanceCheck(.concurrency, "racing inserts of one username leave one account") { h throws in
            let store = h.store
            let spellings = ["ana", "Ana", "ANA", "aNa", "anA"]
            let outcomes = await withTaskGroup(of: Result<Void, StoreError>.self) { group in
                for index in 0..<50 {
                    let user = User(
                        id: .random(), username: spellings[index % spellings.count], email: "ana\(index)@example.com",
                        createdAt: start)
                    group.addTask {
                        do throws(StoreError) {
                            try await store.insertUser(user, passwordHash: "h", identity: nil)
                            return .success(())
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: [Result<Void, StoreError>]()) { $0.append($1) }
            }
            #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
            for case .failure(let error) in outcomes { #expect(error == .duplicate(.username)) }
            #expect(try await store.user(usernameKey: "ana") != nil)
        },
    ]
}
