import Foundation
import SocialModel

/// The hashtag index and the mention statements, written once for both SQL stores, with the
/// index's schema: each store runs it in its own migration, naming only its text column type.
package enum HashtagSQL {
    /// The index of posts by hashtag: a row per post and hashtag key, with the post's date, so a
    /// hashtag's feed is one range of the primary key read newest first, and a prefix search one
    /// range of keys (byte order: SQLite's default, PostgreSQL's "C" collation given as `text`).
    /// A post's rows go with it by cascade, through the second index.
    /// - Parameter text: the id and key column type (`TEXT`, or `text COLLATE "C"`).
    /// - Returns: the statements, in order.
    package static func schema(text: String) -> [String] {
        [
            """
            CREATE TABLE post_hashtags (
                tag \(text) NOT NULL,
                created_at double precision NOT NULL,
                post_id \(text) NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
                PRIMARY KEY (tag, created_at, post_id))
            """,
            "CREATE INDEX post_hashtags_by_post ON post_hashtags (post_id)",
        ]
    }

    /// A post's index rows, one statement whatever their number.
    package static func index(_ post: Post, hashtags: [String]) -> SQLStatement {
        """
        INSERT INTO post_hashtags (tag, created_at, post_id) \
        SELECT t.id, \(post.createdAt), \(post.id) FROM \(table: hashtags) t
        """
    }

    /// The users with these username keys.
    package static func users(usernameKeys: [String]) -> SQLStatement {
        "SELECT \(raw: SQLShape.user) FROM users WHERE username_key IN (SELECT k.id FROM \(table: usernameKeys) k)"
    }

    /// A hashtag's posts as the viewer sees them, newest first, filtered by the visibility
    /// predicate explore uses (``SafetySQL/visible(to:other:_:)`` for posts), in one statement.
    package static func posts(taggedWith tag: String, viewerID: UserID, after: FeedCursor?, limit: Int)
        -> SQLStatement
    {
        let cursor: SQLStatement = after.map { "AND (h.created_at, h.post_id) < (\($0.createdAt), \($0.postID))" } ?? ""
        let view = SQLStatement(binding: viewerID.sqlValue) { viewer in
            """
            SELECT \(SQLShape.viewColumns(liked: "EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = \(viewer))")) \
            FROM post_hashtags h JOIN posts p ON p.id = h.post_id JOIN users u ON u.id = p.author_id \
            LEFT JOIN comments fc ON fc.id = \
            (SELECT c.id FROM comments c WHERE c.post_id = p.id ORDER BY c.created_at, c.id LIMIT 1) \
            WHERE \(SafetySQL.visible(to: viewer, other: "p.author_id", .posts))
            """
        }
        return """
            \(view) AND h.tag = \(tag) \(cursor) ORDER BY h.created_at DESC, h.post_id DESC LIMIT \(max(0, limit))
            """
    }

    /// Hashtags whose keys start with `prefix`, after `after`, in key order, with their post
    /// counts: keys in [prefix, prefix + U+10FFFF) are exactly the prefix's (no key has that
    /// noncharacter), read as one range of the primary key.
    package static func search(prefix: String, after: String?, limit: Int) -> SQLStatement {
        """
        SELECT tag, count(*) FROM post_hashtags WHERE tag >= \(prefix) AND tag > \(after ?? "") \
        AND tag < \(prefix + "\u{10FFFF}") GROUP BY tag ORDER BY tag LIMIT \(max(0, limit))
        """
    }
}
