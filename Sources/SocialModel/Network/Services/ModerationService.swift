import Foundation

/// Reports and moderation, for one signed-in user. Get it from ``NetworkSession/moderation``.
///
/// Anyone signed in may **report** a post or comment they can see, a direct message of a
/// conversation they are part of, or another user, with a ``ReportReason`` and an optional note;
/// they have at most one open report of each target, and see the outcome of their reports in
/// ``myReports(after:limit:)``.
///
/// A **moderator** — a user the operator made one with ``SocialNetwork/setModerator(userID:_:)``
/// (there is no HTTP route for it) — reads the queue of open reports, oldest first, and decides
/// about a report's target: remove the post or comment, suspend its author until a date, ban
/// them, or dismiss the reports. The decision closes every open report of the target and is
/// recorded in the audit log (who, what, when, why), which moderators read with ``log(after:limit:)``.
/// Everyone else gets ``NetworkError/forbidden`` from those operations.
public struct ModerationService: Sendable {
    let store: any NetworkStore & ModerationStore
    let context: NetworkContext
    /// Ends a suspended account's sessions.
    let accounts: AccountService
    /// The signed-in user.
    public let actor: User

    /// Reports a post, comment, message or user.
    /// - Parameters:
    ///   - target: what to report.
    ///   - reason: why.
    ///   - note: more words, at most ``Report/noteMaximumLength`` characters on up to 10 lines; an
    ///     empty note is none.
    /// - Returns: `true` when the report was made; `false` when the user already has an open
    ///   report of the target (nothing changes).
    /// - Throws: ``NetworkError/notFound(_:)`` for a target that does not exist or that the user
    ///   cannot see (a blocked user's post, a message of someone else's conversation),
    ///   ``NetworkError/selfAction`` for one's own account or content, ``NetworkError/invalid(_:)``
    ///   for a note too long, ``NetworkError/forbidden`` for ``ReportReason/contentCheck`` (the
    ///   network's own).
    @discardableResult
    public func report(_ target: ReportTarget, reason: ReportReason, note: String? = nil) async throws(NetworkError)
        -> Bool
    {
        guard reason != .contentCheck else { throw .forbidden }
        let note = try note.map { text throws(NetworkError) in
            try context.checked(
                text, .note, maximumLength: Report.noteMaximumLength, maximumLines: 10, required: false)
        }
        let owner = try await author(of: target)
        guard owner != actor.id else { throw .selfAction }
        let report = Report(
            id: .random(), reporterID: actor.id, target: target, reportedUserID: owner, reason: reason,
            note: note?.isEmpty == false ? note : nil, createdAt: context.now)
        return try await context.fromStore { try await store.insertReport(report) }
    }

