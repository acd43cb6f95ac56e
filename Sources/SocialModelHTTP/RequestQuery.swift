import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI
@_spi(Fuzzing) import SocialModelHTTPParsing

/// The query parameters of a request, read with the errors the routes answer: the one place a
/// request's query is decoded and its parameters bounded.
///
/// The query is form-decoded once, as HTML forms and `application/x-www-form-urlencoded` send
/// it: `+` is a space, then `%XX` escapes are undone; a query that does not decode to UTF-8 text
/// is refused, and so is a NUL character (`%00`) in a name or value: no parameter has a use for
/// one, and PostgreSQL's text cannot hold it, so it is refused here once, for every route and
/// every store. Of a repeated name the first counts. Whole numbers are read against the range
/// their ``IntegerParameter`` gives, the range `openapi.json` documents for them. Anything else
/// answers `400 invalid-parameter`.
struct RequestQuery {
    /// The decoded parameters in the order sent.
    let parameters: [(name: String, value: String)]

    /// Decodes the request's query.
    /// - Throws: `400 invalid-parameter` for a query that is not form-encoded UTF-8.
    init(request: Request) throws(SocialAPIError) {
        try self.init(query: request.uri.query ?? "")
    }

    /// Decodes a query (the text after `?`).
    /// - Throws: `400 invalid-parameter` for a query that is not form-encoded UTF-8, or that
    ///   holds a NUL character.
    init(query: String) throws(SocialAPIError) {
        do {
            parameters = try FormQuery.parameters(query)
        } catch {
            throw .invalidParameter(error.parameter ?? HTTPMessages.text("expected.theQuery"), expected: "formEncoded")
        }
        let hasNUL = { (text: String) in text.unicodeScalars.contains("\0") }
        if let bad = parameters.first(where: { hasNUL($0.name) || hasNUL($0.value) }) {
            throw .invalidParameter(
                hasNUL(bad.name) ? HTTPMessages.text("expected.theQuery") : bad.name, expected: "noNUL")
        }
    }

    /// A query parameter, if present.
    func string(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The `limit` parameter (the services check it against their policy's page size).
    func limit() throws(SocialAPIError) -> Int? {
        try integer(.limit)
    }

    /// A whole-number query parameter, if present.
    func integer<Value>(_ parameter: IntegerParameter<Value>) throws(SocialAPIError) -> Value? {
        try string(parameter.name).map { text throws(SocialAPIError) in try parameter.read(text) }
    }

    /// The `after` parameter as a cursor of the list being paged.
    func cursor<Cursor: LosslessStringConvertible>(_ type: Cursor.Type) throws(SocialAPIError) -> Cursor? {
        guard let text = string("after") else { return nil }
        guard let cursor = Cursor(text) else { throw .invalidParameter("after", expected: "cursor") }
        return cursor
    }

    /// The explore order's `seed` and the `after` cursor, which belongs to one seed: a cursor
    /// without its seed, or with another, is refused rather than silently starting over.
    func exploreSeed() throws(SocialAPIError) -> (seed: UInt64, after: ExploreCursor?) {
        let seed = try integer(.seed)
        guard let after = try cursor(ExploreCursor.self) else { return (seed ?? 0, nil) }
        guard seed == after.seed else {
            throw .invalidParameter("seed", expected: "seedOfCursor")
        }
        return (after.seed, after)
    }

    /// The page of a recipe list asked for, by `page` (1 by default) or by `after`, a `next` of
    /// the same list; for all recipes (`liked` false) with its `order` (`newest`, the default, or
    /// `most-liked`), which a cursor carries and an `order` given with it must match.
    func recipePage(liked: Bool) throws(SocialAPIError) -> (number: Int, order: RecipeOrder) {
        var order: RecipeOrder?
        if !liked, let text = string("order") {
            guard let value = RecipeOrder(rawValue: text) else {
                throw .invalidParameter("order", expected: "recipeOrder")
            }
            order = value
        }
        guard let cursor = try cursor(RecipeCursor.self) else { return (try integer(.page) ?? 1, order ?? .newest) }
        guard string("page") == nil else { throw .invalidParameter("page", expected: "noPageWithCursor") }
        let sameList = liked ? cursor.order == nil : cursor.order != nil && (order == nil || order == cursor.order)
        guard sameList else { throw .invalidParameter("after", expected: "sameList") }
        return (cursor.page, cursor.order ?? .newest)
    }

    /// The feed order from `sort` (`date`, `likes`) and `direction` (`descending`, `ascending`).
    func feedOrder() throws(SocialAPIError) -> FeedOrder {
        var order = FeedOrder.newest
        if let sort = string("sort") {
            guard let key = FeedSortKey(rawValue: sort) else {
                throw .invalidParameter("sort", expected: "sortKey")
            }
            order.key = key
        }
        if let direction = string("direction") {
            guard let value = SortDirection(rawValue: direction) else {
                throw .invalidParameter("direction", expected: "direction")
            }
            order.direction = value
        }
        return order
    }
}

/// A whole-number query or path parameter with the range `openapi.json` documents for it; every
/// one the routes read is declared here.
struct IntegerParameter<Value: FixedWidthInteger & Sendable>: Sendable {
    /// The parameter's name.
    let name: String
    /// The values accepted.
    let range: ClosedRange<Value>

    /// `text` as a whole number in ``range``.
    /// - Throws: `400 invalid-parameter` naming the range.
    func read(_ text: String) throws(SocialAPIError) -> Value {
        let bounds = ["minimum": "\(range.lowerBound)", "maximum": "\(range.upperBound)"]
        guard let value = Value(text, radix: 10) else { throw .invalidParameter(name, expected: "wholeNumber", bounds) }
        guard range.contains(value) else {
            var error = SocialAPIError.invalidParameter(name, expected: "wholeNumber", bounds)
            if let minimum = Int(exactly: range.lowerBound), let maximum = Int(exactly: range.upperBound) {
                error.violations = [
                    SocialAPIError.FieldViolation(
                        field: name, rule: "out-of-range", minimum: minimum, maximum: maximum, message: error.message)
                ]
            }
            throw error
        }
        return value
    }
}

extension IntegerParameter<Int> {
    /// A page size. Any `Int` is read; the services hold it to their policy's range (by default
    /// 1 to 100) and answer `422 invalid` with that range.
    static let limit = IntegerParameter(name: "limit", range: .min ... .max)
    /// A recipe page number, from 1; pages past the last are empty.
    static let page = IntegerParameter(name: "page", range: 1...Int(Int32.max))
    /// A photo or avatar size in pixels; sizes the policy does not make answer 404.
    static let size = IntegerParameter(name: "size", range: 1...16_384)
}

extension IntegerParameter<UInt64> {
    /// The explore order's seed: any unsigned 64-bit number.
    static let seed = IntegerParameter(name: "seed", range: .min ... .max)
}

extension Parameters {
    /// A path parameter as an id.
    func id<Kind>(_ name: String, _ kind: Identifier<Kind>.Type) throws -> Identifier<Kind> {
        Identifier(rawValue: try require(name))
    }

    /// A whole-number path parameter.
    /// - Throws: `400 invalid-parameter` when it is not a whole number in the parameter's range.
    func integer(_ parameter: IntegerParameter<Int>) throws(SocialAPIError) -> Int {
        try parameter.read(get(parameter.name) ?? "")
    }
}
