import Foundation
import SocialModel

/// What a SQL store does with a shared statement — run it, read its rows, run a few in one
/// transaction — and how its dialect writes it. The SQLite and PostgreSQL stores each implement
/// these few calls; the store requirements are written once, over them (`SQLStore+*.swift`).
package protocol SQLExecutor: Sendable {
    /// The statement's text as this database runs it (its placeholders and id tables).
    func render(_ statement: SQLStatement) -> String

    /// The rows of one statement, each decoded by `decode` with the shared ``SQLColumns`` decoders;
    /// with `writes`, the rows a change returns (`DELETE … RETURNING`), run as a write.
    func fetch<T: Sendable>(
        _ statement: SQLStatement, writes: Bool, _ decode: @escaping @Sendable (inout any SQLColumns) throws -> T
    ) async throws(StoreError) -> [T]

    /// Runs one statement and returns how many rows it changed (the shared change statements
    /// return a row per changed row, so this holds for both databases).
    func run(_ statement: SQLStatement) async throws(StoreError) -> Int

    /// Runs `steps` in order in one transaction; a step with an error throws it (and rolls back)
    /// when it changes nothing.
    func transaction(_ steps: [SQLStep]) async throws(StoreError)

    /// The statement that tells other processes about a write, to run in the write's transaction:
    /// PostgreSQL's `pg_notify`; `nil` for SQLite, whose one process learns of its writes itself.
    func announcement(_ event: SQLAnnouncement) -> SQLStatement?

    /// The clause that makes a subquery skip rows another transaction has locked
    /// (` FOR UPDATE SKIP LOCKED` in PostgreSQL; empty for SQLite, which writes one at a time).
    var skipLockedRows: String { get }

    /// The value that sets a row's `seq` in `table` after every row's so far (PostgreSQL's
    /// identity: `DEFAULT`; SQLite, which writes one at a time: one more than the largest).
    func nextSeq(of table: String) -> String

    /// Adds (`add`) or removes (`remove`) one link — a like, a follow — in one transaction, with
    /// its notification: a new link stores (PostgreSQL also announces) `notification`, a removed
    /// one deletes the notifications that match it. Returns whether the link changed.
    func toggle(_ on: Bool, add: SQLStatement, remove: SQLStatement, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
}

/// A write other processes hear of (``SQLExecutor/announcement(_:)``).
package enum SQLAnnouncement: Sendable {
    case notification(NotificationID)
    case post(PostID)
    case revocation(SessionRevocation)
    /// A message reached its conversation's participants (a held one when it is released).
    case message(MessageID, participants: [UserID])
    /// Mail was queued.
    case mail
}

/// One statement of a ``SQLExecutor/transaction(_:)``.
package struct SQLStep: Sendable {
    package let statement: SQLStatement
    /// Thrown when the statement changes nothing; `nil` when that is fine.
    package let unlessChanged: StoreError?

    package init(_ statement: SQLStatement, unlessChanged: StoreError? = nil) {
        (self.statement, self.unlessChanged) = (statement, unlessChanged)
    }
}

extension SQLExecutor {
    /// The rows of one query, each decoded by `decode`.
    package func fetch<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (inout any SQLColumns) throws -> T
    ) async throws(StoreError) -> [T] {
        try await fetch(statement, writes: false, decode)
    }

    /// `statement` then, where the database announces writes, `event`'s announcement.
    package func announcing(_ event: SQLAnnouncement, after statements: [SQLStatement]) -> [SQLStatement] {
        statements + (announcement(event).map { [$0] } ?? [])
    }

    /// Runs `statements` in order in one transaction.
    package func transaction(_ statements: [SQLStatement]) async throws(StoreError) {
        try await transaction(statements.map { SQLStep($0) })
    }

    /// The first row of one statement, decoded by `decode`.
    package func fetchOne<T: Sendable>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (inout any SQLColumns) throws -> T
    ) async throws(StoreError) -> T? {
        try await fetch(statement, decode).first
    }
}

/// A SQL store's database, as the requirements written once for both SQL stores reach it
/// (its workings are the package's own).
public struct SQLDatabase: Sendable {
    package let executor: any SQLExecutor

    package init(_ executor: any SQLExecutor) {
        self.executor = executor
    }
}

/// A store kept in a SQL database (SQLite or PostgreSQL): the store requirements it does not
/// implement itself come, written once, from the shared SQL (`SocialModelSQL`).
public protocol SQLBackedStore: Sendable {
    /// The database the shared requirements run their statements on.
    var sqlDatabase: SQLDatabase { get }
}

extension SQLBackedStore {
    package var sql: any SQLExecutor { sqlDatabase.executor }
}

/// Where the statements the shared requirements run can be watched, for tests that show a rule's
/// one statement is what every store runs.
package enum SQLTrace {
    /// Told the text (as the database runs it) of each statement an executor runs in this task.
    @TaskLocal package static var observer: (@Sendable (String) -> Void)?
}

extension SQLExecutor {
    /// Tells ``SQLTrace/observer``, if any, of statements about to run.
    package func trace(_ statements: [SQLStatement]) {
        guard let observer = SQLTrace.observer else { return }
        for statement in statements { observer(render(statement)) }
    }
}
