import Foundation
import SocialModel
import Testing

/// Every mutation on someone's content, tried as a stranger, a follower and the owner: only the
/// allowed ones succeed, and a refused one changes nothing.
enum AuthorizationChecks {
    enum Role: String, CaseIterable, Sendable {
        case stranger, follower, owner
    }

    /// The world one mutation runs in: the owner's post (liked and commented on by the follower,
    /// with a comment of the owner's too), their notifications, and a conversation between the
    /// owner and the follower.
    struct World {
        let h: SocialTestHarness
        let owner: SocialTestHarness.Member
        let follower: SocialTestHarness.Member
        let stranger: SocialTestHarness.Member
        let post: Post
        let followerComment: PostComment
        let ownerComment: PostComment
        let notification: NetworkNotification
        let conversation: ConversationID

        func member(_ role: Role) -> SocialTestHarness.Member {
            switch role {
            case .stranger: stranger
            case .follower: follower
            case .owner: owner
            }
        }

        /// A world whose users' names end in `suffix`, so several live in one store.
        static func make(_ h: SocialTestHarness, suffix: String) async throws -> World {
            let owner = try await h.signedIn("owner_" + suffix)
            let follower = try await h.signedIn("follower_" + suffix)
            let stranger = try await h.signedIn("stranger_" + suffix)
            try await follower.profiles.follow(userID: owner.user.id)
            let post = try await SocialChecks.publish(1, by: owner, in: h)[0]
            try await follower.posts.like(postID: post.id)
            let followerComment = try await follower.posts.comment(postID: post.id, text: "from the follower")
            let ownerComment = try await owner.posts.comment(postID: post.id, text: "from the owner")
            let notification = try #require(try await owner.notifications.list().items.first)
            let message = try await follower.messages.send(recipientID: owner.user.id, text: "hi")
            _ = try await owner.messages.send(recipientID: follower.user.id, text: "hello")
            return World(
                h: h, owner: owner, follower: follower, stranger: stranger, post: post,
                followerComment: followerComment, ownerComment: ownerComment, notification: notification,
                conversation: message.conversationID)
        }
    }

    /// A mutation, the roles allowed to do it, and a check that its effect happened (or not).
    struct Mutation: Sendable {
        let name: String
        let allowed: Set<Role>
        let act: @Sendable (World, NetworkSession) async throws -> Void
        /// Whether the effect is there, seen as the acting member; `nil` for a read.
        let happened: (@Sendable (World, SocialTestHarness.Member) async throws -> Bool)?
    }

    static let mutations: [Mutation] = [
        Mutation(
            name: "delete the post", allowed: [.owner], act: { w, me in try await me.posts.delete(postID: w.post.id) },
            happened: { w, _ in try await w.h.store.post(id: w.post.id) == nil }),
        Mutation(
            name: "delete the follower's comment", allowed: [.follower, .owner],
            act: { w, me in try await me.posts.deleteComment(commentID: w.followerComment.id) },
            happened: { w, _ in try await w.h.store.comment(id: w.followerComment.id) == nil }),
        Mutation(
            name: "delete the owner's comment", allowed: [.owner],
            act: { w, me in try await me.posts.deleteComment(commentID: w.ownerComment.id) },
            happened: { w, _ in try await w.h.store.comment(id: w.ownerComment.id) == nil }),
        Mutation(
            name: "mark the owner's notification read", allowed: [.owner],
            act: { w, me in try await me.notifications.markRead(notificationID: w.notification.id) },
            happened: { w, _ in try await w.h.store.notification(id: w.notification.id)?.isRead == true }),
        Mutation(
            name: "delete the owner's notification", allowed: [.owner],
            act: { w, me in try await me.notifications.delete(notificationID: w.notification.id) },
            happened: { w, _ in try await w.h.store.notification(id: w.notification.id) == nil }),
        Mutation(
            name: "mark the conversation read", allowed: [.owner, .follower],
            act: { w, me in try await me.messages.markRead(conversationID: w.conversation) },
            happened: { w, _ in
                let owner = try await w.h.store.unreadMessageCount(userID: w.owner.user.id)
                let follower = try await w.h.store.unreadMessageCount(userID: w.follower.user.id)
                return owner == 0 || follower == 0
            }),
        Mutation(
            name: "delete the conversation", allowed: [.owner, .follower],
            act: { w, me in try await me.messages.delete(conversationID: w.conversation) },
            happened: { w, _ in
                let owner = try await w.h.store.conversations(userID: w.owner.user.id, after: nil, limit: 5)
                let follower = try await w.h.store.conversations(userID: w.follower.user.id, after: nil, limit: 5)
                return owner.isEmpty || follower.isEmpty
            }),
        Mutation(
            name: "read the conversation", allowed: [.owner, .follower],
            act: { w, me in _ = try await me.messages.messages(conversationID: w.conversation) }, happened: nil),
        Mutation(
            name: "follow the owner", allowed: [.stranger, .follower],
            act: { w, me in try await me.profiles.follow(userID: w.owner.user.id) },
            happened: { w, m in try await w.h.store.isFollowing(followerID: m.user.id, followeeID: w.owner.user.id) }),
        Mutation(
            name: "like the post", allowed: [.stranger, .follower, .owner],
            act: { w, me in try await me.posts.like(postID: w.post.id) },
            happened: { w, m in try await w.h.store.postView(id: w.post.id, viewerID: m.user.id)?.likedByViewer == true
            }),
        Mutation(
            name: "comment on the post", allowed: [.stranger, .follower, .owner],
            act: { w, me in _ = try await me.posts.comment(postID: w.post.id, text: "hello") },
            happened: { w, _ in try await w.h.store.post(id: w.post.id)?.commentCount == 3 }),
        Mutation(
            name: "message the owner", allowed: [.stranger, .follower],
            act: { w, me in _ = try await me.messages.send(recipientID: w.owner.user.id, text: "psst") },
            happened: { w, _ in try await w.h.store.unreadMessageCount(userID: w.owner.user.id) == 2 }),
    ]

    static let all: [ConformanceCheck] =
        mutations.map { mutation in
            ConformanceCheck(.posts, "only the allowed roles may \(mutation.name)") { h in
                for role in Role.allCases {
                    // A world per role, in the same store: their users are named apart.
                    let world = try await World.make(h, suffix: role.rawValue)
                    let member = world.member(role)
                    var succeeded = true
                    do {
                        try await mutation.act(world, member.network)
                    } catch let error as NetworkError {
                        succeeded = false
                        switch error {
                        case .forbidden, .selfAction: break
                        default: Issue.record("\(mutation.name) as \(role): unexpected \(error)")
                        }
                    }
                    #expect(succeeded == mutation.allowed.contains(role), "\(mutation.name) as \(role)")
                    if let happened = mutation.happened {
                        #expect(try await happened(world, member) == succeeded, "\(mutation.name) as \(role): effect")
                    }
                }
            }
        } + [
            ConformanceCheck(.accounts, "an invalid session token opens no service") { h in
                let forged = SecretToken(rawValue: "forged")
                await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(forged) }
                await #expect(throws: NetworkError.account(.unauthorized)) { _ = try await h.network.session(forged) }
                await #expect(throws: RecipeError.account(.unauthorized)) { _ = try await h.recipes.session(forged) }
                await #expect(throws: MealPlanError.account(.unauthorized)) { _ = try await h.meals.session(forged) }
            }
        ]

}
