import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// The signed-in user's notifications.
    func addNotificationRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.get("notifications") { request, _ in
            let me = try await session(request)
            let query = try RequestQuery(request: request)
            return try HTTPJSON.response(
                try await me.notifications.list(after: query.cursor(KeysetCursor.self), limit: query.limit()))
        }
        routes.delete("notifications") { request, _ in
            try HTTPJSON.response(CountResponse(count: try await session(request).notifications.deleteAll()))
        }
        routes.get("notifications/unread-count") { request, _ in
            try HTTPJSON.response(CountResponse(count: try await session(request).notifications.unreadCount()))
        }
        routes.post("notifications/read-all") { request, _ in
            try HTTPJSON.response(CountResponse(count: try await session(request).notifications.markAllRead()))
        }
        routes.post("notifications/:notificationID/read") { request, context in
            try await session(request).notifications.markRead(
                notificationID: context.parameters.id("notificationID", NotificationID.self))
            return Response(status: .noContent)
        }
        routes.delete("notifications/:notificationID") { request, context in
            try await session(request).notifications.delete(
                notificationID: context.parameters.id("notificationID", NotificationID.self))
            return Response(status: .noContent)
        }
    }
}
