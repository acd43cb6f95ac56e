import FilmKit
import Foundation
import Imaging

/// Turns an uploaded photo into JPEGs of a few bounded sizes, keeping its aspect ratio: turned
/// upright by its EXIF orientation, converted to 8-bit sRGB, scaled down (never up) so its
/// longer side fits, optionally passed through a FilmKit filter, and encoded with all metadata
/// stripped, so no GPS position or camera serial is published.
public struct BoundedPhotoProcessor: Sendable {
    /// The bounds on the longer side, in pixels, of the sizes made.
    public var sizes: [Int]
    /// The largest pixel count accepted, checked from the header before decoding.
    public var pixelLimit: Int
    /// JPEG quality, 1…100.
    public var quality: Int

    /// The processed sizes and the largest one's dimensions.
    public struct Output: Sendable {
        /// The JPEG for each bound, keyed by bound.
        public var jpegs: [Int: Data]
        /// The width of the largest size.
        public var width: Int
        /// The height of the largest size.
        public var height: Int
    }

    /// A processor; by default 1080 pixels for detail views and 320 for grids.
    public init(sizes: [Int] = [1080, 320], pixelLimit: Int = 50_000_000, quality: Int = 85) {
        self.sizes = sizes
        self.pixelLimit = pixelLimit
        self.quality = quality
    }

    /// Processes the photo. The filter runs once, on the largest size (so it costs the same
    /// whatever the upload's resolution), with `seed` for its random effects.
    /// - Throws: ``PhotoError/unusable(_:)``, or whatever the filter throws.
    public func process(_ data: Data, filter: (any Filter)? = nil, seed: UInt64 = 0) throws -> Output {
        var image: Image
        do {
            image = try Image(data: data, options: Image.LoadOptions(pixelLimit: pixelLimit, autorotate: true))
                .normalizedToSRGB()
            image = try Self.fitted(image, within: sizes.max() ?? max(image.width, image.height))
        } catch {
            throw PhotoError.unusable(error)
        }
        if let filter {
            image = try filter.apply(to: image, seed: seed)
        }
        do {
            var jpegs: [Int: Data] = [:]
            for size in sizes {
                jpegs[size] = try Self.fitted(image, within: size).encoded(
                    as: .jpeg(quality: quality), stripMetadata: true)
            }
            return Output(jpegs: jpegs, width: image.width, height: image.height)
        } catch {
            throw PhotoError.unusable(error)
        }
    }

    /// The image scaled down so its longer side is at most `bound`; unchanged if it already fits.
    static func fitted(_ image: Image, within bound: Int) throws(ImagingError) -> Image {
        let longer = max(image.width, image.height)
        guard longer > bound else { return image }
        let scale = Double(bound) / Double(longer)
        return try image.resized(
            width: max(1, Int((Double(image.width) * scale).rounded())),
            height: max(1, Int((Double(image.height) * scale).rounded())))
    }
}
