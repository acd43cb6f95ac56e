import Hummingbird
import SocialModel
import SocialModelAPI

/// The session token of an `Authorization: Bearer <token>` header.
enum BearerToken {
    /// The token, or `SocialAPIError.missingToken` when the header is absent or not a bearer token.
    static func required(in request: Request) throws(SocialAPIError) -> SecretToken {
        guard let header = request.headers[.authorization] else { throw .missingToken }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .missingToken }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw .missingToken }
        return SecretToken(rawValue: token)
    }
}
