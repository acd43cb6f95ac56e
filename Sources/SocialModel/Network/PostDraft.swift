import Foundation

/// What an author fills in to publish a post.
public struct PostDraft: Sendable, Hashable, Codable {
    /// The photo as uploaded (JPEG, PNG, HEIF, WebP…).
    public var photo: Data
    /// The caption: at most a few lines.
    public var caption: String
    /// The name of a filter the photo processor knows (a FilmKit filter, with `SocialModelPhotos`), if any.
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
