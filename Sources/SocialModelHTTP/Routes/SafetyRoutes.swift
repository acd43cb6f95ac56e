import Foundation
import Hummingbird
import SocialModel

extension SocialRoutes {
    /// Blocks and mutes: `PUT`/`DELETE /users/{userID}/block`, `PUT`/`DELETE /users/{userID}/mute`
    /// (`?notifications=1` hides the user's notifications too), and the signed-in user's lists,
    /// `GET /me/blocks` and `GET /me/mutes`. A blocked user asking for the blocker's profile or
    /// posts gets the same 404 as for a missing one.
    func addSafetyRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.put("users/:userID/block") { request, context in
            try await session(request).safety.block(userID: context.parameters.id("userID", UserID.self))
            return Response(status: .noContent)
        }
        routes.delete("users/:userID/block") { request, context in
            try await session(request).safety.unblock(userID: context.parameters.id("userID", UserID.self))
            return Response(status: .noContent)
        }
        routes.put("users/:userID/mute") { request, context in
            let me = try await session(request)
            let hidesNotifications = try RequestQuery(request: request).integer(.muteNotifications) == 1
            try await me.safety.mute(
                userID: context.parameters.id("userID", UserID.self), hidingNotifications: hidesNotifications)
            return Response(status: .noContent)
        }
        routes.delete("users/:userID/mute") { request, context in
            try await session(request).safety.unmute(userID: context.parameters.id("userID", UserID.self))
            return Response(status: .noContent)
        }
        routes.get("me/blocks") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.safety.blocks(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.get("me/mutes") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.safety.mutes(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
    }
}

extension IntegerParameter<Int> {
    /// Whether a mute hides the muted user's notifications too: 1 yes, 0 (the default) no.
    static let muteNotifications = IntegerParameter(name: "notifications", range: 0...1)
}
