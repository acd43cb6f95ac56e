import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import SocialModel

/// GET requests to a provider's JSON endpoints over async-http-client, with a deadline, a cap on
/// the body's size, and every failure as an `IdentityProviderError`.
///
/// URLs may carry tokens and secrets in their query, so errors and logs name only the host and path.
struct JSONEndpoint: Sendable {
    let client: HTTPClient
    let timeout: Duration
    let logger: Logger
    /// A discovery document or a key set is a few kilobytes; a megabyte is plenty.
    static let maximumBodySize = 1 << 20

    /// A response: its status, its `Cache-Control`, and its body.
    struct Response {
        var status: UInt
        var cacheControl: CacheControl
        var body: Data
    }

    /// Fetches `url`.
    /// - Throws: `IdentityProviderError.unavailable(reason:)` when the server cannot be reached, times
    ///   out, or sends more than ``maximumBodySize`` bytes.
    func get(_ url: URL) async throws(IdentityProviderError) -> Response {
        let name = Self.redacted(url)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let response = try await client.execute(request, timeout: TimeAmount(timeout), logger: logger)
            let body = try await response.body.collect(upTo: Self.maximumBodySize)
            logger.debug(
                "identity provider answered", metadata: ["url": "\(name)", "status": "\(response.status.code)"])
            return Response(
                status: response.status.code, cacheControl: CacheControl(response.headers.first(name: "Cache-Control")),
                body: Data(body.readableBytesView))
        } catch {
            logger.warning("identity provider unreachable", metadata: ["url": "\(name)", "error": "\(error)"])
            throw .unavailable(reason: "cannot read \(name): \(Self.describe(error))")
        }
    }

    /// Decodes a JSON body.
    /// - Throws: `IdentityProviderError.unavailable(reason:)` when it is not the expected JSON.
    func decode<T: Decodable>(_ type: T.Type, from response: Response, of url: URL) throws(IdentityProviderError) -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .unavailable(reason: "\(Self.redacted(url)) sent an answer that is not the expected JSON")
        }
    }

    /// The URL without its query, which may hold tokens.
    static func redacted(_ url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
    }

    /// A short description of a transport error (its type, not any URL it may quote).
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError: "\(error)"
        case is NIOTooManyBytesError: "the answer is larger than \(maximumBodySize) bytes"
        default: String(describing: type(of: error))
        }
    }

    /// `name=value&…` with every value percent-encoded except RFC 3986's unreserved characters, so a
    /// `+` or `|` in a token arrives as it is.
    static func query(_ items: KeyValuePairs<String, String>) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return items.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")"
        }
        .joined(separator: "&")
    }
}
