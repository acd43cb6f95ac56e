import Foundation
import Imaging
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Network profiles, follows and notifications, on every store")
struct SocialConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func followsAreIdempotentListedAndCounted(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cy = try await h.signedIn("cyd")
            try await h.network.profiles.follow(ben.token, ana.user.id)
            try await h.network.profiles.follow(ben.token, ana.user.id)
            h.clock.advance(by: 1)
            try await h.network.profiles.follow(cy.token, ana.user.id)
            try await h.network.profiles.follow(ana.token, cy.user.id)
            await #expect(throws: NetworkError.self) { try await h.network.profiles.follow(ana.token, ana.user.id) }
            await #expect(throws: NetworkError.self) { try await h.network.profiles.follow(ana.token, UserID.random()) }

            let followers = try await h.network.profiles.followers(ben.token, of: ana.user.id)
            #expect(followers.items.map(\.user.id) == [cy.user.id, ben.user.id])
            let page1 = try await h.network.profiles.followers(ben.token, of: ana.user.id, limit: 1)
            let page2 = try await h.network.profiles.followers(ben.token, of: ana.user.id, after: page1.next, limit: 1)
            #expect(page1.items.map(\.user.id) + page2.items.map(\.user.id) == [cy.user.id, ben.user.id])
            #expect(
                try await h.network.profiles.following(ana.token, of: ana.user.id).items.map(\.user.id) == [cy.user.id])

            let post = try await NetworkFixtures.publish(1, by: ana, in: h)[0]
            try await h.network.posts.like(ben.token, post.id)
            try await h.network.posts.like(cy.token, post.id)
            let profile = try await h.network.profiles.profile(ben.token, of: ana.user.id)
            #expect(profile.counts == ProfileCounts(followers: 2, following: 1, posts: 1, likesReceived: 2))
            #expect(profile.followedByViewer && profile.user.email == nil)
            #expect(try await h.network.profiles.profile(ana.token, of: ana.user.id).user.email == "ana@example.com")

            try await h.network.profiles.unfollow(ben.token, ana.user.id)
            try await h.network.profiles.unfollow(ben.token, ana.user.id)
            #expect(try await h.network.profiles.profile(ben.token, of: ana.user.id).counts.followers == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func avatarsAreSquareSizedAndStripped(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let user = try await h.network.profiles.setAvatar(
                ana.token, photo: try NetworkFixtures.geotaggedRotatedPhoto())
            #expect(user.avatar?.hasPrefix("avatars/\(ana.user.id.rawValue)/") == true)
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
            for size in [32, 8] {
                let jpeg = try await h.network.profiles.avatar(of: ana.user.id, size: size)
                let image = try Image(data: jpeg)
                #expect(image.width == size && image.height == size)
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.profiles.setAvatar(ana.token, photo: Data("nope".utf8))
            }
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
            try await h.network.profiles.removeAvatar(ana.token)
            #expect(try await h.store.user(id: ana.user.id)?.avatar == nil)
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.profiles.avatar(of: ana.user.id, size: 32)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func notificationsTellOthersActionsOnly(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let post = try await NetworkFixtures.publish(1, by: ana, in: h)[0]
            try await h.network.posts.like(ana.token, post.id)
            _ = try await h.network.posts.comment(ana.token, on: post.id, "my own")
            #expect(try await h.network.notifications.unreadCount(ana.token) == 0)

            try await h.network.profiles.follow(ben.token, ana.user.id)
            h.clock.advance(by: 1)
            try await h.network.posts.like(ben.token, post.id)
            h.clock.advance(by: 1)
            let comment = try await h.network.posts.comment(ben.token, on: post.id, "nice")
            let list = try await h.network.notifications.list(ana.token)
            #expect(list.items.map(\.kind) == [.comment, .like, .follow])
            #expect(list.items.allSatisfy { $0.actorID == ben.user.id && !$0.isRead })
            #expect(list.items[0].commentID == comment.id && list.items[1].postID == post.id)
            #expect(try await h.network.notifications.unreadCount(ana.token) == 3)
            #expect(try await h.network.notifications.unreadCount(ben.token) == 0)

            try await h.network.notifications.markRead(ana.token, list.items[0].id)
            try await h.network.notifications.markRead(ana.token, list.items[0].id)
            #expect(try await h.network.notifications.unreadCount(ana.token) == 2)
            // Taking the like back takes its notification too; so does deleting the comment.
            try await h.network.posts.unlike(ben.token, post.id)
            try await h.network.posts.deleteComment(ben.token, comment.id)
            #expect(try await h.network.notifications.list(ana.token).items.map(\.kind) == [.follow])
            try await h.network.posts.like(ben.token, post.id)
            #expect(try await h.network.notifications.markAllRead(ana.token) == 2)
            #expect(try await h.network.notifications.unreadCount(ana.token) == 0)

            let remaining = try await h.network.notifications.list(ana.token).items
            try await h.network.notifications.delete(ana.token, remaining[0].id)
            #expect(try await h.network.notifications.list(ana.token).items.count == 1)
            try await h.network.profiles.unfollow(ben.token, ana.user.id)
            try await h.network.profiles.follow(ben.token, ana.user.id)
            #expect(try await h.network.notifications.deleteAll(ana.token) == 1)
            #expect(try await h.network.notifications.list(ana.token).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func liveUpdatesDeliverNewNotificationsAndMessages(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let notifications = try await h.network.notifications.updates(ana.token)
            let anaMessages = try await h.network.messages.updates(ana.token)
            let benMessages = try await h.network.messages.updates(ben.token)
            try await h.network.profiles.follow(ben.token, ana.user.id)
            let sent = try await h.network.messages.send(ben.token, to: ana.user.id, text: "hi")
            var notificationIterator = notifications.makeAsyncIterator()
            let notification = await notificationIterator.next()
            #expect(notification?.kind == .follow && notification?.actorID == ben.user.id)
            var anaIterator = anaMessages.makeAsyncIterator()
            var benIterator = benMessages.makeAsyncIterator()
            #expect(await anaIterator.next() == sent)
            #expect(await benIterator.next() == sent)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAnAccountTakesItsNetwork(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let anaPost = try await NetworkFixtures.publish(1, by: ana, in: h)[0]
            let benPost = try await NetworkFixtures.publish(1, by: ben, in: h)[0]
            try await h.network.profiles.follow(ben.token, ana.user.id)
            try await h.network.profiles.follow(ana.token, ben.user.id)
            try await h.network.posts.like(ben.token, anaPost.id)
            try await h.network.posts.like(ana.token, benPost.id)
            _ = try await h.network.posts.comment(ana.token, on: benPost.id, "hi")
            _ = try await h.network.messages.send(ana.token, to: ben.user.id, text: "hello")

            try await h.accounts.deleteAccount(ana.token)
            #expect(try await h.store.post(id: anaPost.id) == nil)
            let view = try await h.network.posts.post(ben.token, benPost.id)
            #expect(view.post.likeCount == 0 && view.post.commentCount == 0 && view.firstComment == nil)
            #expect(try await h.store.profileCounts(userID: ben.user.id) == ProfileCounts(posts: 1))
            #expect(try await h.network.notifications.list(ben.token).items.isEmpty)
            #expect(try await h.network.messages.inbox(ben.token).items.isEmpty)
            #expect(try await h.network.messages.unreadCount(ben.token) == 0)
            #expect(try await h.network.feed.home(ben.token).items.map(\.post.id) == [benPost.id])
        }
    }
}
