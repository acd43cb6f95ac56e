import Foundation
import Hummingbird
import HummingbirdWebSocket
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// The live-update WebSocket, `GET /live`, ready for `RouterMethods.addRoutes(_:atPath:)` on a
    /// router whose context supports WebSocket upgrades; serve that router with
    /// `.http1WebSocketUpgrade(webSocketRouter:)`:
    ///
    /// ```swift
    /// let router = Router(context: BasicWebSocketRequestContext.self)
    /// router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self))
    /// router.addRoutes(routes.liveCollection(context: BasicWebSocketRequestContext.self))
    /// let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
    /// ```
    ///
    /// The upgrade request carries the bearer token like any session route (refused with a JSON
    /// 401 otherwise). The server then sends `LiveEvent` frames as JSON text: `subscribed` first,
    /// then every notification, message and followed user's new post `SocialNetwork.events`
    /// publishes for the user — those
    /// made through this process, and, with a PostgreSQL store's event relay running, through any
    /// other process on the same database. The socket closes when the client closes it.
    /// - Parameter context: the request context of the application they are mounted in.
    /// - Returns: the route collection.
    public func liveCollection<Context: WebSocketRequestContext>(
        context: Context.Type = BasicWebSocketRequestContext.self
    )
        -> RouteCollection<Context>
    {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: SocialErrorMiddleware<Context>())
        // Rate-limited like any route; the time limit bounds the upgrade request, not the socket.
        routes.add(middleware: limitsMiddleware(Context.self))
        routes.ws("live") { request, _ in
            // Refuse before upgrading, so a bad token gets the same JSON 401 as any session route.
            _ = try await session(request)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            // The token was checked a moment ago; checking again closes the socket if it was revoked since.
            guard let me = try? await session(context.request) else { return }
            let notifications = network.events.notifications(for: me.user.id)
            let messages = network.events.messages(for: me.user.id)
            let posts = network.events.posts(for: me.user.id)
            try await outbound.write(.text(try Self.frame(.subscribed)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await notification in notifications {
                        try await outbound.write(.text(try Self.frame(.notification(notification))))
                    }
                }
                group.addTask {
                    for await message in messages {
                        try await outbound.write(.text(try Self.frame(.message(message))))
                    }
                }
                group.addTask {
                    for await post in posts {
                        try await outbound.write(.text(try Self.frame(.post(post))))
                    }
                }
                // The client sends nothing the server needs; reading drains pings and notices the close.
                group.addTask {
                    for try await _ in inbound.messages(maxSize: 4096) {}
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
        return routes
    }

    /// A live event as a JSON text frame.
    static func frame(_ event: LiveEvent) throws -> String {
        String(decoding: try SocialJSON.encoder().encode(event), as: UTF8.self)
    }
}
