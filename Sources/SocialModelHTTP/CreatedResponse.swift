import Foundation
import Hummingbird

/// The `201 Created` answer: the new resource as JSON, with its `Location`.
enum CreatedResponse {
    /// `value` as a `201` whose `Location` is the request's path with its last `routeSegments`
    /// segments (the route's own path, below where the routes are mounted) replaced by `segments`,
    /// each percent-encoded.
    static func json(
        _ value: some Encodable, for request: Request, routeSegments: Int, at segments: String...
    ) throws -> Response {
        var response = try HTTPJSON.response(value, status: .created)
        response.headers[.location] = location(request.uri.path, routeSegments: routeSegments, segments)
        return response
    }

    static func location(_ path: String, routeSegments: Int, _ segments: [String]) -> String {
        let mount = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().dropLast(routeSegments)
        let escaped = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? "" }
        return "/" + (mount.map(String.init) + escaped).joined(separator: "/")
    }
}

extension CharacterSet {
    /// The characters a path segment may hold unescaped (RFC 3986 `pchar` less `/`).
    static let urlPathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
}
