import Foundation
import Locking
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, answering each GET with what `respond`
/// returns: the OpenID Connect issuer and the Graph API stand-in of the identity tests.
final class LoopbackHTTPServer: Sendable {
    struct Request: Sendable {
        var path: String
        var query: [String: String]
    }

    struct Response: Sendable {
        var status: HTTPResponseStatus = .ok
        var headers: [(String, String)] = [("Content-Type", "application/json")]
        var body: String
    }

    typealias Responder = @Sendable (Request) -> Response

    let port: Int
    private let channel: any Channel
    private let requests = Locked<[Request]>([])

    /// Every request received so far.
    var received: [Request] { requests.withLock { $0 } }

    /// The server's base URL, `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    static func start(_ respond: @escaping Responder) async throws -> LoopbackHTTPServer {
        let box = Locked<LoopbackHTTPServer?>(nil)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        Handler { request in
                            box.withLock { $0?.requests.withLock { $0.append(request) } }
                            return respond(request)
                        })
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let server = LoopbackHTTPServer(channel: channel, port: channel.localAddress?.port ?? 0)
        box.withLock { $0 = server }
        return server
    }

    func stop() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let respond: @Sendable (Request) -> Response
        var request: Request?

        init(_ respond: @escaping @Sendable (Request) -> Response) {
            self.respond = respond
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                let components = URLComponents(string: head.uri)
                var query: [String: String] = [:]
                for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
                request = Request(path: components?.path ?? head.uri, query: query)
            case .body:
                break
            case .end:
                guard let request else { return }
                let response = respond(request)
                var headers = HTTPHeaders(response.headers)
                headers.add(name: "Content-Length", value: "\(response.body.utf8.count)")
                context.write(
                    wrapOutboundOut(
                        .head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: response.body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                self.request = nil
            }
        }
    }
}

/// A server the tests start and must stop.
protocol LoopbackFixture: Sendable {
    func stop() async
}

/// Runs `body` with a freshly started fixture and stops the fixture afterwards, whatever `body` does.
func withFixture<Fixture: LoopbackFixture>(
    _ start: () async throws -> Fixture, _ body: (Fixture) async throws -> Void
) async throws {
    let fixture = try await start()
    do {
        try await body(fixture)
    } catch {
        await fixture.stop()
        throw error
    }
    await fixture.stop()
}
