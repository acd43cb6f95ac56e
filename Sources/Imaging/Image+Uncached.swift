import CVips
import Foundation

// Decoding outside libvips' operation cache, for streams of one-off frames (a video recorder's):
// the cache keys a buffer load by its bytes' address and keeps the decoded image for reuse,
// which for frames that never come back only pins memory. The operation is built with libvips'
// GValue API, which Swift can call without a C shim.
extension Image {
    /// Decodes JPEG bytes without entering libvips' operation cache; with `width`, any format,
    /// shrunk on load to fit `width` pixels across (JPEG decodes at 1/2, 1/4 or 1/8 size
    /// directly, which is far faster than decoding and resizing).
    ///
    /// The pixels are decoded before this returns, so the result holds no reference to `data`.
    /// - Parameters:
    ///   - data: the encoded frame.
    ///   - width: shrink to fit this width; `nil` decodes JPEG at full size.
    ///   - decoding: what damaged data does; ``DecodingPolicy/strict`` fails, like every load.
    /// - Returns: the decoded image, in memory of its own.
    /// - Throws: ``ImagingError/notAnImage(source:)``, ``ImagingError/decodeFailed(message:)``,
    ///   and at full size ``ImagingError/tooLarge(width:height:limit:)`` and
    ///   ``ImagingError/overWorkLimit(width:height:byteCount:limit:)`` (the default limits).
    public static func decodedUncached(
        _ data: Data, fittingWidth width: Int? = nil, decoding: DecodingPolicy = .strict
    ) throws(ImagingError) -> Image {
        let loaded = try loadedUncached(data, fittingWidth: width, decoding: decoding, sequential: false)
        // Decode now, into memory of its own.
        guard let copy = withExtendedLifetime(loaded, { vips_image_copy_memory(loaded.pointer) }) else {
            throw .decodeFailed(message: VipsRuntime.takeError())
        }
        return Image(owning: copy)
    }

    /// Decodes JPEG bytes at full size into `buffer`, like ``decodedUncached(_:fittingWidth:decoding:)``,
    /// but straight into `buffer`'s samples when it already has the image's size and bands (the
    /// frames of a clip then cost no allocation each); otherwise `buffer` is replaced.
    ///
    /// - Parameters:
    ///   - data: The encoded frame.
    ///   - buffer: Where the 8-bit samples go.
    /// - Throws: As ``decodedUncached(_:fittingWidth:decoding:)``; `buffer` is then partly written.
    public static func decodeUncached(_ data: Data, into buffer: inout PixelBuffer) throws(ImagingError) {
        // Read top to bottom as it is written out: no whole-image copy of libvips' own.
        try loadedUncached(data, fittingWidth: nil, decoding: .strict, sequential: true).pixels(into: &buffer)
    }

    private static func loadedUncached(
        _ data: Data, fittingWidth width: Int?, decoding: DecodingPolicy, sequential: Bool
    ) throws(ImagingError) -> Image {
        try VipsRuntime.ensureStarted()
        let operation = try UncachedOperation(width == nil ? "jpegload_buffer" : "thumbnail_buffer")
        if width == nil, !data.starts(with: [0xFF, 0xD8]) {
            throw .notAnImage(source: "\(data.count) bytes (not JPEG)")
        }
        operation.set("buffer", blob: data)
        if let width {
            operation.set("width", int: Int32(clamping: width))
            // libvips 8.14's thumbnail hands loader options to the loader only through this string.
            operation.set("option_string", string: "fail_on=\(decoding.failOnName)")
        } else {
            operation.set("fail_on", enum: decoding.failOn.rawValue, type: vips_fail_on_get_type())
            if sequential {
                operation.set("access", enum: VIPS_ACCESS_SEQUENTIAL.rawValue, type: vips_access_get_type())
            }
        }
        do {
            try operation.build()
        } catch {
            // A header libvips cannot read is a decoding failure, not a failed operation.
            if case .operationFailed(_, let message) = error { throw .decodeFailed(message: message) }
            throw error
        }
        // The bytes go with the image, so that a failure while its pixels are read is told apart
        // from a damaged frame even when another thread took libvips' message.
        let source = EncodedSource(location: .bytes(data), failOn: decoding.failOn)
        guard let loaded = operation.image("out", sources: [source]) else {
            throw .decodeFailed(message: "libvips returned no image")
        }
        if width == nil {
            try LoadOptions().check(width: loaded.width, height: loaded.height, byteCount: data.count)
        }
        return loaded
    }
}

/// One libvips operation, built directly rather than through the cache.
private final class UncachedOperation {
    let pointer: UnsafeMutablePointer<VipsOperation>
    let name: String
    private var object: UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GObject.self)
    }

    init(_ name: String) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        guard let made = vips_operation_new(name) else {
            throw .operationFailed(operation: name, message: VipsRuntime.takeError())
        }
        pointer = made
        self.name = name
    }

    deinit {
        vips_object_unref_outputs(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: VipsObject.self))
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    private func set(_ name: String, type: GType, _ fill: (UnsafeMutablePointer<GValue>) -> Void) {
        var value = GValue()
        g_value_init(&value, type)
        fill(&value)
        g_object_set_property(object, name, &value)
        g_value_unset(&value)
    }

    func set(_ name: String, int: Int32) {
        set(name, type: g_type_from_name("gint")) { g_value_set_int($0, int) }
    }

    func set(_ name: String, string: String) {
        set(name, type: g_type_from_name("gchararray")) { g_value_set_string($0, string) }
    }

    func set(_ name: String, enum value: UInt32, type: GType) {
        set(name, type: type) { g_value_set_enum($0, Int32(value)) }
    }

    func set(_ name: String, blob data: Data) {
        guard let blob = data.withUnsafeBytes({ vips_blob_copy($0.baseAddress, $0.count) }) else { return }
        set(name, type: vips_blob_get_type()) { g_value_set_boxed($0, blob) }
        vips_area_unref(UnsafeMutableRawPointer(blob).assumingMemoryBound(to: VipsArea.self))
    }

    func build() throws(ImagingError) {
        guard vips_object_build(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: VipsObject.self)) == 0 else {
            throw .operationFailed(operation: name, message: VipsRuntime.takeError())
        }
    }

    func image(_ name: String, sources: [EncodedSource]) -> Image? {
        var value = GValue()
        g_value_init(&value, vips_image_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        // dup takes a reference of its own, which the Image then owns.
        guard let object = g_value_dup_object(&value) else { return nil }
        return Image(owning: object.assumingMemoryBound(to: VipsImage.self), sources: sources)
    }
}
