import Foundation
import Logging
import SocialModel
import SocialModelPostgres
import SocialModelSQLite

extension StoreLocation {
    /// Opens the store this location names: a `SQLiteSocialStore` for `sqlite:` (created and
    /// migrated if new) or a `PostgresSocialStore` for `postgres://` (connected and migrated;
    /// close it at shutdown).
    ///
    /// ```swift
    /// let location = try StoreLocation.fromEnvironment(default: .sqlite(path: "social.sqlite"))
    /// let store = try await location.open(logger: logger)
    /// ```
    /// - Parameter logger: where a PostgreSQL store logs.
    /// - Returns: the open store.
    /// - Throws: `StoreError.cannotOpen(path:message:)`.
    public func open(logger: Logger) async throws(StoreError) -> any SocialStore {
        switch self {
        case .sqlite(let path): try SQLiteSocialStore(path: path)
        case .postgres(let url):
            try await PostgresSocialStore.connect(PostgresStoreConfiguration(url: url), logger: logger)
        }
    }
}
