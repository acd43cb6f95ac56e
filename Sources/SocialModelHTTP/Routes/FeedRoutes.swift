import Hummingbird
import SocialModel

extension SocialRoutes {
    /// The home feed and explore.
    func addFeedRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        // The session is checked by the page's own read (one round trip on PostgreSQL); a bad
        // token is still answered 401 before a bad query 400.
        routes.get("feed/home") { request, _ in
            let token = try BearerToken.required(in: request)
            let order: FeedOrder
            let after: FeedCursor?
            let limit: Int?
            do {
                let query = try RequestQuery(request: request)
                (order, after, limit) = (try query.feedOrder(), try query.cursor(FeedCursor.self), try query.limit())
            } catch {
                _ = try await network.session(token)
                throw error
            }
            return try HTTPJSON.response(try await network.homeFeed(token, order: order, after: after, limit: limit))
        }
        routes.get("feed/explore") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            let (seed, after) = try query.exploreSeed()
            return try HTTPJSON.response(try await me.feed.explore(seed: seed, after: after, limit: query.limit()))
        }
    }
}
