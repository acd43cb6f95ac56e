import CVips
import Imaging

/// A film look applied to the frames of a video, one after another.
///
/// Frame `n` gets the look with a seed of its own, `FilterContext(seed: seed).derived(n)`, so the
/// grain (and any other random effect) moves from frame to frame as it does on a real film strip,
/// while the same frame index and seed always give the same pixels, whatever order the frames are
/// rendered in and on however many threads.
///
/// ```swift
/// import FilmKit
/// import Imaging
///
/// let look = try FilterRegistry.shared.makeFilter("cinestill-800t")
/// let video = VideoLook(look, seed: 42)
/// let samples = [UInt8](repeating: 90, count: 1920 * 1080 * 3)
/// let frame = try PixelBuffer(width: 1920, height: 1080, bands: 3, samples: samples)
/// var filmed = frame
/// try video.render(frame, index: 0, into: &filmed)
/// ```
///
/// A film stock (``StockLook``) and the film pass's own primitives (``Grain``, ``Halation``,
/// ``Vignette``) are prepared once, and an 8-bit RGB frame is read and written in place, without
/// copies: each frame costs only the pass over its pixels, which on 1920×1080 frames runs above
/// 60 frames a second on two cores. Any other ``Filter`` is applied to each frame as it is.
public struct VideoLook: Sendable {
    /// The look.
    public let look: any Filter
    /// The seed the frames' seeds derive from.
    public let seed: UInt64
    /// The film pass, prepared once, when the look is one.
    private let pass: FilmPass?

    /// Prepares `look` for the frames of a video.
    ///
    /// - Parameters:
    ///   - look: The look, such as a film stock from a ``FilterRegistry``.
    ///   - seed: The seed every frame's seed derives from.
    public init(_ look: any Filter, seed: UInt64 = 0) {
        self.look = look
        self.seed = seed
        pass = (look as? any FilmPassLook)?.pass
    }

    /// The context frame `index` is rendered with.
    ///
    /// - Parameter index: The frame's index in the video, from 0.
    /// - Returns: The sequence's seed derived for that frame.
    public func context(forFrame index: Int) -> FilterContext {
        FilterContext(seed: seed).derived(index)
    }

    /// Frame `index` with the look, as a lazy image (computed when encoded or read back).
    ///
    /// - Parameters:
    ///   - frame: The frame.
    ///   - index: Its index in the video, from 0.
    /// - Returns: The frame with the look.
    /// - Throws: `ImagingError` if the frame cannot be converted to sRGB or the pass
    ///   cannot be built; any error the look throws.
    public func apply(to frame: Image, index: Int) throws -> Image {
        let context = context(forFrame: index)
        if let pass { return try pass.apply(to: frame, context: context) }
        return try look.apply(to: frame, context: context)
    }

    /// Frame `index` with the look, computed now.
    ///
    /// - Parameters:
    ///   - frame: The frame's pixels: 8-bit RGB, or grey, or either with alpha.
    ///   - index: Its index in the video, from 0.
    /// - Returns: The frame with the look, 8-bit RGB.
    /// - Throws: `ImagingError` if the pixels cannot be made an image or the look cannot
    ///   be computed; any error the look throws.
    public func render(_ frame: PixelBuffer, index: Int) throws -> PixelBuffer {
        guard pass != nil, frame.bands == 3 else {
            return try apply(to: Image(pixels: frame), index: index).pixels()
        }
        let count = frame.width * frame.height * 3
        var failure: (any Error)?
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do {
                try frame.samples.withUnsafeBytes { source in
                    try renderInPlace(source, into: UnsafeMutableRawBufferPointer(buffer), frame: frame, index: index)
                }
            } catch {
                failure = error
                buffer.initialize(repeating: 0)
            }
            initialized = count
        }
        if let failure { throw failure }
        return try PixelBuffer(width: frame.width, height: frame.height, bands: 3, samples: samples)
    }

    /// Frame `index` with the look, written into `output`, whose buffer is reused when it already
    /// has the frame's size (so a video costs no allocation per frame).
    ///
    /// - Parameters:
    ///   - frame: The frame's pixels: 8-bit RGB, or grey, or either with alpha.
    ///   - index: Its index in the video, from 0.
    ///   - output: Where the frame with the look goes, 8-bit RGB.
    /// - Throws: `ImagingError` if the pixels cannot be made an image or the look cannot
    ///   be computed; any error the look throws. `output` is then unchanged or partly written.
    public func render(_ frame: PixelBuffer, index: Int, into output: inout PixelBuffer) throws {
        guard pass != nil, frame.bands == 3, output.width == frame.width, output.height == frame.height,
            output.bands == 3
        else {
            output = try render(frame, index: index)
            return
        }
        try frame.samples.withUnsafeBytes { source in
            try output.samples.withUnsafeMutableBytes { target in
                try renderInPlace(source, into: target, frame: frame, index: index)
            }
        }
    }

    /// The film pass from `source` (8-bit RGB, `frame`'s size) straight into `target`: libvips
    /// reads the caller's memory and writes into the caller's memory, on all its threads, and
    /// holds neither once this returns (the film pass is not in libvips' operation cache).
    private func renderInPlace(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableRawBufferPointer, frame: PixelBuffer, index: Int
    ) throws {
        guard let pass, let input = source.baseAddress else { return }
        try VipsRuntime.ensureStarted()
        guard
            let wrapped = vips_image_new_from_memory(
                input, source.count, Int32(frame.width), Int32(frame.height), 3, VIPS_FORMAT_UCHAR)
        else { throw ImagingError.operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        wrapped.pointee.Type = VIPS_INTERPRETATION_sRGB
        try pass.apply(to: Image(owning: wrapped), context: context(forFrame: index)).write(into: target)
    }
}
