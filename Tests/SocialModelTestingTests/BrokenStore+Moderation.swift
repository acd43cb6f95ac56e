import Foundation
import SocialModel

// Reports and moderation, forwarded unchanged: no fault breaks them.
extension BrokenStore {
    func insertReport(_ report: Report) async throws(StoreError) -> Bool { try await base.insertReport(report) }
    func reports(_ list: ReportList, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Report] {
        try await base.reports(list, after: after, limit: limit)
    }
    func report(id: ReportID) async throws(StoreError) -> Report? { try await base.report(id: id) }
    func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int {
        try await base.recordModeration(action)
    }
    func moderationLog(after: KeysetCursor?, limit: Int) async throws(StoreError) -> [ModerationAction] {
        try await base.moderationLog(after: after, limit: limit)
    }
    func setModerator(userID: UserID, _ isModerator: Bool) async throws(StoreError) -> Bool {
        try await base.setModerator(userID: userID, isModerator)
    }
    func isModerator(userID: UserID) async throws(StoreError) -> Bool { try await base.isModerator(userID: userID) }
    func setSuspension(userID: UserID, until: Date?) async throws(StoreError) {
        try await base.setSuspension(userID: userID, until: until)
    }
    func suspendedUntil(userID: UserID) async throws(StoreError) -> Date? {
        try await base.suspendedUntil(userID: userID)
    }
    func removeMessageContent(id: MessageID) async throws(StoreError) -> Bool {
        try await base.removeMessageContent(id: id)
    }
    func liftSuspensions(endedBy date: Date) async throws(StoreError) -> Int {
        try await base.liftSuspensions(endedBy: date)
    }
    func messageSender(id: MessageID, participantID: UserID) async throws(StoreError) -> UserID? {
        try await base.messageSender(id: id, participantID: participantID)
    }
}
