import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import KitLocalization
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import SocialModelAPI
import Synchronization

extension HTTPServerBuilder {
    /// HTTP/1 with the WebSocket upgrade of ``SocialRoutes/liveCollection(context:)``, answering a
    /// refused or malformed upgrade as the API documents it. Use it in place of
    /// hummingbird-websocket's `.http1WebSocketUpgrade(webSocketRouter:configuration:)`:
    ///
    /// ```swift
    /// let app = Application(router: router, server: .socialWebSocketUpgrade(webSocketRouter: router))
    /// ```
    ///
    /// hummingbird-websocket answers every upgrade its router refuses with a bodiless `400`, and a
    /// handshake NIO cannot accept by closing the connection without a word. With this server:
    /// - an upgrade the router refuses (`GET /live` with a missing, unknown, revoked or expired
    ///   token) is answered with the router's own answer, the API's `401` JSON error;
    /// - a malformed handshake (a `Sec-WebSocket-Version` other than `13`, no or several
    ///   `Sec-WebSocket-Key`s, an extension offer that cannot be negotiated) is answered
    ///   `400 malformed-upgrade` in JSON.
    ///
    /// Both in the language of the request's `Accept-Language`, and the connection is then closed.
    /// - Parameters:
    ///   - webSocketRouter: the router whose routes may upgrade (the application's router, or one
    ///     with ``SocialRoutes/liveCollection(context:)`` only).
    ///   - configuration: HTTP/1 and WebSocket settings, as for hummingbird-websocket's builder.
    /// - Returns: the server builder for `Application(router:server:)`.
    public static func socialWebSocketUpgrade<Router: HTTPResponderBuilder & _HB_SendableMetatype>(
        webSocketRouter: Router, configuration: HTTP1WebSocketUpgradeChannel.Configuration = .init()
    ) -> HTTPServerBuilder where Router.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            SocialWebSocketUpgradeChannel(
                responder: responder, webSocketResponder: webSocketResponder, configuration: configuration)
        }
    }
}

/// The child channel behind ``HummingbirdCore/HTTPServerBuilder/socialWebSocketUpgrade(webSocketRouter:configuration:)``:
/// hummingbird-websocket's `HTTP1WebSocketUpgradeChannel` with refused and malformed upgrades
/// answered in the API's JSON. A server that wraps its child channel (to add connection limits,
/// say) builds this one itself inside its own `HTTPServerBuilder`.
public struct SocialWebSocketUpgradeChannel: ServerChildChannel {
    /// The upgrade channel's value: the negotiated connection.
    public typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel

    /// The channel for one server.
    /// - Parameters:
    ///   - responder: the application's HTTP responder (what `HTTPServerBuilder`'s closure receives).
    ///   - webSocketResponder: the router's responder deciding upgrades.
    ///   - configuration: HTTP/1 and WebSocket settings.
    public init<Responder: HTTPResponder>(
        responder: @escaping HTTPChannelHandler.Responder, webSocketResponder: Responder,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration = .init()
    ) where Responder.Context: WebSocketRequestContext {
        var http1 = configuration.http1
        let additional = http1.additionalChannelHandlers
        http1.additionalChannelHandlers = { additional() + [RefusedUpgradeWriter()] }
        inner = HTTP1WebSocketUpgradeChannel(
            responder: responder, webSocketResponder: RefusedUpgradeRecorder(inner: webSocketResponder),
            configuration: .init(http1: http1, ws: configuration.ws))
    }

    /// Sets up a connection: the upgrade pipeline, with the handshake checked before NIO's upgrader.
    /// - Parameters:
    ///   - channel: the connection.
    ///   - logger: the server's logger.
    /// - Returns: the negotiated connection, once set up.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let watch = UpgradeWatch()
        var logger = logger
        // The router's responder finds the connection's watch here: a request context need not carry its channel.
        logger[metadataKey: UpgradeWatch.metadataKey] = .stringConvertible(watch)
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(
                type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(watch, position: .after(decoder))
            return value
        }
    }

    /// Serves the connection, as HTTP or as the upgraded WebSocket.
    /// - Parameters:
    ///   - value: the negotiated connection.
    ///   - logger: the server's logger.
    public func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension SocialAPIError {
    /// A WebSocket handshake NIO's upgrader cannot accept.
    static var malformedUpgrade: SocialAPIError {
        SocialAPIError(status: 400, code: "malformed-upgrade", message: HTTPMessages.text("malformedUpgrade"))
    }
}

/// One connection's upgrade: right after the HTTP decoder, it sees the first request's head.
/// A WebSocket handshake NIO's upgrader would refuse without a word is answered
/// `400 malformed-upgrade` here and the connection closed; otherwise it notes whether an upgrade
/// is tried and in which language, and keeps the router's answer to a refused one for
/// ``RefusedUpgradeWriter``. After the first head it only passes everything on.
final class UpgradeWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable, CustomStringConvertible {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let metadataKey = "social.upgrade"

    private struct State {
        var sawHead = false
        var answered = false
        var upgrade = false
        var language = CountLanguage.english
        var refusal: (head: HTTPResponse, body: ByteBuffer)?
    }
    private let state = Mutex(State())

