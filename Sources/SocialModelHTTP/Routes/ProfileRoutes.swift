import Foundation
import Hummingbird
import SocialModel

extension SocialRoutes {
    /// Profiles, avatars, follows, user search and a user's posts.
    func addProfileRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("users") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            let page = try await me.profiles.search(
                usernamePrefix: query.string("prefix") ?? "", after: query.string("after"), limit: query.limit())
            return try HTTPJSON.response(page)
        }
        routes.get("users/:userID") { request, context in
            let me = try await session(request)
            return try HTTPJSON.response(
                try await me.profiles.profile(userID: context.parameters.id("userID", UserID.self)))
        }
        routes.put("users/:userID/follow") { request, context in
            try await session(request).profiles.follow(userID: context.parameters.id("userID", UserID.self))
            return Response(status: .noContent)
        }
        routes.delete("users/:userID/follow") { request, context in
            try await session(request).profiles.unfollow(userID: context.parameters.id("userID", UserID.self))
            return Response(status: .noContent)
        }
        routes.get("users/:userID/followers") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.profiles.followers(
                    userID: context.parameters.id("userID", UserID.self), after: query.cursor(KeysetCursor.self),
                    limit: query.limit()))
        }
        routes.get("users/:userID/following") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.profiles.following(
                    userID: context.parameters.id("userID", UserID.self), after: query.cursor(KeysetCursor.self),
                    limit: query.limit()))
        }
        routes.get("users/:userID/posts") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.feed.posts(
                    authorID: context.parameters.id("userID", UserID.self), order: query.feedOrder(),
                    after: query.cursor(FeedCursor.self), limit: query.limit()))
        }
        getAndHead("users/:userID/avatar/:size", on: routes) { request, context in
            let jpeg = try await network.avatar(
                userID: context.parameters.id("userID", UserID.self), size: context.parameters.integer(.size))
            // The URL stays when the avatar changes, so caches revalidate with the ETag.
            return PhotoResponse.jpeg(jpeg, for: request, cacheControl: "public, no-cache")
        }
        routes.put("me/avatar") { request, _ in
            let me = try await session(request)
            let upload = try await PhotoUpload.read(
                request, limit: limits.photoBodyBytes, fieldBytes: limits.jsonBodyBytes)
            return try HTTPJSON.response(try await me.profiles.setAvatar(photo: upload.photo))
        }
        routes.delete("me/avatar") { request, _ in
            try await session(request).profiles.removeAvatar()
            return Response(status: .noContent)
        }
    }
}
