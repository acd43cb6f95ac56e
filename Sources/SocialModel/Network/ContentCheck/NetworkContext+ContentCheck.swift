import Foundation

/// The one rule of a hold: held content is shown to its author only. The stores read the flag
/// (``Post/held``, ``PostComment/held``, ``Message/held``); the services and the live-update hub
/// apply this rule to it, on every store alike.
enum HeldContent {
    /// Whether content `held` (or not), written by `authorID`, is shown to `viewerID` (`nil`: an
    /// anonymous reader, such as a share link's).
    static func shows(held: Bool, by authorID: UserID, to viewerID: UserID?) -> Bool {
        !held || authorID == viewerID
    }
}

extension NetworkContext {
    /// Asks the content check about each piece, in order: a refusal throws at once; otherwise
    /// the strictest answer is the result.
    /// - Returns: the check's reason when it holds the content; `nil` when it allows it (or
    ///   there is no check).
    /// - Throws: ``NetworkError/refused(_:_:)``.
    func screened(_ pieces: [SubmittedContent], by authorID: UserID) async throws(NetworkError) -> String? {
        guard let contentCheck else { return nil }
        var held: String?
        for piece in pieces {
            switch await contentCheck.check(piece, authorID: authorID) {
            case .allow: break
            case .hold(let reason): held = held ?? reason
            case .refuse(let refusal): throw .refused(piece.field, refusal)
            }
        }
        return held
    }

    /// Files the hold of content about to be stored: an open report by its author with the
    /// reason ``ReportReason/contentCheck`` and the check's reason as its note. It is filed
    /// first, so the content is never shown to others before the hold is in place; if storing
    /// the content then fails, the moderator finds a report of nothing and dismisses it.
    func hold(_ target: ReportTarget, by authorID: UserID, reason: String, in store: any ModerationStore)
        async throws(NetworkError)
    {
        let note = String(AccountValidator.normalizedText(reason).prefix(Report.noteMaximumLength))
        let report = Report(
            id: .random(), reporterID: authorID, target: target, reportedUserID: authorID, reason: .contentCheck,
            note: note.isEmpty ? nil : note, createdAt: now)
        _ = try await fromStore { try await store.insertReport(report) }
    }
}

extension PostView {
    /// The view as `viewerID` may see it: `nil` when its post is held from them, without its
    /// first comment when that is.
    func shown(to viewerID: UserID) -> PostView? {
        guard HeldContent.shows(held: post.held, by: post.authorID, to: viewerID) else { return nil }
        var view = self
        if let comment = firstComment, !HeldContent.shows(held: comment.held, by: comment.authorID, to: viewerID) {
            view.firstComment = nil
        }
        return view
    }
}
