/// What the routes allow a request: how large a body they read (a larger one, or a JSON body
/// with too many entries or too long a string, or a multipart body with too many parts, is
/// refused with `413 body-too-large` while it streams in), how long its body may take to arrive
/// (`408 body-timed-out`), how often one client may call (`429 rate-limited` with
/// `Retry-After`), and how long a handler may run (`503 timed-out`).
public struct SocialHTTPLimits: Sendable, Hashable {
    /// The largest JSON body (registration, sign-in, comments, profile changes), in bytes.
    public var jsonBodyBytes: Int
    /// The largest photo upload (posts, avatars), in bytes.
    public var photoBodyBytes: Int

    /// Requests per client address, or `nil` for no limit. Applies only where the application's
    /// request context knows the client's address (`RemoteAddressRequestContext`).
    public var rateLimit: SocialRateLimit?
    /// How long a handler may run before it is cancelled and answered `503 timed-out`, or `nil`
    /// for no limit.
    public var timeLimit: Duration?
    /// How long after its head a request's body must be complete, or `nil` for no limit: a
    /// body still arriving then is answered `408 body-timed-out` and the connection closed, so
    /// a client trickling bytes cannot hold a connection and a handler for long.
    public var bodyReadTimeout: Duration?

    /// Creates limits.
    /// - Parameters:
    ///   - jsonBodyBytes: 64 KiB unless said otherwise.
    ///   - photoBodyBytes: 20 MiB unless said otherwise.
    ///   - rateLimit: 20 requests a second with bursts of 100 per client unless said otherwise.
    ///   - timeLimit: 30 seconds unless said otherwise.
    ///   - bodyReadTimeout: 20 seconds unless said otherwise (a 20 MB photo at 8 Mbit/s).
    public init(
        jsonBodyBytes: Int = 64 * 1024, photoBodyBytes: Int = 20 * 1024 * 1024,
        rateLimit: SocialRateLimit? = SocialRateLimit(requestsPerSecond: 20, burst: 100),
        timeLimit: Duration? = .seconds(30), bodyReadTimeout: Duration? = .seconds(20)
    ) {
        self.jsonBodyBytes = jsonBodyBytes
        self.photoBodyBytes = photoBodyBytes
        self.rateLimit = rateLimit
        self.timeLimit = timeLimit
        self.bodyReadTimeout = bodyReadTimeout
    }
}

/// A per-client rate: a bucket of `burst` requests that refills at `requestsPerSecond`.
public struct SocialRateLimit: Sendable, Hashable {
    /// The sustained rate.
    public var requestsPerSecond: Double
    /// How many requests a client may make at once after a quiet spell.
    public var burst: Int

    /// Creates a rate.
    /// - Parameters:
    ///   - requestsPerSecond: the sustained rate, above zero.
    ///   - burst: the bucket's size, at least 1.
    public init(requestsPerSecond: Double, burst: Int) {
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
    }
}
