import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

/// Blocks and mutes over HTTP: the authorization matrix's rows for blocked and muted users.
@Suite("Blocks and mutes over HTTP")
struct SafetyRoutesTests {
    @Test("a blocked user gets the not-found answer of a missing one; a muted user notices nothing")
    func blockedAndMuted() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let owner = try await client.signUp("owner", in: fixture)
            let blocked = try await client.signUp("blocked", in: fixture)
            let muted = try await client.signUp("muted", in: fixture)
            let post = try await client.publish(as: owner)
            let mutedPost = try await client.publish(as: muted)
            #expect(try await client.call(.put, "/users/\(muted.user.id)/follow", as: owner).status == .noContent)
            #expect(try await client.call(.put, "/users/\(owner.user.id)/follow", as: blocked).status == .noContent)
            #expect(try await client.call(.put, "/posts/\(post.id)/like", as: muted).status == .ok)

            #expect(try await client.call(.put, "/users/\(blocked.user.id)/block", as: owner).status == .noContent)
            let mute = try await client.call(.put, "/users/\(muted.user.id)/mute?notifications=1", as: owner)
            #expect(mute.status == .noContent)

            // The blocked user: every read and act on the owner answers as for no one at all.
            let missingUser = try await client.call(.get, "/users/usr_nobody", as: blocked)
            let missingPost = try await client.call(.get, "/posts/pst_nothing", as: blocked)
            let asMissingUser: [(HTTPRequest.Method, String)] = [
                (.get, "/users/\(owner.user.id)"), (.get, "/users/\(owner.user.id)/posts"),
                (.get, "/users/\(owner.user.id)/followers"), (.put, "/users/\(owner.user.id)/follow"),
                (.post, "/users/\(owner.user.id)/messages?text=hi"),
            ]
            let asMissingPost: [(HTTPRequest.Method, String)] = [
                (.get, "/posts/\(post.id)"), (.put, "/posts/\(post.id)/like"), (.get, "/posts/\(post.id)/comments"),
                (.get, "/posts/\(post.id)/likes"),
            ]
            for (rows, missing) in [(asMissingUser, missingUser), (asMissingPost, missingPost)] {
                for (method, path) in rows {
                    let response = try await client.call(method, path, as: blocked)
                    #expect(response.status == .notFound, "\(method) \(path)")
                    #expect(response.apiError?.code == missing.apiError?.code, "\(method) \(path)")
                    #expect(response.apiError?.entity == missing.apiError?.entity, "\(method) \(path)")
                }
            }
            let comment = try await client.call(
                .post, "/posts/\(post.id)/comments", as: blocked, json: CommentRequest(text: "hi"))
            #expect(comment.status == .notFound && comment.apiError?.entity == "post")
            let search = try await client.call(.get, "/users?prefix=own", as: blocked)
            #expect(try search.decoded(CursorPage<User, String>.self).items.isEmpty)
            // The block ended the blocked user's follow.
            let following = try await client.call(.get, "/users/\(blocked.user.id)/following", as: blocked)
            #expect(try following.decoded(CursorPage<DatedUser, KeysetCursor>.self).items.isEmpty)

            // The muted user sees the owner as before; the owner no longer sees them in feeds.
            #expect(try await client.call(.get, "/users/\(owner.user.id)", as: muted).status == .ok)
            #expect(try await client.call(.get, "/posts/\(post.id)", as: muted).status == .ok)
            let home = try await client.call(.get, "/feed/home", as: owner)
            #expect(try home.decoded(CursorPage<PostView, FeedCursor>.self).items.map(\.post.id) == [post.id])
            let notes = try await client.call(.get, "/notifications", as: owner)
            #expect(try notes.decoded(CursorPage<NetworkNotification, KeysetCursor>.self).items.isEmpty)
            #expect(try await client.call(.get, "/users/\(muted.user.id)/posts", as: owner).status == .ok)

            // The owner's lists.
            let blocks = try await client.call(.get, "/me/blocks?limit=1", as: owner)
            #expect(
                try blocks.decoded(CursorPage<DatedUser, KeysetCursor>.self).items.map(\.user.id) == [blocked.user.id])
            let mutes = try await client.call(.get, "/me/mutes", as: owner).decoded(CursorPage<Mute, KeysetCursor>.self)
            #expect(mutes.items.map(\.user.id) == [muted.user.id] && mutes.items[0].hidesNotifications)
            #expect(mutes.items[0].user.email == nil)

            // Bad input is refused with the API's errors.
            let badFlag = try await client.call(.put, "/users/\(muted.user.id)/mute?notifications=2", as: owner)
            #expect(badFlag.status == .badRequest && badFlag.apiError?.code == "invalid-parameter")
            let selfBlock = try await client.call(.put, "/users/\(owner.user.id)/block", as: owner)
            #expect(selfBlock.apiError?.code == "self-action")
            #expect(try await client.call(.put, "/users/usr_nobody/mute", as: owner).status == .notFound)

            // Ending both restores visibility, not the ended follow.
            #expect(try await client.call(.delete, "/users/\(blocked.user.id)/block", as: owner).status == .noContent)
            #expect(try await client.call(.delete, "/users/\(muted.user.id)/mute", as: owner).status == .noContent)
            #expect(try await client.call(.get, "/users/\(owner.user.id)", as: blocked).status == .ok)
            let after = try await client.call(.get, "/feed/home", as: owner).decoded(
                CursorPage<PostView, FeedCursor>.self)
            #expect(Set(after.items.map(\.post.id)) == [post.id, mutedPost.id])
            let refollow = try await client.call(.get, "/users/\(blocked.user.id)/following", as: blocked)
            #expect(try refollow.decoded(CursorPage<DatedUser, KeysetCursor>.self).items.isEmpty)
        }
    }
}
