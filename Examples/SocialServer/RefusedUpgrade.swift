import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// hummingbird-websocket answers every WebSocket upgrade its router refuses with its own bodiless
/// `400` and closes. These three pieces make the server answer with what the router said instead
/// (for `GET /live` with a missing, unknown, revoked or expired token: the API's `401` JSON error,
/// as on any session route), still closing the connection:
/// ``RefusedUpgradeRecorder`` keeps the router's error answer in the connection's
/// ``RefusedUpgradeAnswer``, and ``RefusedUpgradeWriter`` writes it in place of the bare `400`.

/// One connection's kept answer to its refused upgrade. A pipeline handler (right after
/// ``ConnectionGuard``) that passes everything on as is, only so the router (through the
/// request's channel) and ``RefusedUpgradeWriter`` find the same one.
final class RefusedUpgradeAnswer: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let answer = Mutex<(head: HTTPResponse, body: ByteBuffer)?>(nil)

    func keep(_ head: HTTPResponse, body: ByteBuffer) {
        answer.withLock { $0 = (head, body) }
    }

    /// The kept answer, once.
    func take() -> (head: HTTPResponse, body: ByteBuffer)? {
        answer.withLock { answer in
            defer { answer = nil }
            return answer
        }
    }
}

/// The WebSocket upgrade's responder: the router, whose error answers (status 400 and above,
/// which hummingbird-websocket never upgrades) are kept for ``RefusedUpgradeWriter``.
struct RefusedUpgradeRecorder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == ServerRequestContext {
    typealias Context = ServerRequestContext

    let inner: Inner
    /// The largest error body kept; a larger one leaves the bare `400`.
    var maxBodyBytes = 64 * 1024

    func respond(to request: Request, context: Context) async throws -> Response {
        let response = try await inner.respond(to: request, context: context)
        guard response.status.code >= 400 else { return response }
        let collected = CollectedBody(limit: maxBodyBytes)
        guard (try? await response.body.write(BodyCollector(into: collected))) != nil else { return response }
        // Without a RefusedUpgradeAnswer in the pipeline (a server wired otherwise), the bare 400 stays.
        if let answer = try? await context.channel.pipeline.handler(type: RefusedUpgradeAnswer.self).get() {
            answer.keep(response.head, body: collected.bytes)
        }
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

/// Among the HTTP handlers of a connection that was not upgraded: replaces the bare `400` of a
/// refused upgrade with the router's kept answer (its status, headers and body, with
/// `Connection: close`, as the connection is closed after it). Any other response passes as is.
final class RefusedUpgradeWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var answer: RefusedUpgradeAnswer?
    private var firstHead = true

    func handlerAdded(context: ChannelHandlerContext) {
        answer = try? context.pipeline.syncOperations.handler(type: RefusedUpgradeAnswer.self)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only a connection's first response can be a refused upgrade's.
        guard firstHead, case .head(let head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        firstHead = false
        guard head.status == .badRequest, let (kept, body) = answer?.take() else {
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
