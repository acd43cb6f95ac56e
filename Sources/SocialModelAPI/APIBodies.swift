import Foundation
import SocialModel

/// The body of `POST /sessions`.
public struct SignInRequest: Sendable, Hashable, Codable {
    /// The account's email address.
    public var email: String
    /// The password.
    public var password: String

    /// Creates a request.
    /// - Parameters:
    ///   - email: the account's email address.
    ///   - password: the password.
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// What `POST /sessions` answers: the bearer token, whose it is and until when it is accepted.
public struct SessionResponse: Sendable, Hashable, Codable {
    /// The bearer token to send as `Authorization: Bearer <token>`.
    public var token: String
    /// The signed-in user (with their email address).
    public var user: User
    /// When the session stops being accepted.
    public var expiresAt: Date

    /// Creates a response.
    /// - Parameters:
    ///   - token: the bearer token.
    ///   - user: the signed-in user.
    ///   - expiresAt: the expiry.
    public init(token: String, user: User, expiresAt: Date) {
        self.token = token
        self.user = user
        self.expiresAt = expiresAt
    }
}

/// The body of `POST /accounts/verification`: the token emailed at registration.
public struct VerificationRequest: Sendable, Hashable, Codable {
    /// The emailed token.
    public var token: String

    /// Creates a request.
    /// - Parameter token: the emailed token.
    public init(token: String) {
        self.token = token
    }
}

/// The body of `POST /accounts/verification/resend`.
public struct ResendVerificationRequest: Sendable, Hashable, Codable {
    /// The address registered.
    public var email: String

    /// Creates a request.
    /// - Parameter email: the address registered.
    public init(email: String) {
        self.email = email
    }
}

/// The body of `POST /posts/{postID}/comments`.
public struct CommentRequest: Sendable, Hashable, Codable {
    /// The comment's text, one line.
    public var text: String

    /// Creates a request.
    /// - Parameter text: the comment's text.
    public init(text: String) {
        self.text = text
    }
}

/// A count: unread notifications, or how many a bulk change touched.
public struct CountResponse: Sendable, Hashable, Codable {
    /// The count.
    public var count: Int

    /// Creates a response.
    /// - Parameter count: the count.
    public init(count: Int) {
        self.count = count
    }
}

/// The JSON body of `POST /users/{userID}/messages` (a photo message sends the photo as the body
/// instead, with the text as `?text=`).
public struct MessageRequest: Sendable, Hashable, Codable {
    /// The message's text.
    public var text: String

    /// Creates a request.
    /// - Parameter text: the message's text.
    public init(text: String) {
        self.text = text
    }
}

/// The body of `PUT /me/password`.
public struct PasswordChangeRequest: Sendable, Hashable, Codable {
    /// The password now in force.
    public var current: String
    /// The password to set.
    public var new: String

    /// Creates a request.
    /// - Parameters:
    ///   - current: the password now in force.
    ///   - new: the password to set.
    public init(current: String, new: String) {
        self.current = current
        self.new = new
    }
}

/// The body of `POST /sessions/provider` and `POST /me/identities`: a token from an identity
/// provider's own sign-in.
public struct ProviderSignInRequest: Sendable, Hashable, Codable {
    /// The provider's name, as the server configured it.
    public var provider: String
    /// The token the provider's sign-in returned.
    public var token: String
    /// The nonce the app put into that sign-in request, if any.
    public var nonce: String?

    /// Creates a request.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - token: the provider's token.
    ///   - nonce: the nonce of the sign-in request, if any.
    public init(provider: String, token: String, nonce: String? = nil) {
        self.provider = provider
        self.token = token
        self.nonce = nonce
    }
}

/// The body of `POST /accounts/password-reset`.
public struct PasswordResetRequest: Sendable, Hashable, Codable {
    /// The account's address.
    public var email: String

    /// Creates a request.
    /// - Parameter email: the account's address.
    public init(email: String) {
        self.email = email
    }
}

/// The body of `POST /accounts/password-reset/confirm`: the emailed token and the new password.
public struct PasswordResetConfirmation: Sendable, Hashable, Codable {
    /// The token from the reset email.
    public var token: String
    /// The password to set.
    public var password: String

    /// Creates a confirmation.
    /// - Parameters:
    ///   - token: the emailed token.
    ///   - password: the password to set.
    public init(token: String, password: String) {
        self.token = token
        self.password = password
    }
}

/// A report to make: the body of `POST /reports`.
public struct ReportRequest: Sendable, Hashable, Codable {
    /// What to report.
    public var target: ReportTarget
    /// Why.
    public var reason: ReportReason
    /// More words, or `nil`.
    public var note: String?

    /// Creates a request.
    /// - Parameters:
    ///   - target: what to report.
    ///   - reason: why.
    ///   - note: more words, or `nil`.
    public init(target: ReportTarget, reason: ReportReason, note: String? = nil) {
        self.target = target
        self.reason = reason
        self.note = note
    }
}

/// A moderator's decision about a report: the body of `POST /moderation/reports/{reportID}/decision`.
public struct ModerationDecisionRequest: Sendable, Hashable, Codable {
    /// What to do.
    public var decision: ModerationDecision
    /// Why, for the audit log.
    public var reason: String
    /// When a suspension ends; only for a suspension.
    public var until: Date?

    /// Creates a request.
    /// - Parameters:
    ///   - decision: what to do.
    ///   - reason: why, for the audit log.
    ///   - until: when a suspension ends; only for a suspension.
    public init(decision: ModerationDecision, reason: String, until: Date? = nil) {
        self.decision = decision
        self.reason = reason
        self.until = until
    }
}
