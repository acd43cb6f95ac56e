import Foundation

/// Decides about user content before the network stores it: captions, comments, direct messages
/// and photos. Pass one to ``SocialNetwork/init(store:accounts:photos:policy:events:contentCheck:)``;
/// without one, everything is allowed.
///
/// The services ask it after their own rules (length, lines, control characters) and before
/// anything is written, once per piece: a post's caption and its photo, a message's text and its
/// photo. The strictest answer wins:
///
/// - ``ContentVerdict/allow``: stored and shown as usual.
/// - ``ContentVerdict/hold(reason:)``: stored, but shown only to its author until a moderator
///   acts. It enters the moderation queue as a report with the reason
///   ``ReportReason/contentCheck`` and the check's reason as its note; dismissing the report
///   releases the content, removing it removes it, and the audit log records either.
/// - ``ContentVerdict/refuse(_:)``: nothing is stored; the call throws
///   ``NetworkError/refused(_:_:)``.
///
/// A check that cannot decide (a remote classifier that is down) should answer `hold`, so the
/// content waits for a person rather than going out unseen.
public protocol ContentCheck: Sendable {
    /// Decides about one piece of content.
    /// - Parameters:
    ///   - content: the text or photo, as it would be stored (normalised text; a photo already
    ///     upright, bounded and without metadata).
    ///   - authorID: who submits it.
    /// - Returns: allow, hold or refuse.
    func check(_ content: SubmittedContent, authorID: UserID) async -> ContentVerdict
}

/// A piece of content a ``ContentCheck`` decides about.
public enum SubmittedContent: Sendable, Hashable {
    /// A post's caption (not asked about when empty).
    case caption(String)
    /// A comment's text.
    case comment(String)
    /// A direct message's text (not asked about when empty).
    case message(String)
    /// A post's or a message's photo: the JPEG at its largest stored size.
    case photo(Data)

    /// The field a refusal of this content is about.
    public var field: NetworkField {
        switch self {
        case .caption: .caption
        case .comment: .comment
        case .message: .message
        case .photo: .photo
        }
    }
}

/// What a ``ContentCheck`` answers.
public enum ContentVerdict: Sendable, Hashable {
    /// Store and show it.
    case allow
    /// Store it, show it only to its author, and queue it for a moderator; `reason` is for the
    /// moderator (it becomes the report's note, cut to ``Report/noteMaximumLength`` characters).
    case hold(reason: String)
    /// Do not store it.
    case refuse(ContentRefusal)
}

/// Why a ``ContentCheck`` refused content: a stable code for programs and a reason for people.
public struct ContentRefusal: Sendable, Hashable, Codable {
    /// A stable, machine-readable code: `blocked-word` for ``WordListContentCheck``; a host's own
    /// check chooses its own (lower-case words joined by hyphens, by convention).
    public var code: String
    /// What to tell the author, in English. SocialModel translates the codes it knows
    /// (``NetworkError/localizedDescription(for:)``); for another code this text is shown as written.
    public var reason: String

    /// Creates a refusal.
    /// - Parameters:
    ///   - code: a stable code.
    ///   - reason: what to tell the author.
    public init(code: String, reason: String) {
        self.code = code
        self.reason = reason
    }
}
