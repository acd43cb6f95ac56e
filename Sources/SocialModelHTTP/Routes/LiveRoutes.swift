import Foundation
import Hummingbird
import HummingbirdWebSocket
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// The live-update WebSocket, `GET /live`, ready for `RouterMethods.addRoutes(_:atPath:)` on a
    /// router whose context supports WebSocket upgrades; serve that router with
    /// ``HummingbirdCore/HTTPServerBuilder/socialWebSocketUpgrade(webSocketRouter:configuration:)``,
    /// which answers a refused upgrade with the `401` JSON error and a malformed handshake with
    /// `400 malformed-upgrade` (hummingbird-websocket's own `.http1WebSocketUpgrade(webSocketRouter:)`
    /// answers the first with a bodiless `400` and the second not at all):
    ///
    /// ```swift
    /// let router = Router(context: BasicWebSocketRequestContext.self)
    /// router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self))
    /// router.addRoutes(routes.liveCollection(context: BasicWebSocketRequestContext.self))
    /// let app = Application(router: router, server: .socialWebSocketUpgrade(webSocketRouter: router))
    /// ```
    ///
    /// The upgrade request carries the session token either in `Authorization: Bearer <token>`
    /// like any session route, or — as a browser's `WebSocket` cannot set headers — as the
    /// subprotocol pair ``bearerProtocol`` and the token (`new WebSocket(url, ["analogkit.bearer",
    /// token])`), in which case the 101 names ``bearerProtocol`` in `Sec-WebSocket-Protocol`.
    /// A `GET` that is not a WebSocket upgrade is answered 405. The server then sends `LiveEvent`
    /// frames as JSON text: `subscribed` first, then every notification, message and followed
    /// user's new post `SocialNetwork.events` publishes for the user — those made through this
    /// process, and, with a PostgreSQL store's event relay running, through any other process on
    /// the same database.
    ///
    /// Every socket is tied to its session: when the session is revoked (a sign-out, a sign-out
    /// everywhere, a password change made in another session, a password reset, the account's
    /// deletion — through any process, with the relay) or expires, the server closes the socket
    /// at once with code 1008 (policy violation) and the reason `session revoked` or
    /// `session expired` (`AccountSession.waitUntilEnded()`). Otherwise the socket closes when the
    /// client closes it.
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
            // A plain GET (no upgrade) is not this operation: 405 with the API's JSON error, whatever its token.
            guard Self.isWebSocketUpgrade(request) else { throw SocialAPIError.notAWebSocketUpgrade }
            // Refuse before upgrading, so a bad token is refused like on any session route.
            let (_, viaProtocol) = try await liveSession(request)
            return .upgrade(viaProtocol ? [.secWebSocketProtocol: Self.bearerProtocol] : [:])
        } onUpgrade: { inbound, outbound, context in
            // The token was checked a moment ago; checking again closes the socket if it was revoked since.
            guard let (me, _) = try? await liveSession(context.request) else { return }
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
                // The session's end ends the socket, with 1008 rather than a normal closure.
                group.addTask {
                    guard let end = await me.account.waitUntilEnded() else { return }
                    try await outbound.close(.policyViolation, reason: "session \(end.rawValue)")
                }
                _ = try await group.next()
                group.cancelAll()
            }
        }
        return routes
    }

    /// The WebSocket subprotocol that says the next offered subprotocol is the session token:
    /// `Sec-WebSocket-Protocol: analogkit.bearer, <token>`. The server echoes it when it accepts.
    public static let bearerProtocol = "analogkit.bearer"

    /// The session of a live-update request, from the ``bearerProtocol`` subprotocol pair when
    /// offered (and whether it was), else from `Authorization`.
    func liveSession(_ request: Request) async throws -> (NetworkSession, viaProtocol: Bool) {
        if let token = Self.subprotocolToken(request) {
            return (try await network.session(token), true)
        }
        return (try await session(request), false)
    }

    /// The token offered after ``bearerProtocol`` in `Sec-WebSocket-Protocol`, if it is offered.
    static func subprotocolToken(_ request: Request) -> SecretToken? {
        let offered = request.headers[values: .secWebSocketProtocol].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let index = offered.firstIndex(of: bearerProtocol) else { return nil }
        let next = offered.index(after: index)
        // Offered without a token: an empty one, refused like an unknown token.
        return SecretToken(rawValue: next < offered.endIndex ? offered[next] : "")
    }

    /// Whether a request asks for a WebSocket upgrade (`Upgrade: websocket`).
    static func isWebSocketUpgrade(_ request: Request) -> Bool {
        request.headers[values: .upgrade].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "websocket" }
        }
    }

    /// A live event as a JSON text frame.
    static func frame(_ event: LiveEvent) throws -> String {
        String(decoding: try SocialJSON.encoder().encode(event), as: UTF8.self)
    }
}
