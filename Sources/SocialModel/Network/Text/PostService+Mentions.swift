import Foundation

extension PostService {
    /// The hashtags and mentions of a caption or comment (``TextEntities/parse(_:limits:)``),
    /// within the policy's bounds (``NetworkPolicy/textEntities``).
    /// - Throws: ``NetworkError/invalid(_:)`` with `tooManyEntries` for `field` when the text has
    ///   more hashtags or mentions than the policy allows; nothing is stored then.
    func textEntities(of text: String, _ field: NetworkField) throws(NetworkError) -> TextEntities {
        let limits = context.policy.textEntities
        let entities = TextEntities.parse(text, limits: limits)
        var violations: [NetworkViolation] = []
        if entities.hasMoreHashtags {
            violations.append(.init(field, .tooManyEntries(maximum: limits.maximumHashtags)))
        }
        if entities.hasMoreMentions {
            violations.append(.init(field, .tooManyEntries(maximum: limits.maximumMentions)))
        }
        guard violations.isEmpty else { throw .invalid(violations) }
        return entities
    }

    /// The notifications of the users a text mentions, in the order they are mentioned: one for
    /// each existing user but the signed-in one and `told` (notified of this text already) who
    /// has no block with the signed-in user, either way, nor with the post's author (so can see
    /// the post). A mute is not a block: like a like's, a mention's notification is stored, and
    /// the recipient's lists leave it out while they mute the writer's notifications. Held content
    /// (``Post/held``, ``PostComment/held``) tells no one.
    /// - Parameters:
    ///   - entities: the text's entities.
    ///   - post: the post, or the post commented on.
    ///   - comment: the comment, when the text is one.
    ///   - told: who is already notified of the text (the post's author, of a comment).
    /// - Returns: the notifications.
    func mentionNotifications(
        _ entities: TextEntities, in post: Post, comment: PostComment? = nil, told: UserID? = nil
    ) async throws(NetworkError) -> [NetworkNotification] {
        guard !entities.mentions.isEmpty, !post.held, comment?.held != true else { return [] }
        let keys = entities.mentions.map(\.key)
        let found = try await context.fromStore { try await store.users(usernameKeys: keys) }
        let byKey = Dictionary(found.map { ($0.usernameKey, $0.id) }, uniquingKeysWith: { first, _ in first })
        let candidates = keys.compactMap { byKey[$0] }.filter { $0 != actor.id && $0 != told }
        guard !candidates.isEmpty else { return [] }
        var hidden = try await context.fromStore { try await store.blocked(with: actor.id, among: candidates) }
        if post.authorID != actor.id {
            hidden.formUnion(
                try await context.fromStore { try await store.blocked(with: post.authorID, among: candidates) })
        }
        return candidates.filter { !hidden.contains($0) }.compactMap {
            context.notification(to: $0, from: actor.id, .mention, post: post.id, comment: comment?.id)
        }
    }

    /// Tells the live-update streams of the mentions just stored.
    func publish(_ mentions: [NetworkNotification]) async {
        for mention in mentions { await context.events.publish(mention, unlessHiddenIn: store) }
    }
}
