import Foundation
import SocialModel

/// The moderation store's statements, written once for both SQL stores as ``SQLStatement``s, and
/// each row decoded once, here, from ``SQLColumns``.
package enum ModerationSQL {
    static let reportColumns = """
        id, reporter_id, target_kind, target_id, reported_user_id, reason, note, created_at, outcome, resolved_at
        """
    static let actionColumns = "id, moderator_id, decision, target_kind, target_id, user_id, reason, until, created_at"

    /// Inserts an open report unless the reporter has one open on the target (the partial unique
    /// index), returning a row only when stored.
    package static func insert(_ report: Report) -> SQLStatement {
        """
        INSERT INTO reports (\(raw: reportColumns)) VALUES (\(report.id), \(report.reporterID), \
        \(report.target.kind.rawValue), \(report.target.id), \(report.reportedUserID), \(report.reason.rawValue), \
        \(report.note), \(report.createdAt), NULL, NULL) ON CONFLICT DO NOTHING RETURNING 1
        """
    }

    /// A page of `list`, keyset-paged on (created_at, id).
    package static func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) -> SQLStatement {
        let select = "SELECT \(raw: reportColumns) FROM reports WHERE" as SQLStatement
        switch list {
        case .open:
            return """
                \(select) outcome IS NULL \(Keyset.after(after, "created_at", "id")) \
                ORDER BY created_at ASC, id ASC LIMIT \(max(0, limit))
                """
        case .reporter(let id):
            return """
                \(select) reporter_id = \(id) \(Keyset.before(after, "created_at", "id")) \
                ORDER BY created_at DESC, id DESC LIMIT \(max(0, limit))
                """
        }
    }

    /// One report by id.
    package static func report(id: ReportID) -> SQLStatement {
        "SELECT \(raw: reportColumns) FROM reports WHERE id = \(id)"
    }

    /// The two statements of a decision, run in one transaction: the audit entry, then the
    /// closing of the target's open reports (returning one row per closed report).
    package static func record(_ action: ModerationAction) -> [SQLStatement] {
        [
            """
            INSERT INTO moderation_actions (\(raw: actionColumns)) VALUES (\(action.id), \(action.moderatorID), \
            \(action.decision.rawValue), \(action.target.kind.rawValue), \(action.target.id), \(action.userID), \
            \(action.reason), \(action.until), \(action.createdAt))
            """,
            """
            UPDATE reports SET outcome = \(action.decision.rawValue), resolved_at = \(action.createdAt) \
            WHERE target_kind = \(action.target.kind.rawValue) AND target_id = \(action.target.id) \
            AND outcome IS NULL RETURNING 1
            """,
        ]
    }

    /// A page of the audit log, newest first.
    package static func log(after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: actionColumns) FROM moderation_actions WHERE 1 = 1 \(Keyset.before(after, "created_at", "id")) \
        ORDER BY created_at DESC, id DESC LIMIT \(max(0, limit))
        """
    }

    /// Adds or removes a moderator, returning a row when it changed.
    package static func setModerator(_ userID: UserID, _ isModerator: Bool) -> SQLStatement {
        isModerator
            ? "INSERT INTO moderators (user_id) VALUES (\(userID)) ON CONFLICT DO NOTHING RETURNING 1"
            : "DELETE FROM moderators WHERE user_id = \(userID) RETURNING 1"
    }

    /// A row when the user is a moderator.
    package static func isModerator(_ userID: UserID) -> SQLStatement {
        "SELECT 1 FROM moderators WHERE user_id = \(userID)"
    }

    /// Suspends a user (an upsert), or lifts the suspension.
    package static func setSuspension(_ userID: UserID, until: Date?) -> SQLStatement {
        guard let until else { return "DELETE FROM suspensions WHERE user_id = \(userID) RETURNING 1" }
        return """
            INSERT INTO suspensions (user_id, until) VALUES (\(userID), \(until)) \
            ON CONFLICT (user_id) DO UPDATE SET until = excluded.until RETURNING 1
            """
    }

    /// The end of a user's suspension, when there is one.
    package static func suspendedUntil(_ userID: UserID) -> SQLStatement {
        "SELECT until FROM suspensions WHERE user_id = \(userID)"
    }

    /// Lifts every suspension that has ended by `date`, a row per lifted one.
    package static func liftSuspensions(endedBy date: Date) -> SQLStatement {
        "DELETE FROM suspensions WHERE until <= \(date) RETURNING 1"
    }

    /// Empties a message's text and deletes its photo (a moderator's removal), a row when it exists.
    package static func removeMessageContent(_ id: MessageID) -> [SQLStatement] {
        [
            "UPDATE messages SET text = '', has_photo = \(false) WHERE id = \(id) RETURNING 1",
            "DELETE FROM message_photos WHERE message_id = \(id) RETURNING 1",
        ]
    }

    /// A message's sender, when the participant is in its conversation.
    package static func messageSender(_ id: MessageID, participant: UserID) -> SQLStatement {
        """
        SELECT m.sender_id FROM messages m JOIN conversations c ON c.id = m.conversation_id \
        WHERE m.id = \(id) AND \(participant) IN (c.user_a, c.user_b)
        """
    }
}

/// The moderation requirements written once for both SQL stores; each store adds only
/// ``ModerationStore/recordModeration(_:)``, a transaction that counts the rows it changed.
extension ModerationStore where Self: SQLBackedStore {
    /// Stores a report unless its reporter has one open on the target.
    ///
    /// - Throws: `StoreError/missingReference` if the reporter does not exist.
    public func insertReport(_ report: Report) async throws(StoreError) -> Bool {
        try await sql.run(ModerationSQL.insert(report)) > 0
    }

    /// A page of the queue or of one reporter's reports.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Report] {
        try await sql.fetch(ModerationSQL.reports(list, after: after, limit: limit)) { try $0.report() }
    }

    /// One report.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func report(id: ReportID) async throws(StoreError) -> Report? {
        try await sql.fetchOne(ModerationSQL.report(id: id)) { try $0.report() }
    }

    /// The audit log, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func moderationLog(after: KeysetCursor?, limit: Int) async throws(StoreError) -> [ModerationAction] {
        try await sql.fetch(ModerationSQL.log(after: after, limit: limit)) { try $0.moderationAction() }
    }

    /// Adds or removes the moderator flag.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setModerator(userID: UserID, _ isModerator: Bool) async throws(StoreError) -> Bool {
        try await sql.run(ModerationSQL.setModerator(userID, isModerator)) > 0
    }

    /// Whether the user is a moderator.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isModerator(userID: UserID) async throws(StoreError) -> Bool {
        try await sql.fetchOne(ModerationSQL.isModerator(userID)) { _ in true } ?? false
    }

    /// Suspends a user, or lifts the suspension.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setSuspension(userID: UserID, until: Date?) async throws(StoreError) {
        _ = try await sql.run(ModerationSQL.setSuspension(userID, until: until))
    }

    /// When a user's suspension ends.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func suspendedUntil(userID: UserID) async throws(StoreError) -> Date? {
        try await sql.fetchOne(ModerationSQL.suspendedUntil(userID)) { try $0.date() }
    }

    /// Lifts the suspensions that have ended by `date`.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func liftSuspensions(endedBy date: Date) async throws(StoreError) -> Int {
        try await sql.run(ModerationSQL.liftSuspensions(endedBy: date))
    }

    /// Empties a message's text and deletes its photo, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func removeMessageContent(id: MessageID) async throws(StoreError) -> Bool {
        let steps = ModerationSQL.removeMessageContent(id)
        do {
            try await sql.transaction(
                [SQLStep(steps[0], unlessChanged: .notFound(entity: "message"))] + steps.dropFirst().map { SQLStep($0) }
            )
        } catch .notFound(entity: "message") {
            return false
        }
        return true
    }

    /// A message's sender, for a participant.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messageSender(id: MessageID, participantID: UserID) async throws(StoreError) -> UserID? {
        try await sql.fetchOne(ModerationSQL.messageSender(id, participant: participantID)) { try $0.id() }
    }
}

extension SQLColumns {
    /// A report, from ``ModerationSQL``'s report columns.
    package mutating func report() throws -> Report {
        let reportID: ReportID = try id()
        let reporter: UserID = try id()
        let kind = try string()
        let target = try string()
        let reported: UserID = try id()
        let reason = try string()
        let note = try optionalString()
        let created = try date()
        let outcome = try optionalString()
        let resolved = try optionalDate()
        return Report(
            id: reportID, reporterID: reporter, target: ReportTarget(kind: try known(kind), id: target),
            reportedUserID: reported, reason: try known(reason), note: note, createdAt: created,
            outcome: try outcome.map { try known($0) }, resolvedAt: resolved)
    }

    /// An audit entry, from ``ModerationSQL``'s action columns.
    package mutating func moderationAction() throws -> ModerationAction {
        let actionID: ModerationActionID = try id()
        let moderator: UserID = try id()
        let decision = try string()
        let kind = try string()
        let target = try string()
        let user: UserID = try id()
        let reason = try string()
        let until = try optionalDate()
        return ModerationAction(
            id: actionID, moderatorID: moderator, decision: try known(decision),
            target: ReportTarget(kind: try known(kind), id: target), userID: user, reason: reason, until: until,
            createdAt: try date())
    }

    private func known<T: RawRepresentable<String>>(_ raw: String) throws -> T {
        guard let value = T(rawValue: raw) else {
            throw StoreError.database(message: "unknown \(T.self) value in a moderation row: \(raw)")
        }
        return value
    }
}
