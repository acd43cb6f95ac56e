import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore {
    /// The viewers the shared predicate hides `otherID` from, in one query (the viewers as one
    /// JSON argument; each is the predicate's viewer in turn).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func viewers(_ viewers: [UserID], hiding otherID: UserID, _ scope: SafetyScope) async throws(StoreError)
        -> Set<UserID>
    {
        guard !viewers.isEmpty else { return [] }
        let list = viewers.map(\.rawValue)
        return try await read { db in
            Set(
                try SQLiteRow.fetchAll(
                    db,
                    """
                    SELECT c.value FROM json_each(?2) c
                    WHERE NOT (\(SafetySQL.visible(to: "c.value", other: "?1", SafetySQL.Scope(scope))))
                    """, [otherID.rawValue, try SQLiteRow.json(list)]
                ) { UserID(rawValue: try $0.string()) })
        }
    }
}
