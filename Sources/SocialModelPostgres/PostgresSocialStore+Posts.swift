import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: PostStore {
    /// The post as a viewer sees it.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try await fetch(PostViewShape.statement(id: id.rawValue, viewerID: viewerID.rawValue)) {
            try $0.postView()
        }.first
    }

    /// A post view's columns (see ``SQLShape/viewColumns(liked:)``), with the viewer bound as
    /// `viewer`; they go with ``viewJoins`` after `FROM posts p`, so a page is one round trip.
    ///
    /// Whether the viewer liked a post is a scalar subquery, one primary-key probe per post, not
    /// `EXISTS`: a prepared page's generic plan does not know its `LIMIT` and assumes hundreds of
    /// posts, for which PostgreSQL turns an `EXISTS` into a hash of every like the viewer ever gave
    /// (a heap page each), dearer than the page's 20 probes.
    static func viewColumns(viewer: String) -> String {
        SQLShape.viewColumns(
            liked: """
                COALESCE((SELECT true FROM post_likes pl WHERE pl.post_id = p.id AND pl.user_id = \(viewer)), false)
                """)
    }

    static let viewJoins = """
        JOIN users u ON u.id = p.author_id
        LEFT JOIN LATERAL (
            SELECT \(SQLShape.comment) FROM comments c WHERE c.post_id = p.id ORDER BY c.created_at, c.id LIMIT 1
        ) fc ON true
        """
}
