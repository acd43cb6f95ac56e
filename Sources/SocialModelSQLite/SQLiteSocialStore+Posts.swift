import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: PostStore {
    /// The post as a viewer sees it.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try await read { db in try Self.views(ids: [id.rawValue], viewerID: viewerID, db).first }
    }

    /// The posts with these ids as `viewerID` sees them, in the order of `ids`, in one statement:
    /// each post joined with its author, its first comment and the viewer's like.
    static func views(ids: [String], viewerID: UserID, _ db: Database) throws -> [PostView] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let views = try SQLiteRow.fetchAll(
            db,
            """
            SELECT \(viewColumns)
            FROM posts p JOIN users u ON u.id = p.author_id
            LEFT JOIN comments fc ON fc.id = (SELECT id FROM comments WHERE post_id = p.id ORDER BY created_at, id LIMIT 1)
            WHERE p.id IN (\(placeholders))
            """, StatementArguments([viewerID.rawValue] + ids)
        ) { try $0.postView() }
        let byID = Dictionary(views.map { ($0.post.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// A view's columns; the viewer is the statement's first argument.
    static let viewColumns = SQLShape.viewColumns(
        liked: "EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?)")
}
