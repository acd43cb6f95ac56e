/// The limits the network's rules use.
public struct NetworkPolicy: Sendable, Hashable {
    /// The longest caption, in characters.
    public var captionMaximumLength = 2200
    /// The most lines a caption may have.
    public var captionMaximumLines = 3
    /// The longest comment, in characters (one line).
    public var commentMaximumLength = 500
    /// The longest direct message, in characters.
    public var messageMaximumLength = 2000
    /// Items on a page when the caller does not say.
    public var pageSize = 30
    /// The most items a caller may ask for on one page.
    public var maximumPageSize = 100
    /// The bounds on the longer side of the stored post photo sizes, in pixels.
    public var postPhotoSizes = [1080, 320]
    /// The bound on the longer side of a message photo, in pixels.
    public var messagePhotoSize = 1080
    /// The sides of the stored square avatar sizes, in pixels.
    public var avatarSizes = [320, 150, 48]
    /// The largest pixel count an uploaded photo may declare.
    public var photoPixelLimit = 50_000_000
    /// How many hashtags and mentions a caption or comment may have.
    public var textEntities = TextEntityLimits()

    /// The defaults above.
    public init() {}
}
