import Foundation
import SocialModel

extension StoreLocation {
    /// Opens the store this location names: a ``SQLiteSocialStore`` for `sqlite:` (created and
    /// migrated if new) or a ``PostgresSocialStore`` for `postgres://` (connected and migrated).
    ///
    /// ```swift
    /// let location = try StoreLocation.fromEnvironment(default: .sqlite(path: "social.sqlite"))
    /// let store = try await location.open()
    /// ```
    /// - Throws: ``StoreError/cannotOpen(path:message:)``.
    public func open() async throws(StoreError) -> any SocialStore {
        switch self {
        case .sqlite(let path): try SQLiteSocialStore(path: path)
        case .postgres(let url): try await PostgresSocialStore.connect(PostgresStoreConfiguration(url: url))
        }
    }
}
