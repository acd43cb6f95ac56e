import Hummingbird
import SocialModel

extension SocialRoutes {
    /// The home feed and explore.
    func addFeedRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("feed/home") { request, _ in
            let me = try await session(request)
            let query = RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.feed.home(
                    order: query.feedOrder(), after: query.cursor(FeedCursor.self), limit: query.limit()))
        }
        routes.get("feed/explore") { request, _ in
            let me = try await session(request)
            let query = RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.feed.explore(
                    seed: query.integer("seed", UInt64.self) ?? 0, after: query.cursor(ExploreCursor.self),
                    limit: query.limit()))
        }
    }
}
