import Foundation
import Locking

/// Wakes a ``MailOutboxSender`` as soon as mail is queued, so that mail leaves at once instead of
/// at the sender's next poll.
///
/// Give the same signal to the sender (`wakeUp:`) and to what queues the mail: wrap the outbox the
/// ``AccountService`` writes to in a ``SignallingMailOutbox``, which calls ``notify()`` after each
/// write that queued mail has committed.
///
/// ```swift
/// let wakeUp = MailOutboxSignal()
/// let accounts = AccountService(
///     store: store, mailer: mailer, outbox: SignallingMailOutbox(store, signal: wakeUp), hasher: hasher)
/// let sender = MailOutboxSender(outbox: store, mailer: mailer, accounts: accounts, wakeUp: wakeUp)
/// ```
///
/// A signal reaches only the senders of its process. The sender still polls every
/// ``MailOutboxSender/pollInterval``, which picks up mail other instances queued, and rows whose
/// retry came due. A notification that arrives while no sender waits is kept (one, however many
/// arrive), so a row queued during a pass is sent by the pass right after it.
public final class MailOutboxSignal: Sendable {
    private struct State {
        var pending = false
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// A signal with nothing pending.
    public init() {}

    /// Says mail was queued: wakes every waiting sender, or the next one to wait.
    public func notify() {
        let woken = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.pending = true
                return [CheckedContinuation<Void, Never>]()
            }
            let waiters = Array(state.waiters.values)
            state.waiters = [:]
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns at the next ``notify()`` (at once if one is pending, which it consumes), or when the
    /// task is cancelled.
    func wait() async {
        let key = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiters[key] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: key) }?.resume()
        }
    }
}

/// A ``MailOutboxStore`` that forwards to another and calls ``MailOutboxSignal/notify()`` after each
/// write that queued mail has committed: ``enqueueMail(_:)``,
/// ``replaceTokens(with:enqueueing:)``, ``setPasswordHash(_:userID:enqueueing:)`` and
/// ``requeueFailedMail(at:)`` (when it queued any). Give it to the ``AccountService`` as its outbox.
public struct SignallingMailOutbox: MailOutboxStore {
    /// The outbox written to.
    public let base: any MailOutboxStore
    /// What is told when mail was queued.
    public let signal: MailOutboxSignal

    /// Wraps an outbox.
    /// - Parameters:
    ///   - base: the outbox written to (usually the store).
    ///   - signal: what is told when mail was queued; the sender's `wakeUp`.
    public init(_ base: any MailOutboxStore, signal: MailOutboxSignal) {
        self.base = base
        self.signal = signal
    }

    /// Queues a row, then notifies.
    /// - Parameter mail: the row.
    /// - Throws: what the base outbox throws; then nothing is notified.
    public func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        try await base.enqueueMail(mail)
        signal.notify()
    }

    /// Replaces the tokens and queues the mail, then notifies.
    /// - Parameters:
    ///   - token: the new token.
    ///   - mail: the row to queue.
    /// - Throws: what the base outbox throws; then nothing is notified.
    public func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await base.replaceTokens(with: token, enqueueing: mail)
        signal.notify()
    }

    /// Sets the password hash and queues the mail, then notifies.
    /// - Parameters:
    ///   - hash: the new password hash.
    ///   - userID: the user's id.
    ///   - mail: the row to queue.
    /// - Throws: what the base outbox throws; then nothing is notified.
    public func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await base.setPasswordHash(hash, userID: userID, enqueueing: mail)
        signal.notify()
    }

    /// Claims due rows from the base outbox.
    /// - Parameters:
    ///   - now: the current time.
    ///   - leaseUntil: when an unfinished claimed row is due again.
    ///   - limit: the most rows to claim.
    /// - Returns: the claimed rows.
    /// - Throws: what the base outbox throws.
    public func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        try await base.claimDueMail(now: now, leaseUntil: leaseUntil, limit: limit)
    }

    /// Removes a sent row.
    /// - Parameter id: the row's id.
    /// - Throws: what the base outbox throws.
    public func markMailSent(id: UUID) async throws(StoreError) {
        try await base.markMailSent(id: id)
    }

    /// Records a failed attempt.
    /// - Parameters:
    ///   - id: the row's id.
    ///   - attempts: failed attempts so far.
    ///   - nextAttemptAt: when to try again, or `nil` for failed for good.
    ///   - error: what went wrong.
    /// - Throws: what the base outbox throws.
    public func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        try await base.rescheduleMail(id: id, attempts: attempts, nextAttemptAt: nextAttemptAt, error: error)
    }

    /// The base outbox's counts.
    /// - Returns: the counts.
    /// - Throws: what the base outbox throws.
    public func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        try await base.mailOutboxCounts()
    }

    /// Queues every failed row again, then notifies if any was.
    /// - Parameter date: when they are due.
    /// - Returns: how many rows were queued again.
    /// - Throws: what the base outbox throws.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        let count = try await base.requeueFailedMail(at: date)
        if count > 0 { signal.notify() }
        return count
    }
}
