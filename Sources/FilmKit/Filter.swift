import Imaging

/// Turns an image into an image: a film look, or one step of one.
///
/// Filters take and return 3-band sRGB images whose samples run from 0 to 255; they may return
/// floating-point samples, which encoding (or `Image.pixels()`) rounds to 8 bits.
/// Filters are values: create one with its settings, then apply it to as many images as you like,
/// from as many tasks as you like.
///
/// Write your own with the public `Image` API and register it in a ``FilterRegistry``:
///
/// ```swift
/// struct Invert: Filter {
///     func apply(to image: Image, context: FilterContext) throws -> Image {
///         try image.linear(multiply: -1, add: 255)
///     }
/// }
/// ```
public protocol Filter: Sendable {
    /// Returns the filtered image. Random effects must draw only from `context.seed`, so that the
    /// same input and seed give the same bytes.
    ///
    /// - Throws: Whatever the filter's steps throw; the built-in filters throw only `ImagingError` if a libvips
    ///   operation fails (or the source is found damaged while the pipeline runs).
    func apply(to image: Image, context: FilterContext) throws -> Image

    /// Whether the filter reads its input once from top to bottom (looking at most a bounded
    /// number of rows ahead), so that a photo opened with sequential access
    /// (`Image.LoadOptions.sequential`) streams through it: decoding, filtering and
    /// encoding then overlap, and the photo is never held whole in memory. `false` unless a filter
    /// says otherwise.
    var readsInputSequentially: Bool { get }
}

extension Filter {
    /// `false`: a filter reads its input however it likes unless it says otherwise.
    public var readsInputSequentially: Bool { false }

    /// Applies the filter with a seed for its random effects, as if shot on `format`.
    ///
    /// - Throws: Whatever ``apply(to:context:)`` throws.
    public func apply(to image: Image, seed: UInt64 = 0, format: FilmFormat = .thirtyFive) throws -> Image {
        try apply(to: image, context: FilterContext(seed: seed, format: format))
    }
}

/// What a filter is told besides its input image.
public struct FilterContext: Sendable, Hashable {
    /// The seed for every random effect (grain, light leaks, dust). The same seed gives the same
    /// output; a roll gives each frame its own.
    public var seed: UInt64
    /// The film frame the photo is taken on, which sets how much film a pixel covers and so the
    /// grain's size and strength in pixels (``FilmFormat``). 35 mm unless given.
    public var format: FilmFormat

    /// Creates a context.
    public init(seed: UInt64 = 0, format: FilmFormat = .thirtyFive) {
        self.seed = seed
        self.format = format
    }

    /// A context with an independent seed for the `index`-th part of a composite filter, so that
    /// two grain layers in one chain do not share their noise.
    public func derived(_ index: Int) -> FilterContext {
        FilterContext(seed: SplitMix64.mix(seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1)), format: format)
    }
}
