import Foundation

/// A hashtag's feed and hashtag search, as one signed-in user sees them. Get it from
/// ``NetworkSession/hashtags``.
///
/// Captions' hashtags are indexed when a post is published (``PostService/publish(_:)``); a
/// comment's hashtags are parsed like a caption's but not indexed, so a feed shows what authors
/// tagged their own posts with. A tag is asked for as written, with or without its sign:
/// `#Tokyo`, `tokyo` and `＃ＴＯＫＹＯ` are one tag (``TextEntities/hashtagKey(_:)``).
public struct HashtagService: Sendable {
    let store: any HashtagStore & SafetyStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// The posts tagged with `hashtag`, newest first, without those explore leaves out: posts of
    /// users the signed-in user mutes or who have a block with them, of suspended users, and
    /// posts a content check holds (but the user's own).
    /// - Parameters:
    ///   - hashtag: the tag, with or without its sign.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of posts (short pages may still have more after them).
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range, or for a `hashtag`
    ///   that is not one (``NetworkField/hashtag``, `malformed`).
    public func posts(hashtag: String, after: FeedCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<PostView, FeedCursor>
    {
        let limit = try context.limit(limit)
        let key = try Self.key(hashtag, limits: context.policy.textEntities)
        let views = try await context.fromStore {
            try await store.posts(taggedWith: key, viewerID: actor.id, after: after, limit: limit)
        }
        return FeedService.page(views, limit: limit, viewer: actor.id)
    }

    /// Hashtags whose keys start with `prefix`'s key, in key order, with how many posts carry
    /// each: the way ``ProfileService/search(usernamePrefix:after:limit:)`` finds users.
    /// - Parameters:
    ///   - prefix: the start of a hashtag, with or without its sign; blank, or with a character no
    ///     hashtag has (`%`, `'`, a space), finds none.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of hashtags.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func search(prefix: String, after: String? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<HashtagSummary, String>
    {
        let limit = try context.limit(limit)
        let start = Self.withoutSign(prefix.trimmingCharacters(in: .whitespacesAndNewlines))
        let key = TextEntities.hashtagKey(start)
        guard !key.isEmpty, key.count <= context.policy.textEntities.maximumHashtagLength,
            start.allSatisfy(TextEntities.continuesWord)
        else { return CursorPage(items: [], next: nil) }
        let found = try await context.fromStore { try await store.hashtags(prefix: key, after: after, limit: limit) }
        return CursorPage(items: found, limit: limit, cursor: \.name)
    }

    /// The key of a tag asked for: it must be one whole hashtag, with or without its sign.
    static func key(_ hashtag: String, limits: TextEntityLimits) throws(NetworkError) -> String {
        let tag = withoutSign(hashtag)
        let found = TextEntities.parse("#" + tag, limits: limits).hashtags
        guard found.count == 1, found[0].text == tag else {
            throw .invalid([NetworkViolation(.hashtag, .malformed(expected: "one hashtag: letters, marks, digits, _"))])
        }
        return found[0].key
    }

    /// `text` without one leading hashtag sign (`#`, `＃`, `﹟`).
    static func withoutSign(_ text: String) -> String {
        guard let first = text.first, TextEntities.isHashSign(first) else { return text }
        return String(text.dropFirst())
    }
}
