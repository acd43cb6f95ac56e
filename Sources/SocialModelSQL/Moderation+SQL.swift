import Foundation
import SocialModel

/// The moderation store's statements, written once for both SQL stores: the text numbers its
/// parameters `$1`, `$2`… (PostgreSQL's spelling; SQLite reads the same text with `?` for `$`),
/// and each row is decoded once, here, from ``SQLColumns``.
package enum ModerationSQL {
    /// A value bound to a parameter.
    package enum Value: Sendable, Equatable {
        case text(String?)
        case real(Double?)
    }

    /// SQL text with its parameters' values, in order.
    package struct Statement: Sendable {
        package var text: String
        package var values: [Value]

        /// The text as SQLite spells numbered parameters (`?1`).
        package var sqliteText: String { text.replacingOccurrences(of: "$", with: "?") }
    }

    static let reportColumns = """
        id, reporter_id, target_kind, target_id, reported_user_id, reason, note, created_at, outcome, resolved_at
        """
    static let actionColumns = "id, moderator_id, decision, target_kind, target_id, user_id, reason, until, created_at"

    /// Inserts an open report unless the reporter has one open on the target (the partial unique
    /// index), returning a row only when stored.
    package static func insert(_ report: Report) -> Statement {
        Statement(
            text: """
                INSERT INTO reports (\(reportColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL)
                ON CONFLICT DO NOTHING RETURNING 1
                """,
            values: [
                .text(report.id.rawValue), .text(report.reporterID.rawValue), .text(report.target.kind.rawValue),
                .text(report.target.id), .text(report.reportedUserID.rawValue), .text(report.reason.rawValue),
                .text(report.note), .real(report.createdAt.timeIntervalSinceReferenceDate),
            ])
    }

    /// A page of `list`, keyset-paged on (created_at, id).
    package static func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) -> Statement {
        var values: [Value] = []
        let (filter, ascending): (String, Bool)
        switch list {
        case .open: (filter, ascending) = ("outcome IS NULL", true)
        case .reporter(let id):
            values.append(.text(id.rawValue))
            (filter, ascending) = ("reporter_id = $1", false)
        }
        var keyset = ""
        if let after {
            values += [.real(after.date.timeIntervalSinceReferenceDate), .text(after.id)]
            let comparison = ascending ? ">" : "<"
            keyset = "AND (created_at, id) \(comparison) ($\(values.count - 1), $\(values.count))"
        }
        let order = ascending ? "ASC" : "DESC"
        return Statement(
            text: """
                SELECT \(reportColumns) FROM reports WHERE \(filter) \(keyset)
                ORDER BY created_at \(order), id \(order) LIMIT \(max(0, limit))
                """, values: values)
    }

    /// One report by id.
    package static func report(id: ReportID) -> Statement {
        Statement(text: "SELECT \(reportColumns) FROM reports WHERE id = $1", values: [.text(id.rawValue)])
    }

    /// The two statements of a decision, run in one transaction: the audit entry, then the
    /// closing of the target's open reports (returning one row per closed report).
    package static func record(_ action: ModerationAction) -> [Statement] {
        let date = Value.real(action.createdAt.timeIntervalSinceReferenceDate)
        let target: [Value] = [.text(action.target.kind.rawValue), .text(action.target.id)]
        return [
            Statement(
                text: "INSERT INTO moderation_actions (\(actionColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                values: [
                    .text(action.id.rawValue), .text(action.moderatorID.rawValue), .text(action.decision.rawValue),
                ]
                    + target + [
                        .text(action.userID.rawValue), .text(action.reason),
                        .real(action.until?.timeIntervalSinceReferenceDate), date,
                    ]),
            Statement(
                text: """
                    UPDATE reports SET outcome = $1, resolved_at = $2
                    WHERE target_kind = $3 AND target_id = $4 AND outcome IS NULL RETURNING 1
                    """, values: [.text(action.decision.rawValue), date] + target),
        ]
    }

    /// A page of the audit log, newest first.
    package static func log(after: KeysetCursor?, limit: Int) -> Statement {
        var values: [Value] = []
        var keyset = ""
        if let after {
            values = [.real(after.date.timeIntervalSinceReferenceDate), .text(after.id)]
            keyset = "WHERE (created_at, id) < ($1, $2)"
        }
        return Statement(
            text: """
                SELECT \(actionColumns) FROM moderation_actions \(keyset)
                ORDER BY created_at DESC, id DESC LIMIT \(max(0, limit))
                """, values: values)
    }

    /// Adds or removes a moderator, returning a row when it changed.
    package static func setModerator(_ userID: UserID, _ isModerator: Bool) -> Statement {
        Statement(
            text: isModerator
                ? "INSERT INTO moderators (user_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1"
                : "DELETE FROM moderators WHERE user_id = $1 RETURNING 1", values: [.text(userID.rawValue)])
    }

    /// A row when the user is a moderator.
    package static func isModerator(_ userID: UserID) -> Statement {
        Statement(text: "SELECT 1 FROM moderators WHERE user_id = $1", values: [.text(userID.rawValue)])
    }

    /// Suspends a user (an upsert), or lifts the suspension.
    package static func setSuspension(_ userID: UserID, until: Date?) -> Statement {
        guard let until else {
            return Statement(text: "DELETE FROM suspensions WHERE user_id = $1", values: [.text(userID.rawValue)])
        }
        return Statement(
            text: """
                INSERT INTO suspensions (user_id, until) VALUES ($1, $2)
                ON CONFLICT (user_id) DO UPDATE SET until = excluded.until
                """, values: [.text(userID.rawValue), .real(until.timeIntervalSinceReferenceDate)])
    }

    /// The end of a user's suspension, when there is one.
    package static func suspendedUntil(_ userID: UserID) -> Statement {
        Statement(text: "SELECT until FROM suspensions WHERE user_id = $1", values: [.text(userID.rawValue)])
    }

    /// A message's sender, when the participant is in its conversation.
    package static func messageSender(_ id: MessageID, participant: UserID) -> Statement {
        Statement(
            text: """
                SELECT m.sender_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
                WHERE m.id = $1 AND $2 IN (c.user_a, c.user_b)
                """, values: [.text(id.rawValue), .text(participant.rawValue)])
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
