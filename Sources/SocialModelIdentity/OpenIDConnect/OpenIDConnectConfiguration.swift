import Foundation

/// Which tokens an ``OpenIDConnectProvider`` accepts: whose issuer, for which apps, how fresh.
public struct OpenIDConnectConfiguration: Sendable, Hashable {
    /// How long the issuer's keys are kept.
    public struct KeyCachePolicy: Sendable, Hashable {
        /// Used when the key set's response has no `Cache-Control: max-age`.
        public var defaultLifetime: TimeInterval
        /// The shortest time keys are kept, whatever the response says (`no-cache` included).
        public var minimumLifetime: TimeInterval
        /// The longest time keys are kept, whatever the response says.
        public var maximumLifetime: TimeInterval
        /// The shortest time between two fetches caused by unknown key ids.
        public var minimumRefreshInterval: TimeInterval

        /// Creates a policy.
        /// - Parameters:
        ///   - defaultLifetime: when the response does not say.
        ///   - minimumLifetime: the shortest time keys are kept.
        ///   - maximumLifetime: the longest time keys are kept.
        ///   - minimumRefreshInterval: the shortest time between fetches caused by unknown key ids.
        public init(
            defaultLifetime: TimeInterval = 3600, minimumLifetime: TimeInterval = 60,
            maximumLifetime: TimeInterval = 86_400, minimumRefreshInterval: TimeInterval = 60
        ) {
            self.defaultLifetime = defaultLifetime
            self.minimumLifetime = minimumLifetime
            self.maximumLifetime = max(minimumLifetime, maximumLifetime)
            self.minimumRefreshInterval = minimumRefreshInterval
        }

        /// How long to keep a key set whose response allowed `maximumAge` seconds.
        func lifetime(_ maximumAge: Int?) -> TimeInterval {
            min(max(maximumAge.map(TimeInterval.init) ?? defaultLifetime, minimumLifetime), maximumLifetime)
        }
    }

    /// The name sign-in calls use for this provider, such as `apple`.
    public var name: String
    /// The issuer identifier, exactly as the tokens' `iss` and the discovery document's `issuer` say it.
    public var issuer: String
    /// Other spellings of the issuer that tokens may carry (Google's `accounts.google.com`).
    public var issuerAliases: Set<String>
    /// The app's client ids; a token's `aud` must name one of them, and nothing else.
    public var audiences: Set<String>
    /// Where the discovery document is; by default `<issuer>/.well-known/openid-configuration`.
    public var discoveryURL: URL
    /// How far the issuer's clock and this one may disagree, for `exp`, `iat` and `nbf`.
    public var clockSkew: TimeInterval
    /// The longest time since `iat` a token is accepted, if limited.
    public var maximumTokenAge: TimeInterval?
    /// Whether every token must be checked against a nonce (``OpenIDConnectProvider/verify(token:)``
    /// without one then refuses all tokens).
    public var requiresNonce: Bool
    /// The signing algorithms accepted: asymmetric ones only, so a key set's public key can never
    /// serve as an HMAC secret.
    public var algorithms: Set<String>
    /// How long the issuer's keys are kept.
    public var keyCache: KeyCachePolicy
    /// How long a request to the issuer may take.
    public var requestTimeout: Duration

    /// The asymmetric algorithms jwt-kit verifies.
    public static let asymmetricAlgorithms: Set<String> = [
        "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
    ]

    /// Creates a configuration.
    /// - Parameters:
    ///   - name: the provider's name in sign-in calls.
    ///   - issuer: the issuer identifier, such as `https://accounts.example.com`.
    ///   - audiences: the app's client ids.
    ///   - discoveryURL: where the discovery document is, if not under the issuer.
    ///   - clockSkew: how far clocks may disagree (60 s by default).
    public init(
        name: String, issuer: String, audiences: Set<String>, discoveryURL: URL? = nil, clockSkew: TimeInterval = 60
    ) {
        self.name = name
        self.issuer = issuer
        self.issuerAliases = []
        self.audiences = audiences
        let trimmed = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        self.discoveryURL =
            discoveryURL ?? URL(string: trimmed + "/.well-known/openid-configuration")
            ?? URL(fileURLWithPath: "/invalid-issuer")
        self.clockSkew = clockSkew
        self.maximumTokenAge = nil
        self.requiresNonce = false
        self.algorithms = Self.asymmetricAlgorithms
        self.keyCache = KeyCachePolicy()
        self.requestTimeout = .seconds(10)
    }

    /// Sign in with Apple: issuer `https://appleid.apple.com`; the audiences are the app's bundle id
    /// (native sign-in) and its Services ID (sign-in on the web).
    /// - Parameters:
    ///   - clientIDs: the bundle ids and Services IDs.
    ///   - name: the provider's name in sign-in calls.
    /// - Returns: the configuration.
    public static func apple(clientIDs: Set<String>, name: String = "apple") -> Self {
        var configuration = Self(name: name, issuer: "https://appleid.apple.com", audiences: clientIDs)
        configuration.algorithms = ["RS256"]
        return configuration
    }

    /// Sign in with Google: issuer `https://accounts.google.com` (tokens may also say
    /// `accounts.google.com`); the audiences are the app's OAuth client ids.
    /// - Parameters:
    ///   - clientIDs: the OAuth client ids.
    ///   - name: the provider's name in sign-in calls.
    /// - Returns: the configuration.
    public static func google(clientIDs: Set<String>, name: String = "google") -> Self {
        var configuration = Self(name: name, issuer: "https://accounts.google.com", audiences: clientIDs)
        configuration.issuerAliases = ["accounts.google.com"]
        configuration.algorithms = ["RS256"]
        return configuration
    }
}
