// Compiler-error stubs for public API this product removed: old code fails to compile with a
// message that says what to write instead. None of them can be called.
// A stubbed type's members carry no attribute of their own: naming the type is the error.

// MARK: - The in-memory store is SQLite in memory (after 0.8.0)

/// Unavailable: the hand-written in-memory store was removed; an in-memory store is
/// `SQLiteSocialStore.inMemory()` from the SocialModelSQLite product, with the same rules as a file.
@available(
    *, unavailable,
    message:
        "InMemorySocialStore was removed: use `SQLiteSocialStore.inMemory()` (add the SocialModelSQLite product and import SocialModelSQLite)"
)
public final class InMemorySocialStore: Sendable {
    /// Unavailable: use `SQLiteSocialStore.inMemory()` from SocialModelSQLite.
    public init() { fatalError("unavailable") }
}
