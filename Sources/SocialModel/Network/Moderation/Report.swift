import Foundation

extension IDKind {
    /// A report of a post, comment, message or user.
    public enum Report: IdentifierKind {
        /// `rpt`.
        public static let prefix = "rpt"
    }
    /// An entry of the moderation audit log.
    public enum ModerationAction: IdentifierKind {
        /// `mod`.
        public static let prefix = "mod"
    }
}

/// Identifies a report.
public typealias ReportID = Identifier<IDKind.Report>
/// Identifies an entry of the moderation audit log.
public typealias ModerationActionID = Identifier<IDKind.ModerationAction>

/// Why something is reported.
public enum ReportReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unwanted advertising or repeated content.
    case spam
    /// Harassment or bullying.
    case harassment
    /// Hate speech.
    case hate
    /// Violence or threats.
    case violence
    /// Sexual content.
    case sexualContent = "sexual-content"
    /// Self-harm.
    case selfHarm = "self-harm"
    /// Anything else (the note says what).
    case other
    /// Held by the network's ``ContentCheck`` before anyone else saw it; the note is the check's
    /// reason and the reporter is the author. Only the network files these: a user's report with
    /// this reason is ``NetworkError/forbidden``.
    case contentCheck = "content-check"
}

/// What a report or a moderation action is about: a post, a comment, a direct message or a user.
public struct ReportTarget: Sendable, Hashable, Codable {
    /// The kinds of things that can be reported.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A post.
        case post
        /// A comment.
        case comment
        /// A direct message.
        case message
        /// A user account.
        case user
    }

    /// What kind of thing it is.
    public var kind: Kind
    /// Its id (a post, comment, message or user id's text).
    public var id: String

    /// Creates a target from its kind and id text.
    public init(kind: Kind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// A post.
    public static func post(_ id: PostID) -> ReportTarget { ReportTarget(kind: .post, id: id.rawValue) }
    /// A comment.
    public static func comment(_ id: CommentID) -> ReportTarget { ReportTarget(kind: .comment, id: id.rawValue) }
    /// A direct message.
    public static func message(_ id: MessageID) -> ReportTarget { ReportTarget(kind: .message, id: id.rawValue) }
    /// A user.
    public static func user(_ id: UserID) -> ReportTarget { ReportTarget(kind: .user, id: id.rawValue) }
}

/// What a moderator did about a target: the outcome of the reports about it.
public enum ModerationDecision: String, Sendable, Hashable, Codable, CaseIterable {
    /// The reported post or comment was removed.
    case contentRemoved = "content-removed"
    /// The account that wrote it (or the reported account) was suspended until a date.
    case accountSuspended = "account-suspended"
    /// That account was banned for good.
    case accountBanned = "account-banned"
    /// Nothing was done: the report was dismissed.
    case dismissed
}

/// A user's report of a post, comment, message or user, with its outcome once a moderator acted.
public struct Report: Sendable, Hashable, Codable, Identifiable {
    /// The report's id.
    public var id: ReportID
    /// Who reported.
    public var reporterID: UserID
    /// What is reported.
    public var target: ReportTarget
    /// Who wrote the reported content (for a reported user, that user).
    public var reportedUserID: UserID
    /// Why.
    public var reason: ReportReason
    /// The reporter's note, if any (at most ``Report/noteMaximumLength`` characters).
    public var note: String?
    /// When it was made.
    public var createdAt: Date
    /// What the moderator decided; `nil` while the report is open.
    public var outcome: ModerationDecision?
    /// When it was decided.
    public var resolvedAt: Date?

    /// Creates a report.
    public init(
        id: ReportID, reporterID: UserID, target: ReportTarget, reportedUserID: UserID, reason: ReportReason,
        note: String?, createdAt: Date, outcome: ModerationDecision? = nil, resolvedAt: Date? = nil
    ) {
        self.id = id
        self.reporterID = reporterID
        self.target = target
        self.reportedUserID = reportedUserID
        self.reason = reason
        self.note = note
        self.createdAt = createdAt
        self.outcome = outcome
        self.resolvedAt = resolvedAt
    }

    /// The cursor that continues a list after this report.
    public var cursor: KeysetCursor { KeysetCursor(date: createdAt, id: id.rawValue) }
}

/// One entry of the moderation audit log: who did what to which target, when and why.
public struct ModerationAction: Sendable, Hashable, Codable, Identifiable {
    /// The entry's id.
    public var id: ModerationActionID
    /// The moderator who acted.
    public var moderatorID: UserID
    /// What they decided.
    public var decision: ModerationDecision
    /// What it was about.
    public var target: ReportTarget
    /// The account concerned (the author of the content, or the reported user).
    public var userID: UserID
    /// The moderator's reason, as they wrote it.
    public var reason: String
    /// For a suspension, when it ends.
    public var until: Date?
    /// When it was done.
    public var createdAt: Date

    /// Creates an entry.
    public init(
        id: ModerationActionID, moderatorID: UserID, decision: ModerationDecision, target: ReportTarget,
        userID: UserID, reason: String, until: Date?, createdAt: Date
    ) {
        self.id = id
        self.moderatorID = moderatorID
        self.decision = decision
        self.target = target
        self.userID = userID
        self.reason = reason
        self.until = until
        self.createdAt = createdAt
    }

    /// The cursor that continues the log after this entry.
    public var cursor: KeysetCursor { KeysetCursor(date: createdAt, id: id.rawValue) }
}
