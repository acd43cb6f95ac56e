import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// Profiles, follows, notifications and live updates.
enum SocialChecks {
    /// A stand-in upload the mock photo processor reads.
    static let photo = MockPhotoProcessor.photo(width: 40, height: 30)

    /// Publishes `count` posts by a member one second apart, returning them oldest first.
    static func publish(
        _ count: Int, by member: SocialTestHarness.Member, in h: SocialTestHarness, caption: String = "post"
    ) async throws -> [Post] {
        var posts: [Post] = []
        for index in 0..<count {
            posts.append(try await member.posts.publish(PostDraft(photo: photo, caption: "\(caption) \(index)")))
            h.clock.advance(by: 1)
        }
        return posts
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.profiles, "follows are idempotent, listed and counted") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            try await ben.profiles.follow(userID: ana.user.id)
            try await ben.profiles.follow(userID: ana.user.id)
            h.clock.advance(by: 1)
            try await cyd.profiles.follow(userID: ana.user.id)
            try await ana.profiles.follow(userID: cyd.user.id)
            await #expect(throws: NetworkError.selfAction) { try await ana.profiles.follow(userID: ana.user.id) }
            await #expect(throws: NetworkError.notFound(.user)) {
                try await ana.profiles.follow(userID: UserID.random())
            }

            let followers = try await ben.profiles.followers(userID: ana.user.id)
            #expect(followers.items.map(\.user.id) == [cyd.user.id, ben.user.id])
            let page1 = try await ben.profiles.followers(userID: ana.user.id, limit: 1)
            let page2 = try await ben.profiles.followers(userID: ana.user.id, after: page1.next, limit: 1)
            #expect(page1.items.map(\.user.id) + page2.items.map(\.user.id) == [cyd.user.id, ben.user.id])
            #expect(try await ana.profiles.following(userID: ana.user.id).items.map(\.user.id) == [cyd.user.id])

            let post = try await publish(1, by: ana, in: h)[0]
            try await ben.posts.like(postID: post.id)
            try await cyd.posts.like(postID: post.id)
            let profile = try await ben.profiles.profile(userID: ana.user.id)
            #expect(profile.counts == ProfileCounts(followers: 2, following: 1, posts: 1, likesReceived: 2))
            #expect(profile.followedByViewer && profile.user.email == nil)
            #expect(try await ana.profiles.profile(userID: ana.user.id).user.email == "ana@example.com")

            try await ben.profiles.unfollow(userID: ana.user.id)
            try await ben.profiles.unfollow(userID: ana.user.id)
            #expect(try await ben.profiles.profile(userID: ana.user.id).counts.followers == 1)
        },
        ConformanceCheck(.profiles, "the followers among many candidates are found at once") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let dan = try await h.signedIn("dan")
            try await ben.profiles.follow(userID: ana.user.id)
            try await cyd.profiles.follow(userID: ana.user.id)
            try await ana.profiles.follow(userID: dan.user.id)
            try await dan.profiles.follow(userID: cyd.user.id)
            let store = h.store
            let everyone = [ana, ben, cyd, dan].map(\.user.id)
            #expect(try await store.followers(of: ana.user.id, among: everyone) == [ben.user.id, cyd.user.id])
            #expect(try await store.followers(of: dan.user.id, among: everyone) == [ana.user.id])
            #expect(try await store.followers(of: ben.user.id, among: everyone).isEmpty)
            #expect(try await store.followers(of: ana.user.id, among: []).isEmpty)
            // Repeats, unknown users, and more candidates than SQLite allows parameters in a statement.
            let crowd = (0..<40_000).map { _ in UserID.random() } + [cyd.user.id, cyd.user.id, ana.user.id]
            #expect(try await store.followers(of: ana.user.id, among: crowd) == [cyd.user.id])
            #expect(try await store.followers(of: UserID.random(), among: everyone).isEmpty)
        },
        ConformanceCheck(.profiles, "avatars are stored at each size and can be removed") { h in
            let ana = try await h.signedIn("ana")
            let user = try await ana.profiles.setAvatar(photo: MockPhotoProcessor.photo(width: 120, height: 80))
            #expect(user.avatar?.hasPrefix("avatars/\(ana.user.id.rawValue)/") == true)
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
            for size in [32, 8] {
                let jpeg = try await h.network.avatar(userID: ana.user.id, size: size)
                #expect(MockPhotoProcessor.dimensions(of: jpeg).map { [$0.width, $0.height] } == [size, size])
            }
            await #expect(throws: NetworkError.self) { _ = try await ana.profiles.setAvatar(photo: Data("nope".utf8)) }
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
            try await ana.profiles.removeAvatar()
            #expect(try await h.store.user(id: ana.user.id)?.avatar == nil)
            await #expect(throws: NetworkError.notFound(.photo)) {
                _ = try await h.network.avatar(userID: ana.user.id, size: 32)
            }
        },
        ConformanceCheck(
            .notifications, "notifications tell of others' acts only, and undoing an act takes its notification"
        ) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let post = try await publish(1, by: ana, in: h)[0]
            try await ana.posts.like(postID: post.id)
            _ = try await ana.posts.comment(postID: post.id, text: "my own")
            #expect(try await ana.notifications.unreadCount() == 0)

            try await ben.profiles.follow(userID: ana.user.id)
            h.clock.advance(by: 1)
            try await ben.posts.like(postID: post.id)
            h.clock.advance(by: 1)
            let comment = try await ben.posts.comment(postID: post.id, text: "nice")
            let list = try await ana.notifications.list()
            #expect(list.items.map(\.kind) == [.comment, .like, .follow])
            #expect(list.items.allSatisfy { $0.actorID == ben.user.id && !$0.isRead })
            #expect(list.items[0].commentID == comment.id && list.items[1].postID == post.id)
            #expect(try await ana.notifications.unreadCount() == 3)
            #expect(try await ben.notifications.unreadCount() == 0)

            try await ana.notifications.markRead(notificationID: list.items[0].id)
            try await ana.notifications.markRead(notificationID: list.items[0].id)
            #expect(try await ana.notifications.unreadCount() == 2)
            // Taking the like back takes its notification too; so does deleting the comment.
            try await ben.posts.unlike(postID: post.id)
            try await ben.posts.deleteComment(commentID: comment.id)
            #expect(try await ana.notifications.list().items.map(\.kind) == [.follow])
            try await ben.posts.like(postID: post.id)
            #expect(try await ana.notifications.markAllRead() == 2)
            #expect(try await ana.notifications.unreadCount() == 0)

            let remaining = try await ana.notifications.list().items
            try await ana.notifications.delete(notificationID: remaining[0].id)
            #expect(try await ana.notifications.list().items.count == 1)
            try await ben.profiles.unfollow(userID: ana.user.id)
            try await ben.profiles.follow(userID: ana.user.id)
            #expect(try await ana.notifications.deleteAll() == 1)
            #expect(try await ana.notifications.list().items.isEmpty)
        },
        ConformanceCheck(.notifications, "notifications page by cursor, newest first") { h in
            let ana = try await h.signedIn("ana")
            let post = try await publish(1, by: ana, in: h)[0]
            var fans: [SocialTestHarness.Member] = []
            for index in 0..<5 {
                let fan = try await h.signedIn("fan\(index)")
                try await fan.posts.like(postID: post.id)
                fans.append(fan)
                if index != 2 { h.clock.advance(by: 1) }  // two at one instant: the id breaks the tie
            }
            let seen = try await allPages { try await ana.notifications.list(after: $0, limit: 2) }.map(\.actorID)
            #expect(Set(seen) == Set(fans.map(\.user.id)) && seen.count == 5)
            #expect(try await ana.notifications.list().items.map(\.actorID) == seen)
        },
        ConformanceCheck(.notifications, "live updates deliver new notifications and messages") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let notifications = ana.notifications.updates()
            let anaMessages = ana.messages.updates()
            let benMessages = ben.messages.updates()
            try await ben.profiles.follow(userID: ana.user.id)
            let sent = try await ben.messages.send(recipientID: ana.user.id, text: "hi")
            let notification = await first(1, of: notifications).first
            #expect(notification?.kind == .follow && notification?.actorID == ben.user.id)
            #expect(await first(1, of: anaMessages) == [sent])
            #expect(await first(1, of: benMessages) == [sent])
        },
        ConformanceCheck(.notifications, "live updates deliver followed users' new posts to their followers only") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cal = try await h.signedIn("cal")
            try await ben.profiles.follow(userID: ana.user.id)
            try await cal.profiles.follow(userID: ben.user.id)
            try await ana.profiles.follow(userID: ben.user.id)
            let anas = ana.feed.updates()
            let bens = ben.feed.updates()
            let cals = cal.feed.updates()
            let anaPost = try await publish(1, by: ana, in: h)[0]
            let benPost = try await publish(1, by: ben, in: h)[0]
            // Each stream's first post is the followed author's: ana's never reached cal, and
            // nobody's own post reached themselves.
            #expect(await first(1, of: bens) == [anaPost])
            #expect(await first(1, of: cals) == [benPost])
            #expect(await first(1, of: anas) == [benPost])
            try await cal.profiles.follow(userID: ana.user.id)
            let later = try await publish(1, by: ana, in: h)[0]
            #expect(await first(1, of: cals) == [later])
        },
        ConformanceCheck(.profiles, "deleting an account takes its network") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let anaPost = try await publish(1, by: ana, in: h)[0]
            let benPost = try await publish(1, by: ben, in: h)[0]
            try await ben.profiles.follow(userID: ana.user.id)
            try await ana.profiles.follow(userID: ben.user.id)
            try await ben.posts.like(postID: anaPost.id)
            try await ana.posts.like(postID: benPost.id)
            _ = try await ana.posts.comment(postID: benPost.id, text: "hi")
            let hello = try await ana.messages.send(recipientID: ben.user.id, text: "hello")

            try await ana.account.deleteAccount()
            #expect(try await h.store.post(id: anaPost.id) == nil)
            let view = try await ben.posts.post(postID: benPost.id)
            #expect(view.post.likeCount == 0 && view.post.commentCount == 0 && view.firstComment == nil)
            #expect(try await h.store.profileCounts(userID: ben.user.id) == ProfileCounts(posts: 1))
            #expect(try await ben.notifications.list().items.isEmpty)
            // What they shared stays with ben, ana shown as a deleted account.
            let inbox = try await ben.messages.inbox().items
            #expect(inbox.map(\.otherUser) == [User.deletedAccount(id: ana.user.id)])
            #expect(inbox.map(\.lastMessage) == [hello])
            #expect(try await ben.messages.unreadCount() == 1)
            #expect(try await ben.feed.home().items.map(\.post.id) == [benPost.id])
        },
    ]
}
