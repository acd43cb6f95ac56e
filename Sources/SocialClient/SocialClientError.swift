import Foundation
import SocialModelAPI

/// Why a ``SocialClient`` call failed.
public enum SocialClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused the call; its error body, whose `code` is stable (`unauthorized`,
    /// `not-found`, `invalid`, …).
    case api(SocialAPIError)
    /// The server could not be reached or the connection failed; the system's words.
    case transport(String)
    /// The server closed the live-update socket before confirming the subscription.
    case liveUpdatesClosed
    /// The request could not be made: the base URL cannot take the path, or the body cannot be
    /// encoded; the system's words.
    case unbuildableRequest(detail: String)
    /// The server answered a status the call does not expect, with a body that is not the API's
    /// error; the first 200 bytes of the body (empty when the answer is not HTTP at all).
    case unexpectedResponse(status: Int, detail: String)
    /// The body is not the documented type (`type`); the decoder's words.
    case undecodableBody(type: String, detail: String)

    /// One line saying what went wrong, in English.
    public var description: String {
        switch self {
        case .api(let error): "\(error.code) (\(error.status)): \(error.message)"
        default: localizedDescription(for: Locale(identifier: "en"))
        }
    }
}