    var description: String { "watched" }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let (first, answered) = state.withLock { state in
            defer { state.sawHead = true }
            return (!state.sawHead, state.answered)
        }
        guard !answered else { return }
        guard first, case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let language = AnswerLanguage.of(acceptLanguage: head.headers.first(name: "Accept-Language"))
        let upgrade =
            Self.tokens(head.headers, "Upgrade").contains("websocket")
            && Self.tokens(head.headers, "Connection").contains("upgrade")
        state.withLock {
            $0.language = language
            $0.upgrade = upgrade
        }
        // NIO's upgrader accepts exactly one key and version 13, and closes without an answer otherwise.
        let wellFormed =
            head.headers[canonicalForm: "Sec-WebSocket-Key"].count == 1
            && head.headers[canonicalForm: "Sec-WebSocket-Version"] == ["13"]
        guard upgrade, !wellFormed else {
            context.fireChannelRead(data)
            return
        }
        state.withLock { $0.answered = true }
        let (answer, body) = AnswerLanguage.$current.withValue(language) { SocialAPIError.malformedUpgrade.encoded() }
        var headers = HTTPHeaders()
        for field in answer.headerFields { headers.add(name: field.name.rawName, value: field.value) }
        headers.replaceOrAdd(name: "Connection", value: "close")
        headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
        let responseHead = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: answer.status.code), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            // The upgrader, which never saw the head, takes the end of input as the end of the
            // connection: it closes it and ends quietly (a plain close would be logged as an error).
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            context.close(promise: nil)
        }
    }

    /// The comma-separated tokens of a header's values, lowercased.
    static func tokens(_ headers: HTTPHeaders, _ name: String) -> Set<String> {
        Set(
            headers[name].flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
    }

    /// Keeps the router's answer to the upgrade it refused.
    func keep(_ head: HTTPResponse, body: ByteBuffer) {
        state.withLock { $0.refusal = (head, body) }
    }

    /// The answer that replaces the bodiless `400` of a refused or failed upgrade: the router's
    /// kept one, else `400 malformed-upgrade`; nil when the first request was no upgrade.
    func replacement() -> (head: HTTPResponse, body: ByteBuffer)? {
        let state = state.withLock { state in
            defer { state.refusal = nil }
            return state
        }
        guard state.upgrade else { return nil }
        if let refusal = state.refusal { return refusal }
        return AnswerLanguage.$current.withValue(state.language) { SocialAPIError.malformedUpgrade.encoded() }
    }
}

/// The WebSocket upgrade's responder: the router, whose error answers (status 400 and above,
/// which hummingbird-websocket never upgrades) are kept in the connection's ``UpgradeWatch``.
struct RefusedUpgradeRecorder<Inner: HTTPResponder>: HTTPResponder where Inner.Context: WebSocketRequestContext {
    typealias Context = Inner.Context

    let inner: Inner
    /// The largest error body kept; a larger one leaves the bare `400`.
    var maxBodyBytes = 64 * 1024

    func respond(to request: Request, context: Context) async throws -> Response {
        let response = try await inner.respond(to: request, context: context)
        guard response.status.code >= 400,
            case .stringConvertible(let watch as UpgradeWatch) = context.logger[metadataKey: UpgradeWatch.metadataKey]
        else { return response }
        let collected = CollectedBody(limit: maxBodyBytes)
        guard (try? await response.body.write(BodyCollector(into: collected))) != nil else { return response }
        watch.keep(response.head, body: collected.bytes)
        return Response(status: response.status, headers: response.headers, body: .init(byteBuffer: collected.bytes))
    }
}

/// A response body's bytes, up to a limit.
private final class CollectedBody {
    let limit: Int
    var bytes = ByteBuffer()

    init(limit: Int) { self.limit = limit }
}

private struct BodyCollector: ResponseBodyWriter {
    struct TooLarge: Error {}
    let into: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        guard buffer.readableBytes <= into.limit - into.bytes.readableBytes else { throw TooLarge() }
        var buffer = buffer
        into.bytes.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Among the HTTP handlers of a connection that was not upgraded: replaces the bodiless `400`
/// hummingbird-websocket writes for a refused or failed upgrade with the connection's
/// ``UpgradeWatch/replacement()`` (with `Connection: close`: the connection is closed after it).
/// Any other response passes as is.
final class RefusedUpgradeWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var watch: UpgradeWatch?
    private var firstHead = true

    func handlerAdded(context: ChannelHandlerContext) {
        watch = try? context.pipeline.syncOperations.handler(type: UpgradeWatch.self)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only a connection's first response can be a refused upgrade's.
        guard firstHead, case .head(let head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        firstHead = false
        guard head.status == .badRequest, let (kept, body) = watch?.replacement() else {
            context.write(data, promise: promise)
            return
        }
        var replaced = kept
        replaced.headerFields[.transferEncoding] = nil
        replaced.headerFields[.contentLength] = String(body.readableBytes)
        replaced.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(replaced)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: promise)
    }
}
