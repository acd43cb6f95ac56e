import Foundation
import SocialModel

// MARK: MailOutboxStore, forwarded
extension BrokenStore {
    func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        try await base.enqueueMail(mail)
    }
    func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await base.replaceTokens(with: token, enqueueing: mail)
    }
    func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await base.setPasswordHash(hash, userID: userID, enqueueing: mail)
    }
    func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        try await base.claimDueMail(now: now, leaseUntil: leaseUntil, limit: limit)
    }
    func markMailSent(id: UUID) async throws(StoreError) {
        try await base.markMailSent(id: id)
    }
    func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        try await base.rescheduleMail(id: id, attempts: attempts, nextAttemptAt: nextAttemptAt, error: error)
    }
    func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        try await base.mailOutboxCounts()
    }
    func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        try await base.requeueFailedMail(at: date)
    }
}
