import Foundation
import SocialModel

extension SocialClientSession {
    /// The posts tagged with a hashtag, newest first, without those of users who have a block
    /// with you or whom you mute.
    /// - Parameters:
    ///   - hashtag: the tag as written, with or without its sign: `#Tokyo`, `tokyo` and
    ///     `＃ＴＯＫＹＯ` are one tag.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of posts (a short page may still have more after it).
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a tag that is not one hashtag or a
    ///   page size out of range.
    public func posts(hashtag: String, after: FeedCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<PostView, FeedCursor>
    {
        try await json(
            CursorPage<PostView, FeedCursor>.self, "GET", ["hashtags", hashtag, "posts"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Hashtags whose key starts with `prefix`'s, in key order, with how many posts carry each.
    /// - Parameters:
    ///   - prefix: the start of a hashtag, with or without its sign.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of hashtags.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func searchHashtags(prefix: String, after: String? = nil, limit: Int? = nil)
        async throws(SocialClientError) -> CursorPage<HashtagSummary, String>
    {
        try await json(
            CursorPage<HashtagSummary, String>.self, "GET", ["hashtags"],
            query: [URLQueryItem(name: "prefix", value: prefix)] + pageQuery(after: after, limit: limit))
    }
}
