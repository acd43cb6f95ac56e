import Foundation
import SocialModel
import Testing

/// Blocks and mutes: what they hide, from whom, and how they end. Each feed and notification
/// rule here is the one SQL predicate both SQL stores share, so changing it breaks these checks
/// on every store alike.
enum SafetyChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.safety, "a block hides each user from the other as if they did not exist") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let post = try await SocialChecks.publish(1, by: ana, in: h)[0]
            let bensPost = try await SocialChecks.publish(1, by: ben, in: h)[0]
            try await ana.safety.block(userID: ben.user.id)
            for (viewer, other, otherPost) in [(ben, ana, post), (ana, ben, bensPost)] {
                try await expectNotFound(.user) { _ = try await viewer.profiles.profile(userID: other.user.id) }
                try await expectNotFound(.user) { _ = try await viewer.feed.posts(authorID: other.user.id) }
                try await expectNotFound(.user) { _ = try await viewer.profiles.followers(userID: other.user.id) }
                try await expectNotFound(.user) { try await viewer.profiles.follow(userID: other.user.id) }
                try await expectNotFound(.user) {
                    _ = try await viewer.messages.send(recipientID: other.user.id, text: "hi")
                }
                try await expectNotFound(.post) { _ = try await viewer.posts.post(postID: otherPost.id) }
                try await expectNotFound(.post) { _ = try await viewer.posts.like(postID: otherPost.id) }
                try await expectNotFound(.post) {
                    _ = try await viewer.posts.comment(postID: otherPost.id, text: "hi")
                }
                let found = try await viewer.profiles.search(usernamePrefix: other.user.username)
                #expect(found.items.isEmpty)
            }
            // Everyone else still sees both.
            #expect(try await cyd.posts.post(postID: post.id).post.id == post.id)
            #expect(try await cyd.profiles.search(usernamePrefix: "").items.isEmpty)
            #expect(try await cyd.profiles.search(usernamePrefix: "ben").items.map(\.id) == [ben.user.id])
        },
        ConformanceCheck(.safety, "a block ends follows both ways, and unblocking restores nothing") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            try await ana.profiles.follow(userID: ben.user.id)
            try await ben.profiles.follow(userID: ana.user.id)
            let bensPost = try await SocialChecks.publish(1, by: ben, in: h)[0]
            #expect(try await ana.feed.home().items.map(\.post.id) == [bensPost.id])
            try await ben.safety.block(userID: ana.user.id)
            try await ben.safety.block(userID: ana.user.id)
            #expect(try await !h.store.isFollowing(followerID: ana.user.id, followeeID: ben.user.id))
            #expect(try await !h.store.isFollowing(followerID: ben.user.id, followeeID: ana.user.id))
            // The follows' notifications went with them.
            #expect(try await ana.notifications.list().items.isEmpty)
            #expect(try await ben.notifications.list().items.isEmpty)
            #expect(try await ana.feed.home().items.isEmpty)
            try await ben.safety.unblock(userID: ana.user.id)
            #expect(try await ben.safety.blocks().items.isEmpty)
            #expect(try await ana.profiles.profile(userID: ben.user.id).followedByViewer == false)
            #expect(try await ana.feed.home().items.isEmpty)
            await #expect(throws: NetworkError.selfAction) { try await ana.safety.block(userID: ana.user.id) }
            try await expectNotFound(.user) { try await ana.safety.block(userID: UserID(rawValue: "usr_none")) }
        },
        ConformanceCheck(.safety, "a block hides posts from explore and notifications, both ways") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let anas = try await SocialChecks.publish(2, by: ana, in: h)
            let bens = try await SocialChecks.publish(3, by: ben, in: h)
            let cyds = try await SocialChecks.publish(2, by: cyd, in: h)
            try await ben.posts.like(postID: anas[0].id)
            try await cyd.posts.like(postID: anas[0].id)
            #expect(try await ana.notifications.unreadCount() == 2)
            try await ana.safety.block(userID: ben.user.id)
            let notes = try await ana.notifications.list().items
            #expect(notes.map(\.actorID) == [cyd.user.id])
            #expect(try await ana.notifications.unreadCount() == 1)
            // Explore pages stay full: the filter is inside the query.
            let anaSees = try await allPages { try await ana.feed.explore(seed: 7, after: $0, limit: 2) }
            #expect(Set(anaSees.map(\.post.id)) == Set((anas + cyds).map(\.id)))
            #expect(try await ana.feed.explore(seed: 7, limit: 2).items.count == 2)
            let benSees = try await allPages { try await ben.feed.explore(seed: 7, after: $0, limit: 2) }
            #expect(Set(benSees.map(\.post.id)) == Set((bens + cyds).map(\.id)))
        },
        ConformanceCheck(.safety, "a mute hides posts from the muter's feeds, and notifications only if it says so") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            try await ana.profiles.follow(userID: ben.user.id)
            try await ana.profiles.follow(userID: cyd.user.id)
            let anas = try await SocialChecks.publish(1, by: ana, in: h)
            let bens = try await SocialChecks.publish(2, by: ben, in: h)
            let cyds = try await SocialChecks.publish(1, by: cyd, in: h)
            try await ben.posts.like(postID: anas[0].id)
            try await ana.safety.mute(userID: ben.user.id)
            let kept = (anas + cyds).map(\.id)
            for order in [FeedOrder.newest, .mostLiked, FeedOrder(.date, .ascending)] {
                #expect(Set(try await ana.feed.home(order: order).items.map(\.post.id)) == Set(kept))
            }
            #expect(Set(try await ana.feed.explore(seed: 3).items.map(\.post.id)) == Set(kept))
            // Not a block: the profile, the posts page and the notifications stay; the muted sees all.
            #expect(try await ana.feed.posts(authorID: ben.user.id).items.count == 2)
            #expect(try await ana.notifications.list().items.map(\.actorID) == [ben.user.id])
            #expect(try await ben.feed.explore(seed: 3).items.count == 4)
            try await ana.safety.mute(userID: ben.user.id, hidingNotifications: true)
            #expect(try await ana.notifications.list().items.isEmpty)
            #expect(try await ana.notifications.unreadCount() == 0)
            #expect(try await ana.safety.mutes().items.map(\.hidesNotifications) == [true])
            try await ana.safety.unmute(userID: ben.user.id)
            #expect(try await ana.feed.home().items.count == 4)
            #expect(try await ana.notifications.unreadCount() == 1)
        },
        ConformanceCheck(.safety, "blocks and mutes are listed by page, newest first, and go with an account") { h in
            let ana = try await h.signedIn("ana")
            let others = [try await h.signedIn("ben"), try await h.signedIn("cyd"), try await h.signedIn("dan")]
            for other in others {
                try await ana.safety.block(userID: other.user.id)
                try await ana.safety.mute(userID: other.user.id)
                h.clock.advance(by: 1)
            }
            let blocks = try await allPages { try await ana.safety.blocks(after: $0, limit: 2) }
            #expect(blocks.map(\.user.id) == others.reversed().map(\.user.id))
            #expect(blocks.allSatisfy { $0.user.email == nil })
            let mutes = try await allPages { try await ana.safety.mutes(after: $0, limit: 1) }
            #expect(mutes.map(\.user.id) == others.reversed().map(\.user.id))
            #expect(mutes.allSatisfy { !$0.hidesNotifications })
            try await others[0].account.deleteAccount()
            #expect(try await ana.safety.blocks().items.count == 2)
            #expect(try await ana.safety.mutes().items.count == 2)
            #expect(try await h.store.blocked(with: ana.user.id, among: others.map(\.user.id)).count == 2)
        },
    ]

    static func expectNotFound(
        _ entity: NetworkEntity, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async throws {
        await #expect(throws: NetworkError.notFound(entity), sourceLocation: sourceLocation) { try await body() }
    }
}
