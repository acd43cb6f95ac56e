/// How large a request body the routes read. A larger body is refused with `413` and the code
/// `body-too-large` before it is read whole.
public struct SocialHTTPLimits: Sendable, Hashable {
    /// The largest JSON body (registration, sign-in, comments, profile changes), in bytes.
    public var jsonBodyBytes: Int
    /// The largest photo upload (posts, avatars), in bytes.
    public var photoBodyBytes: Int

    /// Creates limits.
    /// - Parameters:
    ///   - jsonBodyBytes: 64 KiB unless said otherwise.
    ///   - photoBodyBytes: 20 MiB unless said otherwise.
    public init(jsonBodyBytes: Int = 64 * 1024, photoBodyBytes: Int = 20 * 1024 * 1024) {
        self.jsonBodyBytes = jsonBodyBytes
        self.photoBodyBytes = photoBodyBytes
    }
}
