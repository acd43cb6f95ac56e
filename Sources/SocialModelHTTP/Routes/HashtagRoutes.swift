import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Hashtags: `GET /hashtags?prefix=` finds them by the start of their key, as `GET /users?prefix=`
    /// finds users, and `GET /hashtags/{hashtag}/posts` pages a hashtag's posts, newest first, like
    /// the other feeds. The tag in the path is percent-encoded UTF-8, with or without its sign
    /// (`%23`); one that is not a hashtag answers 422 `invalid` (field `hashtag`).
    func addHashtagRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("hashtags") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            let page = try await me.hashtags.search(
                prefix: query.string("prefix") ?? "", after: query.string("after"), limit: query.limit())
            return try HTTPJSON.response(page)
        }
        routes.get("hashtags/:hashtag/posts") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            // The router matches the path as sent, so the tag is still percent-encoded.
            guard let hashtag = try context.parameters.require("hashtag").removingPercentEncoding else {
                throw SocialAPIError.invalidParameter("hashtag", expected: "percent-encoded UTF-8")
            }
            return try HTTPJSON.response(
                try await me.hashtags.posts(
                    hashtag: hashtag, after: query.cursor(FeedCursor.self), limit: query.limit()))
        }
    }
}
