import Foundation

/// Turns uploaded photos into the JPEGs the services store: posts and messages keep their aspect
/// ratio within bounds, avatars and recipes are squares. Whatever the implementation, the output
/// must be upright, carry no metadata (no GPS position, no camera serial) and never be larger
/// than the bounds asked for.
///
/// The services decide the sizes and limits (``NetworkPolicy``, ``RecipePolicy``); the processor
/// only does the pixel work, so the core needs no image library. `SocialModelPhotos` provides
/// the libvips implementation; `SocialModelMocks` a fast stand-in for tests.
public protocol PhotoProcessor: Sendable {
    /// Makes one JPEG per bound, each fitting within it on its longer side (never scaled up),
    /// after applying `filter` once, to the largest size, with `seed` for its random effects.
    /// - Parameters:
    ///   - photo: the upload, in any format the processor reads.
    ///   - sizes: the bounds on the longer side, in pixels.
    ///   - pixelLimit: the largest pixel count accepted, checked before decoding.
    ///   - filter: the filter to apply, or `nil`.
    ///   - seed: the seed of the filter's random effects.
    /// - Returns: the JPEGs and the largest size's dimensions.
    /// - Throws: ``PhotoError``.
    func bounded(_ photo: Data, sizes: [Int], pixelLimit: Int, filter: PhotoFilter?, seed: UInt64)
        async throws(PhotoError) -> ProcessedPhoto
    /// Makes one square JPEG per side, centre-cropped; an image smaller than a side keeps its own size.
    /// - Parameters:
    ///   - photo: the upload, in any format the processor reads.
    ///   - sizes: the sides, in pixels.
    ///   - pixelLimit: the largest pixel count accepted, checked before decoding.
    /// - Returns: the JPEG for each side, keyed by side.
    /// - Throws: ``PhotoError/unusable(reason:)``.
    func squares(_ photo: Data, sizes: [Int], pixelLimit: Int) async throws(PhotoError) -> [Int: Data]
}

/// A filter asked for by name, as a post draft names it.
public struct PhotoFilter: Sendable, Hashable, Codable {
    /// The filter's name, as the user typed it.
    public var name: String
    /// Its parameters; those not given take their defaults.
    public var parameters: [String: Double]

    /// Creates a request.
    public init(name: String, parameters: [String: Double] = [:]) {
        self.name = name
        self.parameters = parameters
    }
}

/// The JPEGs of one photo at bounded sizes.
public struct ProcessedPhoto: Sendable, Hashable {
    /// The JPEG for each bound, keyed by bound.
    public var jpegs: [Int: Data]
    /// The width of the largest size.
    public var width: Int
    /// The height of the largest size.
    public var height: Int
    /// The filter's canonical name, when one was applied.
    public var filter: String?

    /// Creates a result.
    public init(jpegs: [Int: Data], width: Int, height: Int, filter: String?) {
        self.jpegs = jpegs
        self.width = width
        self.height = height
        self.filter = filter
    }
}
