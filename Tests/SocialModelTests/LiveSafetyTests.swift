import Foundation
import SocialModel
import SocialModelMocks
import SocialModelTesting
import Testing

/// Live updates keep the feeds' rule: what a block or a mute hides from a user's feeds and
/// notification list never reaches their live streams either.
@Suite("Live updates with blocks and mutes")
struct LiveSafetyTests {
    /// Runs `body` with the services over a fresh store and the mock photo processor.
    static func withHarness(_ kind: StoreKind, _ body: (SocialTestHarness) async throws -> Void) async throws {
        try await kind.withStore { store, _ in try await body(SocialTestHarness(store: store)) }
    }

    static func post(_ member: SocialTestHarness.Member) async throws -> Post {
        try await member.posts.publish(PostDraft(photo: MockPhotoProcessor.photo(width: 8, height: 8)))
    }

    /// Cal follows ana and ben and mutes ana: ana's post, published first, does not reach cal's
    /// stream; ben's does. Ben, who does not mute ana, gets hers.
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func aMutedUsersPostsDoNotReachTheMuter(_ kind: StoreKind) async throws {
        try await Self.withHarness(kind) { harness in
            let ana = try await harness.signedIn("ana")
            let ben = try await harness.signedIn("ben")
            let cal = try await harness.signedIn("cal")
            for followee in [ana, ben] { try await cal.profiles.follow(userID: followee.user.id) }
            try await ben.profiles.follow(userID: ana.user.id)
            try await cal.safety.mute(userID: ana.user.id, hidingNotifications: false)
            let cals = cal.feed.updates()
            let bens = ben.feed.updates()
            let anas = try await Self.post(ana)
            let bensPost = try await Self.post(ben)
            #expect(await first(1, of: cals, within: .seconds(10)) == [bensPost])
            #expect(await first(1, of: bens, within: .seconds(10)) == [anas])
        }
    }

    /// A mute that hides notifications keeps the muted user's likes off the muter's live
    /// notifications; a mute of posts only does not.
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func aMuteHidingNotificationsKeepsThemOffTheStream(_ kind: StoreKind) async throws {
        try await Self.withHarness(kind) { harness in
            let ana = try await harness.signedIn("ana")
            let ben = try await harness.signedIn("ben")
            let cal = try await harness.signedIn("cal")
            try await ana.safety.mute(userID: ben.user.id, hidingNotifications: true)
            try await ana.safety.mute(userID: cal.user.id, hidingNotifications: false)
            let post = try await Self.post(ana)
            let notifications = ana.network.notifications.updates()
            _ = try await ben.posts.like(postID: post.id)
            _ = try await cal.posts.like(postID: post.id)
            #expect(await first(1, of: notifications, within: .seconds(10)).map(\.actorID) == [cal.user.id])
        }
    }

    /// The store's answer behind both: a block either way hides in every scope, a mute hides posts,
    /// and hides notifications only when it says so.
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func theStoreAppliesTheFeedsRule(_ kind: StoreKind) async throws {
        try await Self.withHarness(kind) { harness in
            let author = try await harness.signedIn("author")
            let blocker = try await harness.signedIn("blocker")
            let blocked = try await harness.signedIn("blocked")
            let muter = try await harness.signedIn("muter")
            let quiet = try await harness.signedIn("quiet")
            let fan = try await harness.signedIn("fan")
            try await blocker.safety.block(userID: author.user.id)
            try await author.safety.block(userID: blocked.user.id)
            try await muter.safety.mute(userID: author.user.id, hidingNotifications: false)
            try await quiet.safety.mute(userID: author.user.id, hidingNotifications: true)
            let viewers = [blocker, blocked, muter, quiet, fan, fan].map(\.user.id)
            let id = author.user.id
            #expect(
                try await harness.store.viewers(viewers, hiding: id, .posts)
                    == [blocker.user.id, blocked.user.id, muter.user.id, quiet.user.id])
            #expect(
                try await harness.store.viewers(viewers, hiding: id, .notifications)
                    == [blocker.user.id, blocked.user.id, quiet.user.id])
            #expect(try await harness.store.viewers([], hiding: id, .posts).isEmpty)
        }
    }
}
