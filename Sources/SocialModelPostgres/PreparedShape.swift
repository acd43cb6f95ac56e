import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

/// A statement whose text is fixed by a type, for the hot paths: PostgresNIO prepares it once per
/// pooled connection, so PostgreSQL parses it once, and it runs on the store's pool of generic
/// plans (`PostgresSocialStore.preparedClient`), so PostgreSQL plans it once too. A shape must
/// therefore be written so that its plan does not depend on the values bound: no parameter may
/// decide between an index and a scan.
///
/// On a home feed request parsing and planning cost PostgreSQL more than running the queries
/// (about 1.2 of 2.1 ms: the session check, then the page), so the statements every request or
/// page makes are prepared; the rest stay one-off queries.
///
/// A shape's ``sql`` is made by the same builder as its bindings, run with placeholder values, so
/// a shape's text cannot drift from the values bound to it (``Prepared/init(_:)`` checks this in
/// debug builds).
protocol PreparedShape: Sendable {
    /// The statement's name on each connection: short (PostgreSQL keeps 63 bytes) and unique.
    static var name: String { get }
    /// The statement's text.
    static var sql: String { get }
}

/// A ``PreparedShape`` with its bindings, as PostgresNIO runs it.
struct Prepared<Shape: PreparedShape>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { "analogkit_" + Shape.name }
    static var sql: String { Shape.sql }

    let bindings: PostgresBindings

    /// The statement with the values `builder` bound; its text must be the shape's.
    init(_ builder: SQLBuilder) {
        assert(builder.sql == Shape.sql, "the SQL built for \(Shape.name) differs from its shape")
        bindings = builder.bindings
    }

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// The session check every signed-in request makes.
enum SessionWithUserShape: PreparedShape {
    static let name = "session_with_user"
    static let sql = query(tokenHash: ByteBuffer()).sql

    static func statement(tokenHash: ByteBuffer) -> Prepared<Self> { Prepared(query(tokenHash: tokenHash)) }

    static func query(tokenHash: ByteBuffer) -> SQLBuilder {
        var builder = SQLBuilder()
        builder.sql = "\(SQLShape.sessionWithUser) WHERE s.token_hash = \(builder.bind(tokenHash))"
        return builder
    }
}

/// One post as a viewer sees it.
enum PostViewShape: PreparedShape {
    static let name = "post_view"
    static let sql = query(id: "", viewerID: "").sql

    static func statement(id: String, viewerID: String) -> Prepared<Self> {
        Prepared(query(id: id, viewerID: viewerID))
    }

    static func query(id: String, viewerID: String) -> SQLBuilder {
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID)
        builder.sql = """
            SELECT \(PostgresSocialStore.viewColumns(viewer: viewer)) FROM posts p \(PostgresSocialStore.viewJoins)
            WHERE p.id = \(builder.bind(id))
            """
        return builder
    }
}

/// A feed's order as a type, so each order's home feed queries are statements of their own.
protocol FeedOrderShape: Sendable {
    static var order: FeedOrder { get }
}

extension FeedOrder {
    /// This order as a type.
    var shape: any FeedOrderShape.Type {
        switch (key, direction) {
        case (.date, .descending): NewestFirst.self
        case (.date, .ascending): OldestFirst.self
        case (.likes, .descending): MostLikedFirst.self
        case (.likes, .ascending): LeastLikedFirst.self
        }
    }

    /// A name for statements of this order.
    var statementName: String { "\(key == .likes ? "likes" : "date")_\(direction == .descending ? "desc" : "asc")" }

    /// This order's place in ``statementOrders``.
    var statementIndex: Int { (key == .likes ? 2 : 0) + (direction == .descending ? 0 : 1) }

    /// The four orders, each at its ``statementIndex``.
    static let statementOrders = [
        FeedOrder(.date, .descending), FeedOrder(.date, .ascending),
        FeedOrder(.likes, .descending), FeedOrder(.likes, .ascending),
    ]
}

enum NewestFirst: FeedOrderShape { static let order = FeedOrder(.date, .descending) }
enum OldestFirst: FeedOrderShape { static let order = FeedOrder(.date, .ascending) }
enum MostLikedFirst: FeedOrderShape { static let order = FeedOrder(.likes, .descending) }
enum LeastLikedFirst: FeedOrderShape { static let order = FeedOrder(.likes, .ascending) }

/// A home feed page in one order: its first read (``FirstRead``), the same for a session's user
/// (``SessionFirstRead``), or per author (``PerAuthor``).
enum HomeFeedShape<Order: FeedOrderShape, Plan: HomeFeedPlan>: PreparedShape {
    static var name: String { Plan.statements[Order.order.statementIndex].name }
    static var sql: String { Plan.statements[Order.order.statementIndex].sql }
}

/// A home feed statement's name and text.
struct HomeFeedStatement: Sendable {
    let name: String
    let sql: String
}

/// How a home feed query finds its posts, and whose.
protocol HomeFeedPlan: Sendable {
    /// The plan's part of its statements' names.
    static var name: String { get }
    /// Whether this is a page's first read (the home timeline or the walk), not the per-author reads.
    static var isFirstRead: Bool { get }
    /// The kind of viewer the query binds (its value a placeholder).
    static var viewer: PostgresSocialStore.HomeFeedViewer { get }
    /// This plan's statement in each order, at the order's `statementIndex`: stored by each plan
    /// (``makeStatements()``), since PostgresNIO reads a statement's name and text on every run
    /// and a generic type cannot store them (building the text on each page cost about 1 % of a
    /// server's CPU time).
    static var statements: [HomeFeedStatement] { get }
}

extension HomeFeedPlan {
    /// This plan's statements, in ``FeedOrder/statementOrders``.
    static func makeStatements() -> [HomeFeedStatement] {
        FeedOrder.statementOrders.map { order in
            HomeFeedStatement(
                name: statementName(order),
                sql: PostgresSocialStore.homeFeedQuery(viewer, order, nil, 0, window: isFirstRead ? 1 : nil).sql)
        }
    }

    /// The name of this plan's statement in `order`; a first read says what it reads.
    static func statementName(_ order: FeedOrder) -> String {
        let source = isFirstRead ? (order.key == .date ? "_timeline" : "_walk") : ""
        return "home_feed_\(name)\(source)_\(order.statementName)"
    }
}

/// A page's first read: the home timeline in the date orders, the walk down everyone's posts
/// within the window in the like orders.
enum FirstRead: HomeFeedPlan {
    static let name = "user"
    static let isFirstRead = true
    static var viewer: PostgresSocialStore.HomeFeedViewer { .user(UserID(rawValue: "")) }
    static let statements = makeStatements()
}

/// Each followed author's posts, merged: what completes a like order's page the walk left short.
enum PerAuthor: HomeFeedPlan {
    static let name = "per_author"
    static let isFirstRead = false
    static var viewer: PostgresSocialStore.HomeFeedViewer { .user(UserID(rawValue: "")) }
    static let statements = makeStatements()
}

/// The first read for the user of a session token, found by the same statement: a signed-in
/// request's session check and page in one round trip.
enum SessionFirstRead: HomeFeedPlan {
    static let name = "session"
    static let isFirstRead = true
    static var viewer: PostgresSocialStore.HomeFeedViewer { .session(tokenHash: Data()) }
    static let statements = makeStatements()
}
