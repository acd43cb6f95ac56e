import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Publishing, reading and deleting posts and their photos, likes and comments.
    func addPostRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        // The photo is the raw body, with the caption and the filter's name as query parameters,
        // or the `photo` part of a multipart/form-data body, with them as parts.
        routes.post("posts") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            let upload = try await PhotoUpload.read(
                request, limit: limits.photoBodyBytes, fieldBytes: limits.jsonBodyBytes)
            let post = try await me.posts.publish(
                PostDraft(
                    photo: upload.photo, caption: upload.field("caption", in: query) ?? "",
                    filter: upload.field("filter", in: query)))
            return try CreatedResponse.json(post, for: request, routeSegments: 1, at: "posts", post.id.rawValue)
        }
        // Public, like the photos: the names are the same for everyone.
        routes.get("filters") { _, _ in
            try HTTPJSON.response(FilterList(filters: filterNames().sorted()))
        }
        routes.get("posts/:postID") { request, context in
            let me = try await session(request)
            return try HTTPJSON.response(
                try await me.posts.post(postID: context.parameters.id("postID", PostID.self)))
        }
        routes.delete("posts/:postID") { request, context in
            try await session(request).posts.delete(postID: context.parameters.id("postID", PostID.self))
            return Response(status: .noContent)
        }
        getAndHead("posts/:postID/photo/:size", on: routes) { request, context in
            let jpeg = try await network.postPhoto(
                postID: context.parameters.id("postID", PostID.self), size: context.parameters.integer(.size))
            // A post's photo never changes, so caches may keep it for good.
            return PhotoResponse.jpeg(jpeg, for: request, cacheControl: "public, max-age=31536000, immutable")
        }
        routes.put("posts/:postID/like") { request, context in
            let me = try await session(request)
            return try HTTPJSON.response(
                try await me.posts.like(postID: context.parameters.id("postID", PostID.self)))
        }
        routes.delete("posts/:postID/like") { request, context in
            let me = try await session(request)
            return try HTTPJSON.response(
                try await me.posts.unlike(postID: context.parameters.id("postID", PostID.self)))
        }
        routes.get("posts/:postID/likes") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.posts.likers(
                    postID: context.parameters.id("postID", PostID.self), after: query.cursor(KeysetCursor.self),
                    limit: query.limit()))
        }
        routes.post("posts/:postID/comments") { request, context in
            let me = try await session(request)
            let body = try await HTTPJSON.body(CommentRequest.self, of: request, limit: limits.jsonBodyBytes)
            let comment = try await me.posts.comment(
                postID: context.parameters.id("postID", PostID.self), text: body.text)
            return try CreatedResponse.json(
                comment, for: request, routeSegments: 3, at: "comments", comment.id.rawValue)
        }
        routes.get("posts/:postID/comments") { request, context in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.posts.comments(
                    postID: context.parameters.id("postID", PostID.self), after: query.cursor(KeysetCursor.self),
                    limit: query.limit()))
        }
        routes.delete("comments/:commentID") { request, context in
            try await session(request).posts.deleteComment(
                commentID: context.parameters.id("commentID", CommentID.self))
            return Response(status: .noContent)
        }
    }
}

/// The body of `GET /filters`.
struct FilterList: Encodable {
    /// The filter names a post may name, in alphabetical order.
    var filters: [String]
}
