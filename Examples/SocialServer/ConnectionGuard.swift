import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The limits every connection is held to before a request reaches a route (see `--help`).
struct ConnectionLimits: Sendable {
    /// How long a new connection may take to send its first request's head (the request line
    /// and headers); later requests on the connection are bounded by ``idleTimeout``.
    var headerTimeout: Duration
    /// How long a connection may stay open with no request in progress and nothing received.
    var idleTimeout: Duration
    /// The most bytes of one request's target and headers together (larger: `431`).
    var maxHeaderBytes: Int
    /// The most header lines of one request (more: `431`).
    var maxHeaderCount: Int
    /// The most connections open at once from one address, or `nil` for no limit.
    var connectionsPerAddress: Int?
    /// Addresses the per-address limit does not apply to (the trusted proxies).
    var unlimitedAddresses: Set<String>
}

/// Open connections by peer address, shared by every connection of the server.
final class ConnectionCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one more connection from `address`, unless that would pass `limit`.
    /// - Returns: whether the connection was counted (and must be released).
    func open(_ address: String, limit: Int) -> Bool {
        counts.withLock { counts in
            let open = counts[address, default: 0]
            guard open < limit else { return false }
            counts[address] = open + 1
            return true
        }
    }

    /// Releases a connection ``open(_:limit:)`` counted.
    func close(_ address: String) {
        counts.withLock { counts in
            let open = counts[address, default: 1] - 1
            counts[address] = open > 0 ? open : nil
        }
    }

    /// The connections open from `address`.
    func count(_ address: String) -> Int {
        counts.withLock { $0[address, default: 0] }
    }
}

/// The server's HTTP (and WebSocket) child channel with the connection limits in front: the
/// per-address cap and the first head's deadline (``ConnectionGuard``, first in the pipeline),
/// and a malformed request answered and closed (``MalformedRequestResponder``, right after the
/// HTTP decoder).
///
/// Hummingbird's own handlers (its idle timeout among them) join a WebSocket-capable pipeline
/// only once the first request's head has been read, and a parse error before that is never
/// answered, so these two cover what comes before.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limits: ConnectionLimits
    let counter: ConnectionCounter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let guardHandler = ConnectionGuard(limits: limits, counter: counter)
            try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(
                type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(MalformedRequestResponder(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension TimeAmount {
    /// The same span in NIO's nanoseconds.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(
            seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000)
    }
}

extension ChannelHandlerContext {
    /// Writes a bodiless response straight to the socket and closes the connection.
    fileprivate func refuse(_ status: HTTPResponseStatus, extraHeaders: String = "") {
        let text =
            "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nConnection: close\r\nContent-Length: 0\r\n\(extraHeaders)\r\n"
        writeAndFlush(NIOAny(ByteBuffer(string: text))).assumeIsolated().whenComplete { [self] _ in
            close(promise: nil)
        }
    }
}

/// First in every connection's pipeline, on raw bytes: refuses a connection over its address's
/// cap (`503`), a TLS or HTTP/2 connection on this plain HTTP/1 port (`400`), and a first head
/// not complete within ``ConnectionLimits/headerTimeout`` (`408`); then it only passes bytes on.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let counter: ConnectionCounter
    private var counted: String?
    private var deadline: Scheduled<Void>?
    private enum State { case awaitingHead, passing, refused }
    private var state = State.awaitingHead
    /// The last bytes of the head so far, to find its blank line across reads.
    private var tail: [UInt8] = []
    private var seenFirstByte = false

    init(limits: ConnectionLimits, counter: ConnectionCounter) {
        self.limits = limits
        self.counter = counter
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        let address = context.remoteAddress?.ipAddress
        if let limit = limits.connectionsPerAddress, let address, !limits.unlimitedAddresses.contains(address) {
            guard counter.open(address, limit: limit) else {
                state = .refused
                context.refuse(.serviceUnavailable, extraHeaders: "Retry-After: 5\r\n")
                return
            }
            counted = address
        }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.headerTimeout)) { [self] in
            guard state == .awaitingHead else { return }
            state = .refused
            context.refuse(.requestTimeout)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func release() {
        deadline?.cancel()
        deadline = nil
        if let counted { counter.close(counted) }
        counted = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .passing:
            context.fireChannelRead(data)
            return
        case .refused:
            return
        case .awaitingHead:
            break
        }
        let buffer = unwrapInboundIn(data)
        let bytes = buffer.readableBytesView
        if !seenFirstByte, let first = bytes.first {
            seenFirstByte = true
            // A TLS record (handshake, 0x16 0x03) or the HTTP/2 preface: not HTTP/1 at all.
            let second = bytes.dropFirst().first
            if (first == 0x16 && second == 0x03) || bytes.starts(with: Array("PRI * HTTP/2".utf8)) {
                state = .refused
                context.refuse(.badRequest)
                return
            }
        }
        if headComplete(bytes) {
            state = .passing
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    /// Whether the blank line ending the first head is in `bytes` (leading blank lines, which
    /// HTTP lets a client send before a request, do not count).
    private func headComplete(_ bytes: ByteBufferView) -> Bool {
        for byte in bytes {
            if tail.isEmpty, byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { continue }
            tail.append(byte)
            if tail.count > 4 { tail.removeFirst() }
            if tail == [13, 10, 13, 10] || tail.suffix(2) == [10, 10] { return true }
        }
        return false
    }

    deinit {
        deadline?.cancel()
    }
}

/// Right after the HTTP decoder: a request it cannot parse (`Content-Length: -1`, two
/// `Content-Length`s, `Content-Length` with `Transfer-Encoding`, a NUL in the target, an
/// obs-folded header, a head over the size or count limits) is answered `400` (`431` for the
/// size and count limits) and the connection closed, before Hummingbird's handlers have joined
/// the pipeline (for a later request they answer it themselves). It never reads what passes through, so it stays harmless after a
/// WebSocket upgrade replaces the HTTP handlers around it.
final class MalformedRequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        // Once Hummingbird's handlers have joined (after the first request's head), it answers a
        // parse error itself, after the responses before it, and half-closes; its idle timeout
        // then closes the connection.
        if (try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)) != nil {
            context.fireErrorCaught(error)
            return
        }
        // Written from the guard, first in the pipeline, so it goes to the socket as is (the HTTP
        // encoder between here and there takes only response parts). A response Hummingbird may
        // be writing for an earlier pipelined request is cut short, as by any close.
        let status: HTTPResponseStatus = parseError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
        guard let front = try? context.pipeline.syncOperations.context(handlerType: ConnectionGuard.self) else {
            context.close(promise: nil)
            return
        }
        front.refuse(status)
    }
}
