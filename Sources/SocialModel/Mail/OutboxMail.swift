import Foundation

/// A request for account mail whose recipient the sender resolves: "email a password reset token
/// to this address if it has an account". Queuing one is the same write whether or not the address
/// is registered, so answering the request takes the same work for both.
public struct AccountMailRequest: Sendable, Hashable, Codable {
    /// What is asked for.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A new email verification token, if the address has an unverified account.
        case emailVerification = "email-verification"
        /// A password reset token, if the address has an account.
        case passwordReset = "password-reset"
    }

    /// What is asked for.
    public var kind: Kind
    /// The address, normalised.
    public var address: String

    /// Creates a request.
    public init(kind: Kind, address: String) {
        self.kind = kind
        self.address = address
    }
}

/// One row of a store's mail outbox (``MailOutboxStore``): a message to send, or an account mail
/// request to resolve, with its delivery attempts so far.
public struct OutboxMail: Sendable, Hashable, Identifiable {
    /// What the row holds.
    public enum Content: Sendable, Hashable, Codable {
        /// A composed message, sent as it is.
        case message(MailMessage)
        /// A request whose recipient and message the sender works out (``AccountService/resolve(_:)``).
        case accountRequest(AccountMailRequest)
    }

    /// The row's id.
    public var id: UUID
    /// What the row holds.
    public var content: Content
    /// When it was queued.
    public var createdAt: Date
    /// Failed delivery attempts so far.
    public var attempts: Int
    /// When it is due next; `nil` once it has failed for good (a permanent failure, or every attempt
    /// the retry policy allows). A failed row stays for operators to see (``MailOutboxCounts/failed``)
    /// and to queue again (``MailOutboxStore/requeueFailedMail(at:)``).
    public var nextAttemptAt: Date?
    /// The last delivery error, for operators.
    public var lastError: String?

    /// Creates a row.
    /// - Parameters:
    ///   - id: the row's id; a new one by default.
    ///   - content: the message or request.
    ///   - createdAt: when it was queued.
    ///   - attempts: failed attempts so far.
    ///   - nextAttemptAt: when it is due; `nil` for a failed row.
    ///   - lastError: the last delivery error.
    public init(
        id: UUID = UUID(), content: Content, createdAt: Date, attempts: Int, nextAttemptAt: Date?, lastError: String?
    ) {
        self.id = id
        self.content = content
        self.createdAt = createdAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }

    /// A new row, due at once.
    /// - Parameters:
    ///   - content: the message or request.
    ///   - date: when it is queued.
    /// - Returns: the row, with a new id and no attempts.
    public static func queued(_ content: Content, at date: Date) -> OutboxMail {
        OutboxMail(content: content, createdAt: date, attempts: 0, nextAttemptAt: date, lastError: nil)
    }

    /// A row as a store keeps it: the content as JSON (``encodedContent()``), dates as seconds since
    /// the reference date. The stores all decode their columns through this initialiser.
    /// - Throws: ``StoreError/database(message:)`` when the id or the content cannot be read.
    public init(
        storedID: String, content: Data, createdAt: Double, attempts: Int, nextAttemptAt: Double?,
        lastError: String?
    ) throws(StoreError) {
        guard let id = UUID(uuidString: storedID) else {
            throw .database(message: "a mail outbox row has a malformed id")
        }
        let decoded: Content
        do {
            decoded = try JSONDecoder().decode(Content.self, from: content)
        } catch {
            throw .database(message: "a mail outbox row cannot be read: \(error)")
        }
        self.init(
            id: id, content: decoded, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), attempts: attempts,
            nextAttemptAt: nextAttemptAt.map(Date.init(timeIntervalSinceReferenceDate:)), lastError: lastError)
    }

    /// The content as the stores keep it (JSON).
    /// - Throws: ``StoreError/database(message:)`` if it cannot be encoded.
    public func encodedContent() throws(StoreError) -> Data {
        do {
            return try JSONEncoder().encode(content)
        } catch {
            throw .database(message: "a mail outbox row cannot be written: \(error)")
        }
    }

    /// ``id`` as the stores keep it.
    public var storedID: String { id.uuidString }

    /// The order claimed rows are returned in: oldest queued first, then by id.
    /// - Returns: whether `a` comes before `b`.
    public static func claimOrder(_ a: OutboxMail, _ b: OutboxMail) -> Bool {
        (a.createdAt, a.storedID) < (b.createdAt, b.storedID)
    }
}

/// How much mail an outbox holds, for operators.
public struct MailOutboxCounts: Sendable, Hashable {
    /// Rows still to be sent (due now or waiting for a retry).
    public var pending: Int
    /// Rows that failed for good and wait for an operator (``MailOutboxStore/requeueFailedMail(at:)``).
    public var failed: Int

    /// Creates counts.
    public init(pending: Int, failed: Int) {
        self.pending = pending
        self.failed = failed
    }
}
