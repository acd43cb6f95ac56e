import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: ModerationStore {
    /// Stores a report unless its reporter has one open on the target.
    ///
    /// - Throws: `StoreError/missingReference` if the reporter does not exist.
    public func insertReport(_ report: Report) async throws(StoreError) -> Bool {
        try await !rows(ModerationSQL.insert(report)).isEmpty
    }

    /// A page of the queue or of one reporter's reports.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Report] {
        let statement = ModerationSQL.reports(list, after: after, limit: limit)
        return try await fetch(statement.sqliteText, Self.arguments(statement)) { try $0.report() }
    }

    /// One report.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func report(id: ReportID) async throws(StoreError) -> Report? {
        let statement = ModerationSQL.report(id: id)
        return try await fetchOne(statement.sqliteText, Self.arguments(statement)) { try $0.report() }
    }

    /// Records the action and closes its target's open reports, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int {
        try await rows(ModerationSQL.record(action)).count
    }

    /// The audit log, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func moderationLog(after: KeysetCursor?, limit: Int) async throws(StoreError) -> [ModerationAction] {
        let statement = ModerationSQL.log(after: after, limit: limit)
        return try await fetch(statement.sqliteText, Self.arguments(statement)) { try $0.moderationAction() }
    }

    /// Adds or removes the moderator flag.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setModerator(userID: UserID, _ isModerator: Bool) async throws(StoreError) -> Bool {
        try await !rows(ModerationSQL.setModerator(userID, isModerator)).isEmpty
    }

    /// Whether the user is a moderator.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isModerator(userID: UserID) async throws(StoreError) -> Bool {
        let statement = ModerationSQL.isModerator(userID)
        return try await fetchOne(statement.sqliteText, Self.arguments(statement)) { _ in true } ?? false
    }

    /// Suspends a user, or lifts the suspension.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setSuspension(userID: UserID, until: Date?) async throws(StoreError) {
        _ = try await rows(ModerationSQL.setSuspension(userID, until: until))
    }

    /// When a user's suspension ends.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func suspendedUntil(userID: UserID) async throws(StoreError) -> Date? {
        let statement = ModerationSQL.suspendedUntil(userID)
        return try await fetchOne(statement.sqliteText, Self.arguments(statement)) { try $0.date() }
    }

    /// A message's sender, for a participant.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messageSender(id: MessageID, participantID: UserID) async throws(StoreError) -> UserID? {
        let statement = ModerationSQL.messageSender(id, participant: participantID)
        return try await fetchOne(statement.sqliteText, Self.arguments(statement)) { try $0.id() }
    }

    /// Runs write statements in one transaction; the rows of the last that returns any, counted.
    private func rows(_ statements: ModerationSQL.Statement...) async throws(StoreError) -> [Int] {
        try await rows(statements)
    }

    private func rows(_ statements: [ModerationSQL.Statement]) async throws(StoreError) -> [Int] {
        try await write { db in
            var result: [Int] = []
            for statement in statements {
                result = try SQLiteRow.fetchAll(db, statement.sqliteText, Self.arguments(statement)) { _ in 1 }
            }
            return result
        }
    }

    private static func arguments(_ statement: ModerationSQL.Statement) -> StatementArguments {
        StatementArguments(
            statement.values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .text(let text): text
                case .real(let real): real
                }
            })
    }

    /// Reports (one open per reporter and target: a partial unique index), the audit log (which
    /// outlives the accounts it names), suspensions and the moderator flags.
    static let moderationSchema = """
        CREATE TABLE reports (
            id TEXT NOT NULL PRIMARY KEY,
            reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            target_kind TEXT NOT NULL,
            target_id TEXT NOT NULL,
            reported_user_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            note TEXT,
            created_at REAL NOT NULL,
            outcome TEXT,
            resolved_at REAL);
        CREATE UNIQUE INDEX reports_one_open ON reports(reporter_id, target_kind, target_id) WHERE outcome IS NULL;
        CREATE INDEX reports_queue ON reports(created_at, id) WHERE outcome IS NULL;
        CREATE INDEX reports_by_reporter ON reports(reporter_id, created_at, id);
        CREATE INDEX reports_by_target ON reports(target_kind, target_id) WHERE outcome IS NULL;
        CREATE TABLE moderation_actions (
            id TEXT NOT NULL PRIMARY KEY,
            moderator_id TEXT NOT NULL,
            decision TEXT NOT NULL,
            target_kind TEXT NOT NULL,
            target_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            until REAL,
            created_at REAL NOT NULL);
        CREATE INDEX moderation_actions_by_date ON moderation_actions(created_at, id);
        CREATE TABLE suspensions (
            user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            until REAL NOT NULL) WITHOUT ROWID;
        CREATE TABLE moderators (
            user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE) WITHOUT ROWID;
        """
}
