import Foundation
import JWTKit
import Logging
import SocialModel

/// An issuer's signing keys: the JWKS named by its discovery document, fetched when first needed,
/// kept as long as the responses' `Cache-Control` allows (within the configured bounds), and
/// fetched again early when a token names a key id the set lacks — issuers publish a new key
/// before signing with it, so an unknown key id usually means a rotation.
///
/// Concurrent callers share one fetch; a fetch that fails while an expired set still holds the
/// key uses the old set rather than failing every sign-in.
actor IssuerKeys {
    /// A verified key set and what is known about it.
    private struct KeySet {
        var keys: JWTKeyCollection
        var algorithms: [String: String?]  // key id → the JWK's "alg", if it names one
        var fetchedAt: Date
        var expiresAt: Date
    }

    private let configuration: OpenIDConnectConfiguration
    private let endpoint: JSONEndpoint
    private let clock: any WallClock
    private let logger: Logger
    private var current: KeySet?
    private var jwksURL: URL?
    private var fetching: Task<Result<KeySet, IdentityProviderError>, Never>?

    init(configuration: OpenIDConnectConfiguration, endpoint: JSONEndpoint, clock: any WallClock, logger: Logger) {
        self.configuration = configuration
        self.endpoint = endpoint
        self.clock = clock
        self.logger = logger
    }

    /// The keys, holding `keyID`, and the algorithm that key's JWK names (if it names one).
    /// - Throws: ``TokenRejection/unknownKey`` as an `IdentityProviderError` when the issuer does
    ///   not publish the key, `IdentityProviderError.unavailable(reason:)` when the keys cannot be fetched.
    func keys(for keyID: String) async throws(IdentityProviderError) -> (JWTKeyCollection, String?) {
        let now = clock.now()
        if let current, current.expiresAt > now, let algorithm = current.algorithms[keyID] {
            return (current.keys, algorithm)
        }
        // An unknown key id in a fresh set: fetch again, but not more often than the configured
        // interval, so that tokens with made-up key ids cannot make this hammer the issuer.
        if let current, current.expiresAt > now,
            now.timeIntervalSince(current.fetchedAt) < configuration.keyCache.minimumRefreshInterval
        {
            throw TokenRejection.unknownKey.providerError
        }
        let set: KeySet
        switch await refreshed() {
        case .success(let fresh): set = fresh
        case .failure(let error):
            guard let stale = current, let algorithm = stale.algorithms[keyID] else { throw error }
            logger.warning("using the issuer's previous keys", metadata: ["error": "\(error)"])
            return (stale.keys, algorithm)
        }
        guard let algorithm = set.algorithms[keyID] else { throw TokenRejection.unknownKey.providerError }
        return (set.keys, algorithm)
    }

    /// Fetches the key set, or joins a fetch under way.
    private func refreshed() async -> Result<KeySet, IdentityProviderError> {
        if let fetching { return await fetching.value }
        let task = Task { await self.fetch() }
        fetching = task
        let result = await task.value
        fetching = nil
        if case .success(let set) = result { current = set }
        return result
    }

    private func fetch() async -> Result<KeySet, IdentityProviderError> {
        do throws(IdentityProviderError) {
            let url = try await keySetURL()
            let response = try await endpoint.get(url)
            guard response.status == 200 else {
                throw .unavailable(reason: "\(JSONEndpoint.redacted(url)) answered \(response.status)")
            }
            let document = try endpoint.decode(KeySetDocument.self, from: response, of: url)
            let keys = JWTKeyCollection()
            var algorithms: [String: String?] = [:]
            for entry in document.keys {
                // Keys for encryption, without an id, or of a kind jwt-kit cannot use are skipped.
                guard let jwk = entry.jwk, let keyID = jwk.keyIdentifier?.string, entry.use == nil || entry.use == "sig"
                else { continue }
                do {
                    try await keys.add(jwk: jwk)
                    algorithms[keyID] = jwk.algorithm?.rawValue
                } catch {
                    logger.debug("skipping an unusable key", metadata: ["kid": "\(keyID)", "error": "\(error)"])
                }
            }
            let now = clock.now()
            let lifetime = configuration.keyCache.lifetime(response.cacheControl.maximumAge)
            logger.debug(
                "fetched the issuer's keys", metadata: ["keys": "\(algorithms.count)", "lifetime": "\(lifetime)"])
            return .success(KeySet(keys: keys, algorithms: algorithms, fetchedAt: now, expiresAt: now + lifetime))
        } catch {
            // Discover again next time, in case the issuer moved its keys.
            jwksURL = nil
            return .failure(error)
        }
    }

    /// The JWKS URL: configured, or read from the discovery document (once; the document's
    /// `issuer` must be the configured one, OpenID Connect Discovery section 4.3).
    private func keySetURL() async throws(IdentityProviderError) -> URL {
        if let jwksURL { return jwksURL }
        let source = configuration.discoveryURL
        let response = try await endpoint.get(source)
        guard response.status == 200 else {
            throw .unavailable(reason: "\(JSONEndpoint.redacted(source)) answered \(response.status)")
        }
        let document = try endpoint.decode(DiscoveryDocument.self, from: response, of: source)
        guard document.issuer == configuration.issuer else {
            throw .unavailable(reason: "the discovery document names another issuer")
        }
        guard let url = URL(string: document.jwks_uri), Self.isAcceptable(url) else {
            throw .unavailable(reason: "the discovery document's jwks_uri is not an https URL")
        }
        jwksURL = url
        return url
    }

    /// https, or http to this machine (for tests and local issuers).
    static func isAcceptable(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return url.host?.isEmpty == false
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host ?? "")
        default: return false
        }
    }
}

/// The part of an OpenID Connect discovery document used here.
private struct DiscoveryDocument: Decodable {
    var issuer: String
    var jwks_uri: String
}

/// A JWKS whose keys are decoded one by one, so that one key of an unknown kind does not hide the rest.
private struct KeySetDocument: Decodable {
    struct Entry: Decodable {
        var jwk: JWK?
        var use: String?

        private enum CodingKeys: String, CodingKey { case use }

        init(from decoder: any Decoder) throws {
            jwk = try? JWK(from: decoder)
            use = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .use)
        }
    }

    var keys: [Entry]
}
