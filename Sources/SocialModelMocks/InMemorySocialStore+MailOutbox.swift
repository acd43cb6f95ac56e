import Foundation
import SocialModel

extension InMemorySocialStore: MailOutboxStore {
    /// Queues a row.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.id` if a row has its id.
    public func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        try withState { state throws(StoreError) in try state.enqueue(mail) }
    }

    /// Replaces the user's tokens for the purpose and queues the mail, atomically.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.mailOutbox[mail.id] == nil else { throw .duplicate(.id) }
            try state.replaceTokens(with: token)
            try state.enqueue(mail)
        }
    }

    /// Sets the user's password hash and queues the mail, atomically.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(userID)
            try state.enqueue(mail)
            state.passwords[userID] = hash
        }
    }

    /// Claims the rows due at `now`, oldest due first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        try withState { state in
            let due = state.mailOutbox.values
                .filter { ($0.nextAttemptAt ?? .distantFuture) <= now }
                .sorted { ($0.nextAttemptAt ?? now, $0.storedID) < ($1.nextAttemptAt ?? now, $1.storedID) }
                .prefix(max(0, limit))
            let claimed = due.map { row in
                var row = row
                row.nextAttemptAt = leaseUntil
                return row
            }
            for row in claimed { state.mailOutbox[row.id] = row }
            return claimed.sorted(by: OutboxMail.claimOrder)
        }
    }

    /// Removes a sent row.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markMailSent(id: UUID) async throws(StoreError) {
        try withState { state in state.mailOutbox[id] = nil }
    }

    /// Records a failed attempt.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        try withState { state in
            state.mailOutbox[id]?.attempts = attempts
            state.mailOutbox[id]?.nextAttemptAt = nextAttemptAt
            state.mailOutbox[id]?.lastError = error
        }
    }

    /// The pending and failed counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        try withState { state in
            let failed = state.mailOutbox.values.count { $0.nextAttemptAt == nil }
            return MailOutboxCounts(pending: state.mailOutbox.count - failed, failed: failed)
        }
    }

    /// Makes the failed rows due again.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        try withState { state in
            let failed = state.mailOutbox.values.filter { $0.nextAttemptAt == nil }
            for row in failed {
                state.mailOutbox[row.id]?.nextAttemptAt = date
                state.mailOutbox[row.id]?.attempts = 0
            }
            return failed.count
        }
    }
}

extension State {
    /// Replaces the user's tokens of the token's purpose with it.
    mutating func replaceTokens(with token: OneTimeTokenRecord) throws(StoreError) {
        try requireUser(token.userID)
        guard tokens[token.tokenHash] == nil else { throw .duplicate(.token) }
        tokens = tokens.filter { $0.value.userID != token.userID || $0.value.purpose != token.purpose }
        tokens[token.tokenHash] = token
    }

    /// Adds an outbox row.
    mutating func enqueue(_ mail: OutboxMail) throws(StoreError) {
        guard mailOutbox[mail.id] == nil else { throw .duplicate(.id) }
        mailOutbox[mail.id] = mail
    }
}
