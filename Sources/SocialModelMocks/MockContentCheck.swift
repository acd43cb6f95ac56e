import Locking
import SocialModel

/// A content check that answers what a test tells it, field by field, and records every call.
public final class MockContentCheck: ContentCheck {
    private let answers = Locked<[NetworkField: ContentVerdict]>([:])
    private let recorded = Locked<[(content: SubmittedContent, authorID: UserID)]>([])

    /// A check that allows everything until told otherwise.
    public init() {}

    /// Answers `verdict` for every later piece of content of `field` (`.allow` to stop).
    public func answer(_ verdict: ContentVerdict, for field: NetworkField) {
        answers.withLock { $0[field] = verdict }
    }

    /// Every call so far, oldest first.
    public var calls: [(content: SubmittedContent, authorID: UserID)] { recorded.withLock { $0 } }

    /// Records the call and answers what it was told for the content's field (`.allow` otherwise).
    public func check(_ content: SubmittedContent, authorID: UserID) async -> ContentVerdict {
        recorded.withLock { $0.append((content, authorID)) }
        return answers.withLock { $0[content.field] } ?? .allow
    }
}
