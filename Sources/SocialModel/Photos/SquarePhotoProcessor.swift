import Foundation
import Imaging

/// Turns an uploaded photo into square JPEGs of a few sizes, through libvips: turned upright by
/// its EXIF orientation, centre-cropped to a square, converted to 8-bit sRGB, scaled down (never
/// up) and encoded with all metadata stripped, so no GPS position or camera serial is published.
public struct SquarePhotoProcessor: Sendable {
    /// The sides, in pixels, of the squares made; an image smaller than a side keeps its own size.
    public var sizes: [Int]
    /// The largest pixel count accepted, checked from the header before decoding.
    public var pixelLimit: Int
    /// JPEG quality, 1…100.
    public var quality: Int

    /// A processor; by default a 1080-pixel square for detail views and a 320-pixel one for lists.
    public init(sizes: [Int] = [1080, 320], pixelLimit: Int = 50_000_000, quality: Int = 85) {
        self.sizes = sizes
        self.pixelLimit = pixelLimit
        self.quality = quality
    }

    /// The square JPEG for each of ``sizes``, keyed by size.
    /// - Throws: ``PhotoError/unusable(_:)`` carrying libvips' error.
    public func process(_ data: Data) throws(PhotoError) -> [Int: Data] {
        do {
            let image = try Image(data: data, options: Image.LoadOptions(pixelLimit: pixelLimit, autorotate: true))
            let side = min(image.width, image.height)
            let square = try image.cropped(
                x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side
            ).normalizedToSRGB()
            var result: [Int: Data] = [:]
            for size in sizes {
                let target = min(size, side)
                let scaled = target == side ? square : try square.resized(width: target, height: target)
                result[size] = try scaled.encoded(as: .jpeg(quality: quality), stripMetadata: true)
            }
            return result
        } catch {
            throw .unusable(error)
        }
    }
}
