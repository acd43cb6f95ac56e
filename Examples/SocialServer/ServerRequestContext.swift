import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context: Hummingbird's basics, the WebSocket upgrade the live-update route needs,
/// and the peer's address, which SocialModelHTTP keys rate limits by (behind a proxy given as
/// `--trusted-proxy`, the address the proxy puts in `X-Forwarded-For`).
struct ServerRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }
}
