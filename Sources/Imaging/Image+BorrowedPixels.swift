import CVips
import CVipsShim

extension Image {
    /// Wraps 8-bit pixels that stay in the caller's memory: libvips reads them in place, with no
    /// copy (``init(pixels:)`` copies them into memory of its own, fresh for every image).
    ///
    /// For callers that reuse a few large buffers, such as a recorder's frames: a fresh 25 MB
    /// allocation per 4K frame is mapped, zero-filled and unmapped by the kernel every time.
    /// Interpreted as ``init(pixels:)`` interprets its samples (sRGB for 3 or 4 bands).
    ///
    /// - Parameters:
    ///   - memory: `width × height × bands` samples or more; it must not change or be freed until
    ///     `release` has been called.
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - bands: samples per pixel.
    ///   - release: called once, on whichever thread lets go of libvips' last reference to the
    ///     image (and of every image made from it); from then on the memory is the caller's again.
    ///     Not called when this initializer throws.
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a dimension is not positive or `memory` is too
    ///   small; ``ImagingError/operationFailed(operation:message:)`` if libvips cannot wrap it.
    public init(
        borrowing memory: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int,
        release: @escaping @Sendable () -> Void
    ) throws(ImagingError) {
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflow) = area.multipliedReportingOverflow(by: bands)
        guard width > 0, height > 0, bands > 0, width <= Int32.max, height <= Int32.max, bands <= Int32.max,
            !areaOverflow, !countOverflow, let base = memory.baseAddress, memory.count >= count
        else {
            throw .invalidArgument("\(memory.count) bytes do not hold a \(width)×\(height)×\(bands) image")
        }
        try VipsRuntime.ensureStarted()
        guard
            let made = vips_image_new_from_memory(
                base, memory.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        else { throw .operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        made.pointee.Type = bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W
        // libvips emits "postclose" once, after the image's last reference is gone: the point at
        // which vips_image_new_from_memory_copy frees its own copy.
        let context = Unmanaged.passRetained(BorrowedPixelsRelease(release)).toOpaque()
        let closed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, context in
            guard let context else { return }
            Unmanaged<BorrowedPixelsRelease>.fromOpaque(context).takeRetainedValue().release()
        }
        g_signal_connect_data(
            made, "postclose", unsafeBitCast(closed, to: GCallback.self), context, nil, GConnectFlags(rawValue: 0))
        self.init(owning: made)
    }
}

/// The caller's `release` closure, carried through libvips' signal as a retained pointer.
private final class BorrowedPixelsRelease: Sendable {
    let release: @Sendable () -> Void

    init(_ release: @escaping @Sendable () -> Void) {
        self.release = release
    }
}
