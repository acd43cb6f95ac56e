import FilmKit
import Foundation
import SocialModel
import SocialModelPhotos
import SocialModelSQLite
import SocialModelTesting
import TestSupport
import Testing

/// The project's two stores, SQLite on disk and in memory, and PostgreSQL. A new store is one more
/// case (and its lines in `withStore`); every conformance check and photo test then runs on it too.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    /// `SQLiteSocialStore.inMemory()`: the SQLite store's code on a database in memory.
    case inMemory
    /// A throw-away schema on the server named by `ANALOGKIT_POSTGRES_URL`; skipped (cancelled,
    /// with the reason) when the variable is unset or the server cannot be reached.
    case postgres

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh, empty store and a private temporary folder, then releases both
    /// (the folder is removed; a PostgreSQL store's pool is closed and its schema dropped).
    func withStore<T>(_ body: (any SocialStore, TemporaryDirectory) async throws -> T) async throws -> T {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        switch self {
        case .sqlite:
            return try await body(
                try SQLiteSocialStore(url: directory.url.appendingPathComponent("social.sqlite")), directory)
        case .inMemory:
            return try await body(SQLiteSocialStore.inMemory(), directory)
        case .postgres:
            return try await PostgresTestServer.withStore(maximumConnections: 4) { store in
                try await body(store, directory)
            }
        }
    }

    /// Runs `body` with the services over a fresh store and libvips photo processing, with a
    /// filter registry of its own (the built-in filters and stocks).
    func withHarness(_ body: (SocialTestHarness) async throws -> Void) async throws {
        try await withStore { store, _ in
            try await body(SocialTestHarness(store: store, photos: VipsPhotoProcessor(filters: FilterRegistry())))
        }
    }
}
