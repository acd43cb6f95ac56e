import HTTPTypes
import Hummingbird

/// Who a request comes from, for rate limits: the peer's IP address, or, when the peer is one of
/// the trusted proxies (nginx in front of several instances, say), the address that proxy
/// appended to `X-Forwarded-For`. Hops are read from the right and trusted proxies skipped, so a
/// client cannot choose its key by sending its own `X-Forwarded-For`: only what a trusted proxy
/// appended counts.
struct ClientAddress: Sendable {
    /// The proxies' IP addresses.
    let trustedProxies: Set<String>

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The client's address, or `nil` when the application's context does not know its peer.
    func of(_ request: Request, context: some RequestContext) -> String? {
        guard let peer = (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress else { return nil }
        guard trustedProxies.contains(peer) else { return peer }
        let hops = request.headers[values: Self.forwardedFor]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var address = peer
        for hop in hops.reversed() where !hop.isEmpty {
            address = hop
            if !trustedProxies.contains(hop) { break }
        }
        return address
    }
}
