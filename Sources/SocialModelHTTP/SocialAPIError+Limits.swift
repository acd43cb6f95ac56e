import SocialModelAPI

extension SocialAPIError {
    // MARK: Errors of the body limits

    /// A body over the route's limit, or whose shape (too many entries, too long a string, too
    /// many multipart parts) is over the limits checked while it is read.
    static func bodyTooLarge(_ detail: String) -> SocialAPIError {
        SocialAPIError(status: 413, code: "body-too-large", message: "the body is too large: \(detail)")
    }

    /// A body still arriving at the body read deadline.
    static let bodyTimedOut = SocialAPIError(
        status: 408, code: "body-timed-out", message: "the body took longer to arrive than the server allows")

    /// A body in a media type the route does not read.
    static func unsupportedMediaType(_ detail: String) -> SocialAPIError {
        SocialAPIError(status: 415, code: "unsupported-media-type", message: detail)
    }
}
