import Foundation

/// What an author fills in to publish a post.
public struct PostDraft: Sendable, Hashable {
    /// The photo as uploaded (JPEG, PNG, HEIF, WebP…).
    public var photo: Data
    /// The caption: at most a few lines.
    public var caption: String
    /// The name of a registered FilmKit filter to apply, if any.
    public var filter: String?
    /// The filter's parameters; those not given take their defaults.
    public var filterParameters: [String: Double]

    /// Creates a draft.
    public init(photo: Data, caption: String = "", filter: String? = nil, filterParameters: [String: Double] = [:]) {
        self.photo = photo
        self.caption = caption
        self.filter = filter
        self.filterParameters = filterParameters
    }
}
