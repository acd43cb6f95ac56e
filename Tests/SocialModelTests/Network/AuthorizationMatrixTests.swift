import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

/// Every mutation on someone's content, tried as a stranger, a follower and the owner: only
/// the allowed ones succeed, and a refused one changes nothing.
@Suite("Network authorization matrix, on every store")
struct AuthorizationMatrixTests {
    enum Role: String, CaseIterable, Sendable {
        case stranger, follower, owner
    }

    /// The world one mutation runs in: the owner's post (liked and commented on by the follower,
    /// with a comment of the owner's too), their notifications, and a conversation between the owner and the follower.
    struct World {
        let h: Harness
        let owner: SignedInSession
        let follower: SignedInSession
        let stranger: SignedInSession
        let post: Post
        let followerComment: PostComment
        let ownerComment: PostComment
        let notification: NetworkNotification
        let conversation: ConversationID

        func session(_ role: Role) -> SignedInSession {
            switch role {
            case .stranger: stranger
            case .follower: follower
            case .owner: owner
            }
        }

        static func make(_ h: Harness) async throws -> World {
            let owner = try await h.signedIn("owner")
            let follower = try await h.signedIn("follower")
            let stranger = try await h.signedIn("stranger")
            try await h.network.profiles.follow(follower.token, owner.user.id)
            let post = try await NetworkFixtures.publish(1, by: owner, in: h)[0]
            try await h.network.posts.like(follower.token, post.id)
            let followerComment = try await h.network.posts.comment(follower.token, on: post.id, "from the follower")
            let ownerComment = try await h.network.posts.comment(owner.token, on: post.id, "from the owner")
            let notification = try #require(try await h.network.notifications.list(owner.token).items.first)
            let message = try await h.network.messages.send(follower.token, to: owner.user.id, text: "hi")
            _ = try await h.network.messages.send(owner.token, to: follower.user.id, text: "hello")
            return World(
                h: h, owner: owner, follower: follower, stranger: stranger, post: post,
                followerComment: followerComment, ownerComment: ownerComment, notification: notification,
                conversation: message.conversationID)
        }
    }

    /// A mutation, the roles allowed to do it, and a check that its effect happened (or not).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let allowed: Set<Role>
        let act: @Sendable (World, SignedInSession) async throws -> Void
        /// Whether the effect is there, seen as the acting session; `nil` for a read.
        let happened: (@Sendable (World, SignedInSession) async throws -> Bool)?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "delete the post", allowed: [.owner],
            act: { w, s in try await w.h.network.posts.delete(s.token, w.post.id) },
            happened: { w, _ in try await w.h.store.post(id: w.post.id) == nil }),
        Case(
            name: "delete the follower's comment", allowed: [.follower, .owner],
            act: { w, s in try await w.h.network.posts.deleteComment(s.token, w.followerComment.id) },
            happened: { w, _ in try await w.h.store.comment(id: w.followerComment.id) == nil }),
        Case(
            name: "delete the owner's comment", allowed: [.owner],
            act: { w, s in try await w.h.network.posts.deleteComment(s.token, w.ownerComment.id) },
            happened: { w, _ in try await w.h.store.comment(id: w.ownerComment.id) == nil }),
        Case(
            name: "mark the owner's notification read", allowed: [.owner],
            act: { w, s in try await w.h.network.notifications.markRead(s.token, w.notification.id) },
            happened: { w, _ in try await w.h.store.notification(id: w.notification.id)?.isRead == true }),
        Case(
            name: "delete the owner's notification", allowed: [.owner],
            act: { w, s in try await w.h.network.notifications.delete(s.token, w.notification.id) },
            happened: { w, _ in try await w.h.store.notification(id: w.notification.id) == nil }),
        Case(
            name: "mark the conversation read", allowed: [.owner, .follower],
            act: { w, s in try await w.h.network.messages.markRead(s.token, w.conversation) },
            happened: { w, _ in
                let owner = try await w.h.store.unreadMessageCount(userID: w.owner.user.id)
                let follower = try await w.h.store.unreadMessageCount(userID: w.follower.user.id)
                return owner == 0 || follower == 0
            }),
        Case(
            name: "delete the conversation", allowed: [.owner, .follower],
            act: { w, s in try await w.h.network.messages.delete(s.token, w.conversation) },
            happened: { w, _ in
                let owner = try await w.h.store.conversations(userID: w.owner.user.id, after: nil, limit: 5)
                let follower = try await w.h.store.conversations(userID: w.follower.user.id, after: nil, limit: 5)
                return owner.isEmpty || follower.isEmpty
            }),
        Case(
            name: "read the conversation", allowed: [.owner, .follower],
            act: { w, s in _ = try await w.h.network.messages.messages(s.token, in: w.conversation) },
            happened: nil),
        Case(
            name: "follow the owner", allowed: [.stranger, .follower],
            act: { w, s in try await w.h.network.profiles.follow(s.token, w.owner.user.id) },
            happened: { w, s in try await w.h.store.isFollowing(followerID: s.user.id, followeeID: w.owner.user.id) }),
        Case(
            name: "like the post", allowed: [.stranger, .follower, .owner],
            act: { w, s in try await w.h.network.posts.like(s.token, w.post.id) },
            happened: { w, s in try await w.h.store.postView(id: w.post.id, viewerID: s.user.id)?.likedByViewer == true
            }),
        Case(
            name: "comment on the post", allowed: [.stranger, .follower, .owner],
            act: { w, s in _ = try await w.h.network.posts.comment(s.token, on: w.post.id, "hello") },
            happened: { w, _ in try await w.h.store.post(id: w.post.id)?.commentCount == 3 }),
        Case(
            name: "message the owner", allowed: [.stranger, .follower],
            act: { w, s in _ = try await w.h.network.messages.send(s.token, to: w.owner.user.id, text: "psst") },
            happened: { w, _ in try await w.h.store.unreadMessageCount(userID: w.owner.user.id) == 2 }),
    ]

    @Test(arguments: StoreKind.allCases, cases)
    func onlyAllowedRolesSucceed(kind: StoreKind, mutation: Case) async throws {
        for role in Role.allCases {
            try await Harness.with(kind) { h in
                let world = try await World.make(h)
                var succeeded = true
                do {
                    try await mutation.act(world, world.session(role))
                } catch let error as NetworkError {
                    succeeded = false
                    switch error {
                    case .forbidden, .selfAction: break
                    default: Issue.record("\(mutation.name) as \(role): unexpected \(error)")
                    }
                }
                #expect(succeeded == mutation.allowed.contains(role), "\(mutation.name) as \(role)")
                if let happened = mutation.happened {
                    let session = world.session(role)
                    #expect(try await happened(world, session) == succeeded, "\(mutation.name) as \(role): effect")
                }
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anInvalidSessionDoesNothing(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let world = try await World.make(h)
            let forged = SignedInSession(
                token: SecretToken(rawValue: "forged"), user: world.owner.user, expiresAt: .distantFuture)
            for mutation in Self.cases {
                await #expect(throws: NetworkError.account(.unauthorized), "\(mutation.name)") {
                    try await mutation.act(world, forged)
                }
            }
            #expect(try await h.store.post(id: world.post.id)?.likeCount == 1)
        }
    }
}
