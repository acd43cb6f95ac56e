import SocialModelAPI

/// Why a ``SocialClient`` call failed.
public enum SocialClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused the call; its error body, whose `code` is stable (`unauthorized`,
    /// `not-found`, `invalid`, …).
    case api(SocialAPIError)
    /// The server could not be reached or the connection failed; the system's words.
    case transport(String)
    /// The server answered something that is not the documented response.
    case unexpectedResponse(status: Int, detail: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .api(let error): "\(error.code) (\(error.status)): \(error.message)"
        case .transport(let reason): "cannot reach the server: \(reason)"
        case .unexpectedResponse(let status, let detail): "unexpected response \(status): \(detail)"
        }
    }
}
