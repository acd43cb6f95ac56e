import Foundation

/// Which reports a list shows.
public enum ReportList: Sendable, Hashable {
    /// The moderation queue: every open report, oldest first (ties by id, ascending).
    case open
    /// One reporter's reports, open or decided, newest first (ties by id, descending).
    case reporter(UserID)
}

/// Persists reports, moderators and the moderation audit log.
///
/// It keeps data only: who may report what, who is a moderator, what a decision does to
/// content and accounts are decided by ``ModerationService``. Deleting a user deletes their
/// reports and their moderator flag; the audit log keeps every entry.
public protocol ModerationStore: Sendable {
    /// Stores a report unless its reporter already has an open report of the same target.
    /// - Parameter report: an open report.
    /// - Returns: whether it was stored.
    /// - Throws: ``StoreError/missingReference`` if the reporter does not exist.
    func insertReport(_ report: Report) async throws(StoreError) -> Bool
    /// A page of reports.
    /// - Parameters:
    ///   - list: the queue or one reporter's reports.
    ///   - after: the cursor of the previous page's last report, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the reports, in the list's order.
    /// - Throws: ``StoreError`` when the store fails.
    func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Report]
    /// One report.
    /// - Parameter id: its id.
    /// - Returns: the report, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func report(id: ReportID) async throws(StoreError) -> Report?
    /// Records `action` in the audit log and gives every open report of its target its decision,
    /// in one transaction.
    /// - Parameter action: the moderator's action.
    /// - Returns: how many open reports it closed.
    /// - Throws: ``StoreError`` when the store fails.
    func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int
    /// The audit log, newest first (ties by id, descending).
    /// - Parameters:
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the entries.
    /// - Throws: ``StoreError`` when the store fails.
    func moderationLog(after: KeysetCursor?, limit: Int) async throws(StoreError) -> [ModerationAction]
    /// Makes a user a moderator, or not; setting what is set changes nothing.
    /// - Parameters:
    ///   - userID: the user.
    ///   - isModerator: whether they moderate afterwards.
    /// - Returns: whether it changed.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setModerator(userID: UserID, _ isModerator: Bool) async throws(StoreError) -> Bool
    /// Whether a user is a moderator.
    /// - Parameter userID: the user.
    /// - Returns: whether they moderate.
    /// - Throws: ``StoreError`` when the store fails.
    func isModerator(userID: UserID) async throws(StoreError) -> Bool
    /// Suspends a user until a date (`Date.distantFuture` for a ban), or lifts their
    /// suspension (`nil`). While a user is suspended, the shared visibility predicate hides them
    /// and their content from everyone else.
    /// - Parameters:
    ///   - userID: the user.
    ///   - until: when the suspension ends, or `nil` to lift it.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setSuspension(userID: UserID, until: Date?) async throws(StoreError)
    /// When a user's suspension ends (`Date.distantFuture` for a ban), or `nil` when they are not suspended.
    /// - Parameter userID: the user.
    /// - Returns: the end of the suspension, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func suspendedUntil(userID: UserID) async throws(StoreError) -> Date?
    /// Lifts every suspension that has ended by `date` (`until <= date`), so the shared visibility
    /// predicate shows those users and their content again.
    /// - Parameter date: now, on the network's clock.
    /// - Returns: how many suspensions it lifted.
    /// - Throws: ``StoreError`` when the store fails.
    func liftSuspensions(endedBy date: Date) async throws(StoreError) -> Int
    /// Removes a message's content for a moderator: its text is emptied and its photo deleted, in
    /// one transaction. The message keeps its place in its conversation (shown as removed), so
    /// the conversation's order and unread counts stay as they were.
    /// - Parameter id: the message.
    /// - Returns: whether the message exists.
    /// - Throws: ``StoreError`` when the store fails.
    func removeMessageContent(id: MessageID) async throws(StoreError) -> Bool
    /// Who sent a direct message, if `participantID` takes part in its conversation.
    /// - Parameters:
    ///   - id: the message.
    ///   - participantID: who asks.
    /// - Returns: the sender, or `nil` when there is no such message or the asker is not in it.
    /// - Throws: ``StoreError`` when the store fails.
    func messageSender(id: MessageID, participantID: UserID) async throws(StoreError) -> UserID?
}
