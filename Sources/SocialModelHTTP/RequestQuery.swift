import Hummingbird
import SocialModel
import SocialModelAPI

/// The query and path parameters of a request, read with the errors the routes answer.
struct RequestQuery {
    let request: Request

    /// A query parameter, if present.
    func string(_ name: String) -> String? {
        request.uri.queryParameters.get(name)
    }

    /// The `limit` parameter (the services check its range).
    func limit() throws(SocialAPIError) -> Int? {
        try integer("limit", Int.self)
    }

    /// A whole-number query parameter.
    func integer<T: FixedWidthInteger>(_ name: String, _ type: T.Type) throws(SocialAPIError) -> T? {
        guard let text = string(name) else { return nil }
        guard let value = T(text) else { throw .invalidParameter(name, expected: "a whole number") }
        return value
    }

    /// The `after` parameter as a cursor of the list being paged.
    func cursor<Cursor: LosslessStringConvertible>(_ type: Cursor.Type) throws(SocialAPIError) -> Cursor? {
        guard let text = string("after") else { return nil }
        guard let cursor = Cursor(text) else { throw .invalidParameter("after", expected: "a cursor from `next`") }
        return cursor
    }

    /// The feed order from `sort` (`date`, `likes`) and `direction` (`descending`, `ascending`).
    func feedOrder() throws(SocialAPIError) -> FeedOrder {
        var order = FeedOrder.newest
        if let sort = string("sort") {
            guard let key = FeedSortKey(rawValue: sort) else {
                throw .invalidParameter("sort", expected: "date or likes")
            }
            order.key = key
        }
        if let direction = string("direction") {
            guard let value = SortDirection(rawValue: direction) else {
                throw .invalidParameter("direction", expected: "ascending or descending")
            }
            order.direction = value
        }
        return order
    }
}

extension Parameters {
    /// A path parameter as an id.
    func id<Kind>(_ name: String, _ kind: Identifier<Kind>.Type) throws -> Identifier<Kind> {
        Identifier(rawValue: try require(name))
    }

    /// A path parameter as a whole number.
    func integer(_ name: String) throws(SocialAPIError) -> Int {
        guard let text = get(name), let value = Int(text) else {
            throw .invalidParameter(name, expected: "a whole number")
        }
        return value
    }
}
