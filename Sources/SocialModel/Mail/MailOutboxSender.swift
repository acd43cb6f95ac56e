import Foundation
import Logging

/// Sends what a ``MailOutboxStore`` holds: claims due rows, sends messages through a ``Mailer``,
/// answers account mail requests through an ``AccountService``, and retries transient failures
/// with exponential backoff (``MailRetryPolicy``). A row that fails for good (a permanent failure,
/// or every attempt used) is kept as failed, logged as an error and counted for operators.
///
/// Run ``run(reporting:)`` beside the server (a host using swift-service-lifecycle wraps it in a `Service`;
/// social-server does); it returns when its task is cancelled. Several instances may run it over
/// one database: each row is claimed by one of them at a time.
public struct MailOutboxSender: Sendable {
    /// The outbox sent from.
    public let outbox: any MailOutboxStore
    /// What sends the messages.
    public let mailer: any Mailer
    /// What answers account mail requests (``AccountService/resolve(_:)``); give it the same outbox,
    /// so the token it issues and its mail are stored together and sent on the next claim.
    public let accounts: AccountService
    /// How failed mail is retried.
    public let policy: MailRetryPolicy
    /// How long a claimed row is left to this sender before another may claim it.
    public let lease: Duration
    /// How long ``run(reporting:)`` waits between passes over the outbox.
    public let pollInterval: Duration
    /// The most rows claimed at once.
    public let batchSize: Int
    /// What wakes ``run(reporting:)`` before ``pollInterval`` is up, when mail was queued.
    public let wakeUp: MailOutboxSignal?
    let clock: any WallClock
    let sleeper: any Clock<Duration>
    let logger: Logger

    /// Creates a sender.
    /// - Parameters:
    ///   - outbox: the outbox sent from (usually the store).
    ///   - mailer: what sends the messages.
    ///   - accounts: what answers account mail requests.
    ///   - policy: how failed mail is retried; ``MailRetryPolicy/outbox`` by default.
    ///   - lease: how long a claimed row belongs to this sender; longer than one delivery can take.
    ///   - pollInterval: the wait between passes; an interval under 100 ms is taken as 100 ms.
    ///   - batchSize: the most rows claimed at once (at least 1).
    ///   - clock: the time rows are due by; the accounts' clock by default.
    ///   - sleeper: what the wait between passes is measured on.
    ///   - wakeUp: ends the wait between passes early when mail was queued in this process
    ///     (``MailOutboxSignal``); without it, queued mail waits for the next poll.
    ///   - logger: where failures are reported (a warning for a retry, an error for a row that failed for good).
    public init(
        outbox: any MailOutboxStore, mailer: any Mailer, accounts: AccountService, policy: MailRetryPolicy = .outbox,
        lease: Duration = .seconds(300), pollInterval: Duration = .seconds(1), batchSize: Int = 20,
        clock: (any WallClock)? = nil, sleeper: any Clock<Duration> = ContinuousClock(),
        wakeUp: MailOutboxSignal? = nil, logger: Logger = Logger(label: "SocialModel.MailOutboxSender")
    ) {
        self.outbox = outbox
        self.mailer = mailer
        self.accounts = accounts
        self.policy = policy
        self.lease = lease
        self.pollInterval = pollInterval.asBackgroundInterval
        self.batchSize = max(1, batchSize)
        self.clock = clock ?? accounts.clock
        self.sleeper = sleeper
        self.wakeUp = wakeUp
        self.logger = logger
    }

    /// What one pass did.
    public struct Pass: Sendable, Hashable {
        /// Messages handed to the mailer, and requests answered (whether or not mail was due).
        public var sent = 0
        /// Rows that failed this time and will be tried again.
        public var retried = 0
        /// Rows that failed for good this time.
        public var failed = 0

        /// An empty pass.
        public init() {}
    }

    /// Sends every row due now, claiming batch after batch until none is due (a request answered
    /// in the pass queues its message, which the same pass sends).
    /// - Returns: what the pass did.
    /// - Throws: ``StoreError`` when the store fails; rows already handled stay handled.
    @discardableResult
    public func sendDue() async throws(StoreError) -> Pass {
        var pass = Pass()
        // Bounded, so one pass ends even if rows keep arriving.
        for _ in 0..<64 {
            let now = clock.now()
            let rows = try await outbox.claimDueMail(now: now, leaseUntil: now + lease.timeInterval, limit: batchSize)
            if rows.isEmpty { break }
            for row in rows { try await handle(row, &pass) }
        }
        return pass
    }

    /// Sends due mail every ``pollInterval``, and at once when ``wakeUp`` says mail was queued,
    /// until the task is cancelled. A store failure is logged and the next pass tries again.
    /// - Parameter report: if given, called after each pass with the outbox's counts (for gauges).
    public func run(reporting report: (@Sendable (MailOutboxCounts) -> Void)? = nil) async {
        while !Task.isCancelled {
            do {
                try await sendDue()
                if let report { report(try await counts()) }
            } catch {
                logger.error("the mail outbox cannot be read", metadata: ["error": "\(error)"])
            }
            await waitForNextPass()
        }
    }

    /// Waits ``pollInterval`` on the sleeper, or less if ``wakeUp`` is notified first.
    func waitForNextPass() async {
        guard let wakeUp else {
            try? await sleeper.sleep(for: pollInterval)
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [sleeper, pollInterval] in try? await sleeper.sleep(for: pollInterval) }
            group.addTask { await wakeUp.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// The outbox's pending and failed counts, for operators.
    /// - Returns: the counts.
    /// - Throws: ``StoreError`` when the store fails.
    public func counts() async throws(StoreError) -> MailOutboxCounts {
        try await outbox.mailOutboxCounts()
    }

    /// Sends one claimed row, then removes it or records the failure.
    func handle(_ row: OutboxMail, _ pass: inout Pass) async throws(StoreError) {
        guard let failure = try await deliver(row.content) else {
            try await outbox.markMailSent(id: row.id)
            pass.sent += 1
            return
        }
        let attempts = row.attempts + 1
        let retry = failure.isTransient && attempts < policy.maximumAttempts
        let next = retry ? clock.now() + policy.delay(afterAttempt: attempts).timeInterval : nil
        try await outbox.rescheduleMail(id: row.id, attempts: attempts, nextAttemptAt: next, error: "\(failure)")
        var metadata: Logger.Metadata = ["outbox-id": "\(row.id)", "attempts": "\(attempts)", "error": "\(failure)"]
        if case .message(let message) = row.content { metadata["purpose"] = "\(message.purpose.rawValue)" }
        if retry {
            pass.retried += 1
            logger.warning("mail not sent; it stays in the outbox and is retried", metadata: metadata)
        } else {
            pass.failed += 1
            logger.error("mail failed for good; it stays in the outbox as failed", metadata: metadata)
        }
    }
}

extension MailOutboxSender {
    /// Sends a message, or answers a request; returns the delivery error, if any.
    func deliver(_ content: OutboxMail.Content) async throws(StoreError) -> MailerError? {
        switch content {
        case .message(let message):
            do {
                try await mailer.send(message)
                return nil
            } catch {
                return error
            }
        case .accountRequest(let request):
            do {
                return try await accounts.resolve(request).error
            } catch .storage(let error) {
                throw error
            } catch {
                // Not a mail failure (a password hasher that failed): retrying will not help.
                return .deliveryFailed(message: "\(error)")
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, for adding to a `Date`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
