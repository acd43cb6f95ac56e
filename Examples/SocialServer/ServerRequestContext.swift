import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context: Hummingbird's basics, the WebSocket upgrade the live-update route needs,
/// and the client's address, which SocialModelHTTP keys sign-in rate limits by (behind a proxy
/// that is the proxy's address).
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
