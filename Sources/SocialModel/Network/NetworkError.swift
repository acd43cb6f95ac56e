/// A field of network input that a rule applies to.
public enum NetworkField: String, Sendable, Hashable, CaseIterable {
    /// A post's caption.
    case caption
    /// A comment's text.
    case comment
    /// A direct message's text.
    case message
    /// A page size.
    case limit
    /// A report's note, or a moderator's reason.
    case note
    /// A moderator's decision, for the target it is about.
    case decision
    /// When a suspension ends.
    case until
    /// A post's or a message's photo, as a content check saw it.
    case photo
    /// A hashtag asked for (its feed's tag).
    case hashtag
}

/// A broken rule on network input.
public typealias NetworkViolation = Violation<NetworkField>

/// What a network operation could not find.
public enum NetworkEntity: String, Sendable, Hashable, CaseIterable {
    /// A user account.
    case user
    /// A post.
    case post
    /// A comment.
    case comment
    /// A notification.
    case notification
    /// A conversation.
    case conversation
    /// A stored photo (of a post, an avatar or a message) at the size asked.
    case photo
    /// A direct message (or one in a conversation the user is not part of).
    case message
    /// A report.
    case report
}

/// Why a network operation failed.
public enum NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input breaks these rules (all of them are listed).
    case invalid([NetworkViolation])
    /// Nothing of this kind with this id (or it is not visible to the caller).
    case notFound(NetworkEntity)
    /// The acting user may not do this to someone else's content.
    case forbidden
    /// Following or messaging oneself.
    case selfAction
    /// The photo could not be read or processed, or its filter is unknown, misused or failed.
    case photo(PhotoError)
    /// The session is invalid, or another account step failed.
    case account(AccountError)
    /// The store failed.
    case storage(StoreError)
    /// The network's ``ContentCheck`` refused this field's content; nothing was stored.
    case refused(NetworkField, ContentRefusal)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalid(let violations): violations.map(\.description).joined(separator: "; ")
        case .notFound(let entity): "no such \(entity.rawValue)"
        case .forbidden: "only the owner may do this"
        case .selfAction: "you cannot do this to yourself"
        case .photo(let error): "\(error)"
        case .account(let error): "\(error)"
        case .storage(let error): "\(error)"
        case .refused(let field, let refusal): "\(field.rawValue) refused (\(refusal.code)): \(refusal.reason)"
        }
    }
}
