import CVips
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
    /// The decode cost bound, in pixels of 8-bit RGB: a photo whose header declares more
    /// samples' worth of bytes than that many 8-bit RGB pixels would (``decodeCost(width:height:bands:bytesPerSample:)``)
    /// is refused before any pixel is decoded. A 16-bit RGB photo counts twice its pixels, an
    /// 8-bit grey one a third.
    public let decodeBudget: Int
    /// Where the pixel work runs: a bounded pool off Swift's cooperative pool.
    public let jobs: PhotoJobs
    /// Told the pixels computed so far each time the decoding step finishes a piece of work (a
    /// libvips `eval` callback): how tests see that a cancelled job stops computing.
    package var decodeProgress: (@Sendable (_ pixels: Int) -> Void)?

    /// 40 megapixels of 8-bit RGB: a 40 MP camera JPEG passes, a 7000 × 7000 16-bit PNG
    /// (98 MP of 8-bit RGB, and 20 s of CPU here) does not.
    public static let defaultDecodeBudget = 40_000_000

    /// A processor.
    /// - Parameters:
    ///   - filters: where post filters are looked up by name.
    ///   - quality: JPEG quality, 1…100.
    ///   - decodeBudget: the decode cost bound in pixels of 8-bit RGB, at least 1.
    ///   - jobs: the pool the pixel work runs in; share one between processors to bound them together.
    public init(
        filters: FilterRegistry, quality: Int = 85, decodeBudget: Int = VipsPhotoProcessor.defaultDecodeBudget,
        jobs: PhotoJobs = PhotoJobs()
    ) {
        self.filters = filters
        self.quality = min(100, max(1, quality))
        self.decodeBudget = max(1, decodeBudget)
        self.jobs = jobs
    }

    /// Bounded JPEGs, optionally filtered; the filter is resolved and the header checked before
    /// the photo is decoded, and the pixel work runs in ``jobs``.
    /// - Parameters:
    ///   - photo: the upload (JPEG, PNG, HEIF, WebP, TIFF…).
    ///   - sizes: the bounds on the longer side.
    ///   - pixelLimit: the largest pixel count accepted, checked from the header before decoding.
    ///   - filter: the filter to apply, or `nil`.
    ///   - seed: the seed of the filter's random effects.
    /// - Returns: the JPEGs and the largest size's dimensions.
    /// - Throws: `PhotoError` carrying libvips' or FilmKit's own words; ``PhotoJobs/busyError``
    ///   when the pool's queue is full.
    public func bounded(_ photo: Data, sizes: [Int], pixelLimit: Int, filter: PhotoFilter?, seed: UInt64)
        async throws(PhotoError) -> ProcessedPhoto
    {
        let resolved = try filter.map { filter throws(PhotoError) in try resolve(filter) }
        let source = try load(photo, pixelLimit: pixelLimit)
        let quality = quality
        let progress = decodeProgress
        return try await jobs.run { cancellation throws(PhotoError) in
            // The largest size is computed once, into memory: the filter and the smaller sizes
            // read it, not the whole upload again.
            let fitted = try Self.imaging { () throws(ImagingError) in
                try Self.fitted(source.normalizedToSRGB(), within: sizes.max() ?? max(source.width, source.height))
            }
            var image = try Self.step(computing: fitted, cancellation, progress: progress) { () throws(ImagingError) in
                try fitted.materialized()
            }
            if let resolved {
                let input = image
                image = try Self.step(reading: input, cancellation) { () throws(PhotoError) in
                    do {
                        return try resolved.filter.apply(to: input, seed: seed)
                    } catch {
                        throw .filterFailed(filter: resolved.name, reason: "\(error)")
                    }
                }
            }
            var jpegs: [Int: Data] = [:]
            for size in sizes {
                jpegs[size] = try Self.step(reading: image, cancellation) { () throws(PhotoError) in
                    try Self.imaging { () throws(ImagingError) in
                        try Self.fitted(image, within: size).encoded(as: .jpeg(quality: quality), stripMetadata: true)
                    }
                }
            }
            return ProcessedPhoto(jpegs: jpegs, width: image.width, height: image.height, filter: resolved?.name)
        }
    }

    /// Square JPEGs: centre-cropped to the shorter side, then scaled down to each side; the
    /// header is checked before the photo is decoded, and the pixel work runs in ``jobs``.
    /// - Parameters:
    ///   - photo: the upload.
    ///   - sizes: the sides; an image smaller than a side keeps its own size.
    ///   - pixelLimit: the largest pixel count accepted, checked from the header before decoding.
    /// - Returns: the JPEG for each side.
    /// - Throws: `PhotoError.unusable(reason:)` carrying libvips' error; ``PhotoJobs/busyError``
    ///   when the pool's queue is full.
    public func squares(_ photo: Data, sizes: [Int], pixelLimit: Int) async throws(PhotoError) -> [Int: Data] {
        let image = try load(photo, pixelLimit: pixelLimit)
        let quality = quality
        let progress = decodeProgress
        return try await jobs.run { cancellation throws(PhotoError) in
            // The square at the largest side is computed once, into memory; the smaller sides
            // are scaled from it, not from the whole upload again.
            let side = min(image.width, image.height, sizes.max() ?? min(image.width, image.height))
            let pipeline = try Self.imaging { () throws(ImagingError) in
                let shorter = min(image.width, image.height)
                let cropped = try image.cropped(
                    x: (image.width - shorter) / 2, y: (image.height - shorter) / 2, width: shorter, height: shorter
                ).normalizedToSRGB()
                return try side == shorter ? cropped : cropped.resized(width: side, height: side)
            }
            let square = try Self.step(computing: pipeline, cancellation, progress: progress) {
                () throws(ImagingError) in try pipeline.materialized()
            }
            var result: [Int: Data] = [:]
            for size in sizes {
                let target = min(size, side)
                result[size] = try Self.step(reading: square, cancellation) { () throws(PhotoError) in
                    try Self.imaging { () throws(ImagingError) in
                        let scaled = target == side ? square : try square.resized(width: target, height: target)
                        return try scaled.encoded(as: .jpeg(quality: quality), stripMetadata: true)
                    }
                }
            }
            return result
        }
    }

    /// Runs a step that computes the pixels of `image`; a cancellation stops libvips inside it
    /// (`vips_image_set_kill`: the next tile of `image` asked for fails), and `progress` hears
    /// libvips' `eval` callbacks while it runs.
    private static func step(
        computing image: Image, _ cancellation: PhotoJobCancellation, progress: (@Sendable (Int) -> Void)?,
        _ body: () throws(ImagingError) -> Image
    ) throws(PhotoError) -> Image {
        try cancellation.whileRunning(stop: { vips_image_set_kill(image.pointer, 1) }) { () throws(PhotoError) in
            guard let progress else { return try imaging(body) }
            let box = Unmanaged.passRetained(ProgressBox(progress))
            vips_image_set_progress(image.pointer, 1)
            let handler = g_signal_connect_data(
                UnsafeMutableRawPointer(image.pointer), "eval", unsafeBitCast(evalCallback, to: GCallback.self),
                box.toOpaque(), nil, GConnectFlags(rawValue: 0))
            defer {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(image.pointer), handler)
                vips_image_set_progress(image.pointer, 0)
                box.release()
            }
            return try imaging(body)
        }
    }

    /// Runs a step that reads `image` (a filter, an encoding); a cancellation stops libvips at the
    /// next tile of `image` the step asks for.
    private static func step<T>(
        reading image: Image, _ cancellation: PhotoJobCancellation, _ body: () throws(PhotoError) -> T
    ) throws(PhotoError) -> T {
        try cancellation.whileRunning(stop: { vips_image_set_kill(image.pointer, 1) }, body)
    }

    /// Holds a progress closure for the C callback.
    private final class ProgressBox {
        let progress: @Sendable (Int) -> Void
        init(_ progress: @escaping @Sendable (Int) -> Void) { self.progress = progress }
    }

    /// libvips' `eval` signal: the pixels computed so far, handed to the step's ``ProgressBox``.
    private static let evalCallback:
        @convention(c) (UnsafeMutablePointer<VipsImage>?, UnsafeMutablePointer<VipsProgress>?, UnsafeMutableRawPointer?)
            -> Void = { _, progress, box in
                guard let progress, let box else { return }
                Unmanaged<ProgressBox>.fromOpaque(box).takeUnretainedValue().progress(Int(progress.pointee.npels))
            }

    /// The upload, upright, with only its header read: refused if it declares more pixels than
    /// `pixelLimit` or costs more than ``decodeBudget`` to decode.
    ///
    /// An upright photo is read sequentially, streamed top to bottom through the first step
    /// (which the processor keeps in memory) instead of decoded whole first; only one that must
    /// be turned needs the random access rotation takes.
    private func load(_ photo: Data, pixelLimit: Int) throws(PhotoError) -> Image {
        let header = try Self.imaging { () throws(ImagingError) in
            try Image(data: photo, options: Image.LoadOptions(pixelLimit: pixelLimit, autorotate: false))
        }
        try checkCost(header)
        let upright = header.orientation <= 1
        return try Self.imaging { () throws(ImagingError) in
            try Image(
                data: photo, options: Image.LoadOptions(pixelLimit: pixelLimit, sequential: upright, autorotate: true))
        }
    }

    /// Refuses an image whose decode costs more than ``decodeBudget``.
    private func checkCost(_ image: Image) throws(PhotoError) {
        let cost = Self.decodeCost(
            width: image.width, height: image.height, bands: image.bands, bytesPerSample: image.format.byteCount)
        guard cost <= Double(decodeBudget) else {
            let megapixels = (cost / 1_000_000).rounded(.up)
            throw .unusable(
                reason:
                    "decoding \(image.width)×\(image.height) pixels of \(image.bands) bands at "
                    + "\(image.format.byteCount * 8) bits costs as much as \(Int(megapixels)) megapixels of 8-bit RGB; "
                    + "the limit is \(decodeBudget / 1_000_000)")
        }
    }

    /// What decoding costs, in pixels of 8-bit RGB: the bytes of all samples over three. In
    /// floating point, so no header can overflow it.
    /// - Parameters:
    ///   - width: the width the header declares.
    ///   - height: the height the header declares.
    ///   - bands: the bands (channels) per pixel.
    ///   - bytesPerSample: the bytes of one sample (1 for 8 bits, 2 for 16).
    /// - Returns: the cost.
    public static func decodeCost(width: Int, height: Int, bands: Int, bytesPerSample: Int) -> Double {
        Double(max(width, 0)) * Double(max(height, 0)) * Double(max(bands, 0)) * Double(max(bytesPerSample, 0)) / 3
    }

    /// Runs libvips work, every failure (unreadable, truncated, over a limit) becoming
    /// `PhotoError.unusable(reason:)`.
    private static func imaging<T>(_ body: () throws(ImagingError) -> T) throws(PhotoError) -> T {
        do {
            return try body()
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
