import CVips
import CVipsShim

/// Raw 8-bit pixels, row by row, bands interleaved: the way to write a per-pixel filter of your own.
public struct PixelBuffer: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Samples per pixel.
    public let bands: Int
    /// `width · height · bands` samples; the sample of band `b` at (`x`, `y`) is at
    /// `(y · width + x) · bands + b`.
    public var samples: [UInt8]

    /// Creates a buffer, checking that the sample count matches the size.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `samples` does not hold exactly `width × height × bands`
    ///   values (or a dimension is not positive).
    public init(width: Int, height: Int, bands: Int, samples: [UInt8]) throws(ImagingError) {
        guard width > 0, height > 0, bands > 0, samples.count == width * height * bands else {
            throw .invalidArgument("\(samples.count) samples do not make a \(width)×\(height)×\(bands) image")
        }
        self.width = width
        self.height = height
        self.bands = bands
        self.samples = samples
    }

    /// The sample of `band` at (`x`, `y`).
    public subscript(x: Int, y: Int, band: Int) -> UInt8 {
        get { samples[(y * width + x) * bands + band] }
        set { samples[(y * width + x) * bands + band] = newValue }
    }
}

extension Image {
    /// Computes the pixels and copies them out as 8-bit samples (other formats are cast first).
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func pixels() throws(ImagingError) -> PixelBuffer {
        let source = format == .uchar ? self : try cast(to: .uchar)
        var length = 0
        guard let memory = withExtendedLifetime(source, { vips_image_write_to_memory(source.pointer, &length) }) else {
            throw VipsRuntime.pipelineError(operation: "write_to_memory", sources: source.handle.sources)
        }
        defer { g_free(memory) }
        let samples = [UInt8](UnsafeRawBufferPointer(start: memory, count: length))
        return try PixelBuffer(width: width, height: height, bands: bands, samples: samples)
    }

    /// Computes the pixels into `buffer`, reusing its samples when it already has this image's
    /// size and bands (so frames of a video cost no allocation or copy each), otherwise
    /// replacing it with ``pixels()``.
    ///
    /// - Parameter buffer: Where the 8-bit samples go.
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation;
    ///   `buffer` is then partly written.
    public func pixels(into buffer: inout PixelBuffer) throws(ImagingError) {
        guard buffer.width == width, buffer.height == height, buffer.bands == bands else {
            buffer = try pixels()
            return
        }
        let source = format == .uchar ? self : try cast(to: .uchar)
        var failure: ImagingError?
        buffer.samples.withUnsafeMutableBytes { target in
            do throws(ImagingError) { try source.write(into: target) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Computes this 8-bit image straight into `target` (`width × height × bands` bytes), on
    /// libvips' threads; libvips holds no reference to `target` once this returns.
    ///
    /// - Parameter target: The memory the samples go to.
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if `target` has the wrong size or libvips
    ///   rejects the operation; ``ImagingError/decodeFailed(message:)`` if the source is damaged.
    package func write(into target: UnsafeMutableRawBufferPointer) throws(ImagingError) {
        guard let base = target.baseAddress, format == .uchar, target.count == width * height * bands,
            let destination = vips_image_new_from_memory(
                base, target.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        else { throw .operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        defer { g_object_unref(destination) }
        let status = withExtendedLifetime(self) { vips_image_write(pointer, destination) }
        guard status == 0 else { throw VipsRuntime.pipelineError(operation: "write", sources: handle.sources) }
    }

    /// Makes an image from raw 8-bit pixels: sRGB for 3 or 4 bands, grey for 1 or 2.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation if libvips
    ///   cannot wrap the samples.
    public init(pixels: PixelBuffer) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let made = pixels.samples.withUnsafeBytes {
            vips_image_new_from_memory_copy(
                $0.baseAddress, $0.count, Int32(pixels.width), Int32(pixels.height), Int32(pixels.bands),
                VIPS_FORMAT_UCHAR)
        }
        guard let made else { throw .operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        made.pointee.Type = pixels.bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W
        self.init(owning: made)
    }

    /// A 256-entry lookup table for ``mapped(through:)``, one band per array.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a band does not have 256 entries;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public static func lookupTable(_ bands: [[Double]]) throws(ImagingError) -> Image {
        guard !bands.isEmpty, bands.allSatisfy({ $0.count == 256 }) else {
            throw .invalidArgument("a lookup table needs 256 entries per band")
        }
        let interleaved = (0..<256).flatMap { index in bands.map { Float($0[index]) } }
        try VipsRuntime.ensureStarted()
        let made = interleaved.withUnsafeBytes {
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, 256, 1, Int32(bands.count), VIPS_FORMAT_FLOAT)
        }
        guard let made else { throw .operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        return Image(owning: made)
    }
}

extension Image {
    /// Computes a one-band image and copies its samples out as 32-bit floats.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if the image has more than one band;
    ///   ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline runs,
    ///   otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func floatSamples() throws(ImagingError) -> [Float] {
        guard bands == 1 else { throw .invalidArgument("floatSamples needs one band, not \(bands)") }
        let source = format == .float ? self : try cast(to: .float)
        var length = 0
        guard let memory = withExtendedLifetime(source, { vips_image_write_to_memory(source.pointer, &length) }) else {
            throw VipsRuntime.pipelineError(operation: "write_to_memory", sources: source.handle.sources)
        }
        defer { g_free(memory) }
        return [Float](UnsafeBufferPointer(start: memory.assumingMemoryBound(to: Float.self), count: length / 4))
    }
}
