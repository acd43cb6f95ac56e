import Foundation

/// An email the services send.
public struct MailMessage: Sendable, Hashable, Codable {
    /// Why a message is sent.
    public enum Purpose: String, Sendable, Hashable, Codable, CaseIterable {
        /// Carries a token that verifies the address.
        case emailVerification = "email-verification"
        /// Carries a token that lets the person choose a new password.
        case passwordReset = "password-reset"
        /// Tells the owner of an address that someone tried to register it again.
        case registrationAttempt = "registration-attempt"
        /// Tells the owner that their password was changed.
        case passwordChanged = "password-changed"
    }

    /// The recipient's address.
    public var to: String
    /// The recipient's name as it should appear beside the address ("Ľubomír Šťastný"), if known.
    public var recipientName: String?
    /// The subject line.
    public var subject: String
    /// The plain-text body.
    public var body: String
    /// Why it is sent.
    public var purpose: Purpose
    /// The one-time token the message carries, if any (also written in the body), so that an app
    /// can build a link from it.
    public var token: String?
    /// When it was sent.
    public var sentAt: Date

    /// Creates a message.
    public init(
        to: String, recipientName: String? = nil, subject: String, body: String, purpose: Purpose, token: String?,
        sentAt: Date
    ) {
        self.to = to
        self.recipientName = recipientName
        self.subject = subject
        self.body = body
        self.purpose = purpose
        self.token = token
        self.sentAt = sentAt
    }
}
