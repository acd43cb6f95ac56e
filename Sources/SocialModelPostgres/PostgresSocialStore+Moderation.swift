import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: ModerationStore {
    /// Stores a report unless its reporter has one open on the target.
    ///
    /// - Throws: `StoreError/missingReference` if the reporter does not exist.
    public func insertReport(_ report: Report) async throws(StoreError) -> Bool {
        try await changed([ModerationSQL.insert(report)]) > 0
    }

    /// A page of the queue or of one reporter's reports.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Report] {
        try await fetch(Self.query(ModerationSQL.reports(list, after: after, limit: limit))) { try $0.report() }
    }

    /// One report.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func report(id: ReportID) async throws(StoreError) -> Report? {
        try await fetchOne(Self.query(ModerationSQL.report(id: id))) { try $0.report() }
    }

    /// Records the action and closes its target's open reports, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int {
        try await changed(ModerationSQL.record(action))
    }

    /// The audit log, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func moderationLog(after: KeysetCursor?, limit: Int) async throws(StoreError) -> [ModerationAction] {
        try await fetch(Self.query(ModerationSQL.log(after: after, limit: limit))) { try $0.moderationAction() }
    }

    /// Adds or removes the moderator flag.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setModerator(userID: UserID, _ isModerator: Bool) async throws(StoreError) -> Bool {
        try await changed([ModerationSQL.setModerator(userID, isModerator)]) > 0
    }

    /// Whether the user is a moderator.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isModerator(userID: UserID) async throws(StoreError) -> Bool {
        try await fetchOne(Self.query(ModerationSQL.isModerator(userID))) { _ in true } ?? false
    }

    /// Suspends a user, or lifts the suspension.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setSuspension(userID: UserID, until: Date?) async throws(StoreError) {
        _ = try await changed([ModerationSQL.setSuspension(userID, until: until)])
    }

    /// When a user's suspension ends.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func suspendedUntil(userID: UserID) async throws(StoreError) -> Date? {
        try await fetchOne(Self.query(ModerationSQL.suspendedUntil(userID))) { try $0.date() }
    }

    /// A message's sender, for a participant.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messageSender(id: MessageID, participantID: UserID) async throws(StoreError) -> UserID? {
        try await fetchOne(Self.query(ModerationSQL.messageSender(id, participant: participantID))) { try $0.id() }
    }

    /// Runs statements in one transaction and counts the rows the last one returns.
    private func changed(_ statements: [ModerationSQL.Statement]) async throws(StoreError) -> Int {
        try await transaction { connection in
            var count = 0
            for statement in statements {
                count = try await connection.query(Self.query(statement), logger: logger).collect().count
            }
            return count
        }
    }

    private static func query(_ statement: ModerationSQL.Statement) -> PostgresQuery {
        var bindings = PostgresBindings()
        for value in statement.values {
            switch value {
            case .text(let text?): bindings.append(text)
            case .real(let real?): bindings.append(real)
            case .text(nil), .real(nil): bindings.appendNull()
            }
        }
        return PostgresQuery(unsafeSQL: statement.text, binds: bindings)
    }
}

extension PostgresSchema {
    /// Reports (one open per reporter and target: a partial unique index), the audit log (which
    /// outlives the accounts it names), suspensions and the moderator flags.
    static let moderation = Migration(
        version: "v10-moderation",
        statements: [
            """
            CREATE TABLE reports (
                id text COLLATE "C" PRIMARY KEY,
                reporter_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                target_kind text NOT NULL,
                target_id text COLLATE "C" NOT NULL,
                reported_user_id text COLLATE "C" NOT NULL,
                reason text NOT NULL,
                note text,
                created_at double precision NOT NULL,
                outcome text,
                resolved_at double precision
            )
            """,
            """
            CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, target_kind, target_id)
            WHERE outcome IS NULL
            """,
            "CREATE INDEX reports_queue ON reports (created_at, id) WHERE outcome IS NULL",
            "CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at, id)",
            "CREATE INDEX reports_by_target ON reports (target_kind, target_id) WHERE outcome IS NULL",
            """
            CREATE TABLE moderation_actions (
                id text COLLATE "C" PRIMARY KEY,
                moderator_id text COLLATE "C" NOT NULL,
                decision text NOT NULL,
                target_kind text NOT NULL,
                target_id text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                reason text NOT NULL,
                until double precision,
                created_at double precision NOT NULL
            )
            """,
            "CREATE INDEX moderation_actions_by_date ON moderation_actions (created_at, id)",
            """
            CREATE TABLE suspensions (
                user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                until double precision NOT NULL
            )
            """,
            """
            CREATE TABLE moderators (
                user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE
            )
            """,
        ])
}