    /// The signed-in user's reports with their outcomes, newest first.
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of reports.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func myReports(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<Report, KeysetCursor>
    {
        try await page(.reporter(actor.id), after: after, limit: limit)
    }

    /// The moderation queue: open reports, oldest first.
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of open reports.
    /// - Throws: ``NetworkError/forbidden`` unless the user is a moderator, ``NetworkError/invalid(_:)``.
    public func queue(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<Report, KeysetCursor>
    {
        try await requireModerator()
        return try await page(.open, after: after, limit: limit)
    }

    /// Decides about a report's target, closing every open report of it with `decision`, and
    /// records the decision in the audit log.
    ///
    /// - ``ModerationDecision/contentRemoved``: deletes the reported post or comment, or empties
    ///   the reported message (text and photo; it keeps its place in the conversation); not for a user.
    /// - ``ModerationDecision/accountSuspended``: suspends the account that wrote the content (or
    ///   the reported user) until `until`, which must be in the future.
    /// - ``ModerationDecision/accountBanned``: bans that account.
    /// - ``ModerationDecision/dismissed``: does nothing else.
    ///
    /// A decision other than removal about content a ``ContentCheck`` held releases it; a
    /// released message then reaches its recipient as if it was sent at the decision, live
    /// update and unread count included (``MessageStore/releaseMessage(id:at:)``).
    /// - Parameters:
    ///   - reportID: an open report.
    ///   - decision: what to do.
    ///   - reason: why, for the audit log (1 to ``Report/noteMaximumLength`` characters).
    ///   - until: when a suspension ends; only for a suspension.
    /// - Returns: the audit entry.
    /// - Throws: ``NetworkError/forbidden`` unless the user is a moderator,
    ///   ``NetworkError/notFound(_:)`` with `.report` for an unknown or already decided report,
    ///   ``NetworkError/invalid(_:)`` for a decision the target cannot take, a missing or past
    ///   `until`, or a bad reason.
    @discardableResult
    public func decide(reportID: ReportID, _ decision: ModerationDecision, reason: String, until: Date? = nil)
        async throws(NetworkError) -> ModerationAction
    {
        try await requireModerator()
        let reason = try context.checked(
            reason, .note, maximumLength: Report.noteMaximumLength, maximumLines: 10, required: true)
        guard let report = try await context.fromStore({ try await store.report(id: reportID) }),
            report.outcome == nil
        else { throw .notFound(.report) }
        let suspension = decision == .accountSuspended
        guard suspension == (until != nil), until.map({ $0 > context.now }) ?? true else {
            throw .invalid([NetworkViolation(.until, .malformed(expected: "a future date, for a suspension only"))])
        }
        switch decision {
        case .contentRemoved: try await remove(report.target)
        case .accountSuspended, .accountBanned:
            try await suspend(report.reportedUserID, until: until ?? .distantFuture)
        case .dismissed: break
        }
        let action = ModerationAction(
            id: .random(), moderatorID: actor.id, decision: decision, target: report.target,
            userID: report.reportedUserID, reason: reason, until: until, createdAt: context.now)
        let closed = try await context.fromStore { try await store.recordModeration(action) }
        if report.reason == .contentCheck, report.target.kind == .message, decision != .contentRemoved, closed > 0 {
            try await release(MessageID(rawValue: report.target.id))
        }
        return action
    }

    /// Delivers a held message whose hold ended without removal (once, if two moderators decide)
    /// as if it was sent now, with the live update a sent message makes, to both participants:
    /// the sender is shown it in its new place.
    func release(_ id: MessageID) async throws(NetworkError) {
        let now = context.now
        guard let released = try await context.fromStore({ try await store.releaseMessage(id: id, at: now) }),
            let conversation = try await context.fromStore({ try await store.conversation(id: released.conversationID) }
            )
        else { return }
        context.events.publish(released, participants: conversation.participantIDs)
    }

    /// The audit log, newest first.
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of entries.
    /// - Throws: ``NetworkError/forbidden`` unless the user is a moderator, ``NetworkError/invalid(_:)``.
    public func log(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<ModerationAction, KeysetCursor>
    {
        try await requireModerator()
        let limit = try context.limit(limit)
        let entries = try await context.fromStore { try await store.moderationLog(after: after, limit: limit) }
        return CursorPage(items: entries, limit: limit, cursor: \.cursor)
    }

    /// Whether the signed-in user is a moderator.
    /// - Returns: whether they moderate.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    public func isModerator() async throws(NetworkError) -> Bool {
        try await context.fromStore { try await store.isModerator(userID: actor.id) }
    }

    func requireModerator() async throws(NetworkError) {
        guard try await isModerator() else { throw .forbidden }
    }

    func page(_ list: ReportList, after: KeysetCursor?, limit: Int?) async throws(NetworkError)
        -> CursorPage<Report, KeysetCursor>
    {
        let limit = try context.limit(limit)
        let reports = try await context.fromStore { try await store.reports(list, after: after, limit: limit) }
        return CursorPage(items: reports, limit: limit, cursor: \.cursor)
    }

    /// Who wrote the target (or, for a user, the user), when the signed-in user can see it.
    func author(of target: ReportTarget) async throws(NetworkError) -> UserID {
        let posts = PostService(store: store, context: context, actor: actor)
        switch target.kind {
        case .post:
            return try await posts.visiblePost(PostID(rawValue: target.id)).authorID
        case .comment:
            let id = CommentID(rawValue: target.id)
            guard let comment = try await context.fromStore({ try await store.comment(id: id) }) else {
                throw .notFound(.comment)
            }
            _ = try await posts.visiblePost(comment.postID)
            try await context.requireNoBlock(between: actor.id, and: comment.authorID, in: store, else: .comment)
            return comment.authorID
        case .message:
            let id = MessageID(rawValue: target.id)
            guard
                let sender = try await context.fromStore({
                    try await store.messageSender(id: id, participantID: actor.id)
                })
            else { throw .notFound(.message) }
            return sender
        case .user:
            let id = UserID(rawValue: target.id)
            _ = try await context.existingUser(id, in: store)
            try await context.requireNoBlock(between: actor.id, and: id, in: store, else: .user)
            return id
        }
    }

    /// Suspends (or bans) an account: stored first, so no new session opens, then every session
    /// it has ends the way signing out everywhere ends them (live connections close too).
    func suspend(_ userID: UserID, until: Date) async throws(NetworkError) {
        try await context.fromStore { try await store.setSuspension(userID: userID, until: until) }
        do {
            try await accounts.revoke(.init(userID: userID, scope: .all))
        } catch {
            throw .account(error)
        }
    }

    /// Deletes a reported post or comment, or removes a message's content (it stays in its
    /// conversation, emptied); a user cannot be removed (suspend or ban them).
    func remove(_ target: ReportTarget) async throws(NetworkError) {
        switch target.kind {
        case .post: _ = try await context.fromStore { try await store.deletePost(id: PostID(rawValue: target.id)) }
        case .comment:
            _ = try await context.fromStore { try await store.deleteComment(id: CommentID(rawValue: target.id)) }
        case .message:
            _ = try await context.fromStore { try await store.removeMessageContent(id: MessageID(rawValue: target.id)) }
        case .user:
            throw .invalid([NetworkViolation(.decision, .malformed(expected: "a post, comment or message to remove"))])
        }
    }
}

extension Report {
    /// The longest note a report (or a moderator's reason) may have, in characters.
    public static let noteMaximumLength = 1000
}
