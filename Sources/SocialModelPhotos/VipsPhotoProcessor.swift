import FilmKit
import Foundation
import Imaging
import SocialModel

/// SocialModel's photo processing through libvips, with FilmKit filters.
///
/// Every photo is turned upright by its EXIF orientation, converted to 8-bit sRGB, scaled down
/// (never up) and encoded as JPEG with all metadata stripped, so no GPS position or camera serial
/// is published. Post filters are looked up by name in the registry given, and run once, on the
/// largest size, so a filter costs the same whatever the upload's resolution.
///
/// ```swift
/// let photos = VipsPhotoProcessor(filters: .shared)   // the process-wide registry, said so here
/// let network = SocialNetwork(store: store, accounts: accounts, photos: photos)
/// ```
public struct VipsPhotoProcessor: PhotoProcessor {
    /// Where post filters are looked up by name.
    public let filters: FilterRegistry
    /// JPEG quality, 1…100.
    public let quality: Int

    /// A processor.
    /// - Parameters:
    ///   - filters: where post filters are looked up by name.
    ///   - quality: JPEG quality, 1…100.
    public init(filters: FilterRegistry, quality: Int = 85) {
        self.filters = filters
        self.quality = min(100, max(1, quality))
    }

    /// Bounded JPEGs, optionally filtered; the filter is resolved before the photo is decoded.
    /// - Parameters:
    ///   - photo: the upload (JPEG, PNG, HEIF, WebP, TIFF…).
    ///   - sizes: the bounds on the longer side.
    ///   - pixelLimit: the largest pixel count accepted, checked from the header before decoding.
    ///   - filter: the filter to apply, or `nil`.
    ///   - seed: the seed of the filter's random effects.
    /// - Returns: the JPEGs and the largest size's dimensions.
    /// - Throws: `PhotoError` carrying libvips' or FilmKit's own words.
    public func bounded(_ photo: Data, sizes: [Int], pixelLimit: Int, filter: PhotoFilter?, seed: UInt64)
        async throws(PhotoError) -> ProcessedPhoto
    {
        var resolved: (filter: any Filter, name: String)?
        if let filter {
            resolved = try resolve(filter)
        }
        var image = try decode(photo, pixelLimit: pixelLimit) { image throws(ImagingError) in
            try Self.fitted(image.normalizedToSRGB(), within: sizes.max() ?? max(image.width, image.height))
        }
        if let resolved {
            do {
                image = try resolved.filter.apply(to: image, seed: seed)
            } catch {
                throw .filterFailed(filter: resolved.name, reason: "\(error)")
            }
        }
        do {
            var jpegs: [Int: Data] = [:]
            for size in sizes {
                jpegs[size] = try Self.fitted(image, within: size).encoded(
                    as: .jpeg(quality: quality), stripMetadata: true)
            }
            return ProcessedPhoto(jpegs: jpegs, width: image.width, height: image.height, filter: resolved?.name)
        } catch {
            throw .unusable(reason: "\(error)")
        }
    }

    /// Square JPEGs: centre-cropped to the shorter side, then scaled down to each side.
    /// - Parameters:
    ///   - photo: the upload.
    ///   - sizes: the sides; an image smaller than a side keeps its own size.
    ///   - pixelLimit: the largest pixel count accepted, checked from the header before decoding.
    /// - Returns: the JPEG for each side.
    /// - Throws: `PhotoError.unusable(reason:)` carrying libvips' error.
    public func squares(_ photo: Data, sizes: [Int], pixelLimit: Int) async throws(PhotoError) -> [Int: Data] {
        try decode(photo, pixelLimit: pixelLimit) { image throws(ImagingError) in
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
        }
    }

    /// Loads the upload upright and runs `body` on it, every libvips failure (unreadable,
    /// truncated, over the limit) becoming `PhotoError.unusable(reason:)`.
    private func decode<T>(_ photo: Data, pixelLimit: Int, _ body: (Image) throws(ImagingError) -> T)
        throws(PhotoError) -> T
    {
        do {
            return try body(
                try Image(data: photo, options: Image.LoadOptions(pixelLimit: pixelLimit, autorotate: true)))
        } catch {
            throw .unusable(reason: "\(error)")
        }
    }

    /// The registry's filter and canonical name for a request.
    private func resolve(_ request: PhotoFilter) throws(PhotoError) -> (filter: any Filter, name: String) {
        do {
            let name = try filters.description(of: request.name).name
            return (try filters.makeFilter(request.name, parameters: request.parameters), name)
        } catch let error as FilterError {
            if case .unknownFilter(let name, let suggestions) = error {
                throw .unknownFilter(name: name, suggestions: suggestions)
            }
            throw .invalidFilterParameters(filter: request.name, reason: "\(error)")
        } catch {
            throw .invalidFilterParameters(filter: request.name, reason: "\(error)")
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
