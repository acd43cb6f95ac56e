import Foundation
import SocialModel
import SocialModelAPI

extension SocialClientSession {
    /// Reports a post, comment, message or user to the moderators. Reporting what you have
    /// already reported, while that report is open, changes nothing.
    /// - Parameters:
    ///   - target: what to report.
    ///   - reason: why.
    ///   - note: more words, at most `Report.noteMaximumLength` characters.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found` (a target you cannot see),
    ///   `self-action` (your own) or `invalid` (a note too long).
    public func report(_ target: ReportTarget, reason: ReportReason, note: String? = nil)
        async throws(SocialClientError)
    {
        _ = try await transport.send(
            "POST", ["reports"], token: token,
            body: transport.encoded(ReportRequest(target: target, reason: reason, note: note)), expect: [204])
    }

    /// Your reports with their outcomes, newest first.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of reports.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func myReports(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<Report, KeysetCursor>
    {
        try await json(
            CursorPage<Report, KeysetCursor>.self, "GET", ["me", "reports"],
            query: pageQuery(after: after, limit: limit))
    }

    /// The moderation queue, open reports oldest first (moderators only).
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of open reports.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` unless you moderate.
    public func moderationQueue(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<Report, KeysetCursor>
    {
        try await json(
            CursorPage<Report, KeysetCursor>.self, "GET", ["moderation", "reports"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Decides about a report's target (moderators only): every open report of it closes with
    /// the decision, which the audit log records.
    /// - Parameters:
    ///   - reportID: an open report.
    ///   - decision: what to do.
    ///   - reason: why.
    ///   - until: when a suspension ends; only for a suspension.
    /// - Returns: the audit entry.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden`, `not-found` or `invalid`.
    @discardableResult
    public func decide(reportID: ReportID, _ decision: ModerationDecision, reason: String, until: Date? = nil)
        async throws(SocialClientError) -> ModerationAction
    {
        try await json(
            ModerationAction.self, "POST", ["moderation", "reports", reportID.rawValue, "decision"],
            body: ModerationDecisionRequest(decision: decision, reason: reason, until: until))
    }

    /// The moderation audit log, newest first (moderators only).
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of entries.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` unless you moderate.
    public func moderationLog(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<ModerationAction, KeysetCursor>
    {
        try await json(
            CursorPage<ModerationAction, KeysetCursor>.self, "GET", ["moderation", "log"],
            query: pageQuery(after: after, limit: limit))
    }
}
