import SocialModelAPI

extension SocialAPIError {
    // MARK: Errors of the body limits, in the language of the answer (AnswerLanguage)

    /// A body over the route's limit, or whose shape (too many entries, too long a string, too
    /// many multipart parts) is over the limits checked while it is read; `detail` says which,
    /// in the answer's language.
    static func bodyTooLarge(_ detail: String) -> SocialAPIError {
        SocialAPIError(
            status: 413, code: "body-too-large", message: HTTPMessages.text("bodyTooLarge", ["detail": detail]))
    }

    /// A body over the route's limit; `key` (`bodyTooLarge.<key>`) names the bound, `count` its size.
    static func bodyTooLarge(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> SocialAPIError {
        bodyTooLarge(HTTPMessages.plural("bodyTooLarge.\(key)", count: count, arguments))
    }

    /// A body still arriving at the body read deadline.
    static var bodyTimedOut: SocialAPIError {
        SocialAPIError(status: 408, code: "body-timed-out", message: HTTPMessages.text("bodyTimedOut"))
    }

    /// A body in a media type the route does not read; `key` (`unsupportedMediaType.<key>`) says
    /// what the route reads.
    static func unsupportedMediaType(_ key: String) -> SocialAPIError {
        SocialAPIError(
            status: 415, code: "unsupported-media-type", message: HTTPMessages.text("unsupportedMediaType.\(key)"))
    }
}
