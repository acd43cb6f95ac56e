import Foundation
import SocialModel
import Testing

/// A data export's own reads (`ExportStore`): one user's comments, post likes and recipes, oldest
/// first, page after page without overlap, and nothing left of what a deletion took away.
enum ExportChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.export, "a user's comments, likes and recipes are listed oldest first, a page at a time") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let posts = try await SocialChecks.publish(3, by: ben, in: h)
            var comments: [PostComment] = []
            for post in posts {
                comments.append(try await ana.posts.comment(postID: post.id, text: "on \(post.caption)"))
                _ = try await ben.posts.comment(postID: post.id, text: "ben's own")
                _ = try await ana.posts.like(postID: post.id)
                h.clock.advance(by: 1)
            }
            // Two at the same moment: the id breaks the tie, as the cursor does.
            let sameMoment = try await SocialChecks.publish(1, by: ben, in: h)[0]
            comments.append(try await ana.posts.comment(postID: sameMoment.id, text: "one"))
            comments.append(try await ana.posts.comment(postID: sameMoment.id, text: "two"))
            comments[3...].sort { $0.id.rawValue < $1.id.rawValue }

            let first = try await h.store.comments(by: ana.user.id, after: nil, limit: 2)
            let rest = try await h.store.comments(by: ana.user.id, after: first.last?.cursor, limit: 10)
            #expect((first + rest).map(\.id) == comments.map(\.id))
            #expect(try await h.store.comments(by: ana.user.id, after: comments.last?.cursor, limit: 10).isEmpty)

            let likes = try await h.store.postLikes(by: ana.user.id, after: nil, limit: 2)
            let moreLikes = try await h.store.postLikes(by: ana.user.id, after: likes.last?.cursor, limit: 10)
            #expect((likes + moreLikes).map(\.postID) == posts.map(\.id))
            #expect(try await h.store.postLikes(by: ben.user.id, after: nil, limit: 10).isEmpty)

            let recipes = try await RecipeChecks.publish(3, by: ana, in: h)
            _ = try await RecipeChecks.publish(1, by: ben, in: h)
            let firstRecipes = try await h.store.recipes(by: ana.user.id, after: nil, limit: 2)
            let cursor = firstRecipes.last.map { KeysetCursor(date: $0.createdAt, id: $0.id.rawValue) }
            let moreRecipes = try await h.store.recipes(by: ana.user.id, after: cursor, limit: 10)
            #expect((firstRecipes + moreRecipes).map(\.id) == recipes.map(\.id))
        },
        ConformanceCheck(.export, "a deleted post takes its comments and likes out of their authors' lists") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let posts = try await SocialChecks.publish(2, by: ben, in: h)
            for post in posts {
                _ = try await ana.posts.comment(postID: post.id, text: "hi")
                _ = try await ana.posts.like(postID: post.id)
            }
            try await ben.posts.delete(postID: posts[0].id)
            #expect(try await h.store.comments(by: ana.user.id, after: nil, limit: 10).map(\.postID) == [posts[1].id])
            #expect(try await h.store.postLikes(by: ana.user.id, after: nil, limit: 10).map(\.postID) == [posts[1].id])
        },
    ]
}
