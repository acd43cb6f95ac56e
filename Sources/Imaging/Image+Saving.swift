import CVips
import CVipsShim
import FileSafety
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Image {
    /// An encoded file format and its options.
    public enum EncodedFormat: Sendable, Hashable {
        /// JPEG with a quality of 1…100; progressive when `interlaced`.
        case jpeg(quality: Int = 90, interlaced: Bool = false)
        /// PNG with a zlib compression level of 0…9.
        case png(compression: Int = 6)
        /// TIFF, deflate-compressed.
        case tiff
        /// WebP, lossy with a quality of 1…100, or lossless.
        case webp(quality: Int = 80, lossless: Bool = false)

        /// Picks the format from a file name's extension (`jpg`, `jpeg`, `png`, `tif`, `tiff`, `webp`).
        ///
        /// - Throws: ``ImagingError/invalidArgument(_:)`` for any other extension.
        public init(pathExtension: String) throws(ImagingError) {
            switch pathExtension.lowercased() {
            case "jpg", "jpeg": self = .jpeg()
            case "png": self = .png()
            case "tif", "tiff": self = .tiff
            case "webp": self = .webp()
            default: throw .invalidArgument("unknown image file extension '\(pathExtension)'")
            }
        }

        var name: String {
            switch self {
            case .jpeg: "JPEG"
            case .png: "PNG"
            case .tiff: "TIFF"
            case .webp: "WebP"
            }
        }
    }

    /// Encodes the image. EXIF, XMP and the ICC profile travel with it unless `stripMetadata` is set;
    /// the colour follows `color` (see ``OutputColor``), whose profile is embedded even when
    /// metadata is stripped.
    ///
    /// This is where a lazy pipeline runs, so a decoding error in the source surfaces here as
    /// ``ImagingError/decodeFailed(message:)``.
    ///
    /// - Parameters:
    ///   - format: the format and its options.
    ///   - stripMetadata: leave out EXIF, XMP, IPTC and comments (not the colour profile).
    ///   - color: the output colour space and depth; by default the image's own, with its profile.
    /// - Throws: ``ImagingError/encodeFailed(format:message:)`` if the encoder fails,
    ///   ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline runs, or
    ///   ``ImagingError/operationFailed(operation:message:)`` if the colour conversion `color` asks for fails.
    public func encoded(
        as format: EncodedFormat,
        stripMetadata: Bool = false,
        color: OutputColor = .unchanged
    ) throws(ImagingError) -> Data {
        try VipsRuntime.ensureStarted()
        let plan = try SavePlan(self, format: format, stripMetadata: stripMetadata, color: color)
        let encoded = try plan.image.encodedAsPlanned(format, strip: plan.strip)
        guard plan.finishesInBytes else { return encoded }
        guard let finished = ProfileSplice.strippedKeeping(plan.image.iccProfile, in: encoded, format: format) else {
            throw .encodeFailed(format: format.name, message: "the encoder's output could not be stripped of metadata")
        }
        return finished
    }

    /// Runs the encoder on this (prepared) image.
    private func encodedAsPlanned(_ format: EncodedFormat, strip: Int32) throws(ImagingError) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 = withExtendedLifetime(self) {
            switch format {
            case .jpeg(let quality, let interlaced):
                akv_jpegsave_buffer(pointer, &buffer, &length, Int32(clamping: quality), strip, interlaced ? 1 : 0)
            case .png(let compression):
                akv_pngsave_buffer(pointer, &buffer, &length, Int32(clamping: compression), strip)
            case .tiff:
                akv_tiffsave_buffer(
                    pointer, &buffer, &length, Int32(VIPS_FOREIGN_TIFF_COMPRESSION_DEFLATE.rawValue), 90, strip)
            case .webp(let quality, let lossless):
                akv_webpsave_buffer(pointer, &buffer, &length, Int32(clamping: quality), lossless ? 1 : 0, strip)
            }
        }
        guard status == 0, let buffer else { throw Self.encodingFailure(format, sources: handle.sources) }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// Encodes the image and writes it atomically: readers see the old file or the whole new one,
    /// never a part.
    ///
    /// The encoder writes straight into a temporary file next to `url` (as `vips copy` does, so
    /// the encoded file is never held in memory), which is then renamed over `url`.
    ///
    /// - Parameters:
    ///   - url: where to write; the folder must exist.
    ///   - format: the format; by default chosen from the file name's extension.
    ///   - stripMetadata: leave out EXIF, XMP, IPTC and comments (not the colour profile).
    ///   - color: the output colour space and depth (see ``OutputColor``); by default the image's
    ///     own, with its profile.
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if no format is given and the extension names none;
    ///   ``ImagingError/writeFailed(path:message:)`` if the temporary file cannot be created or renamed over `url`;
    ///   ``ImagingError/encodeFailed(format:message:)`` or ``ImagingError/decodeFailed(message:)`` as
    ///   ``encoded(as:stripMetadata:color:)`` does. `url` is untouched on any failure.
    public func write(
        to url: URL,
        as format: EncodedFormat? = nil,
        stripMetadata: Bool = false,
        color: OutputColor = .unchanged
    ) throws(ImagingError) {
        let chosen: EncodedFormat
        if let format {
            chosen = format
        } else {
            chosen = try EncodedFormat(pathExtension: url.pathExtension)
        }
        try VipsRuntime.ensureStarted()
        let plan = try SavePlan(self, format: chosen, stripMetadata: stripMetadata, color: color)
        if plan.finishesInBytes {
            // The metadata is finished in the encoded bytes, which are then written whole.
            let data = try encoded(as: chosen, stripMetadata: stripMetadata, color: color)
            do throws(FileSystemFailure) {
                try AtomicFile.write(data, to: url, durable: false)
            } catch {
                throw .writeFailed(path: error.path, message: error.reason)
            }
            return
        }
        let image = plan.image
        // The temporary file is created here, so that a folder that cannot take it is a write
        // failure, not an encoding one; the encoder then writes into it.
        // Paths go to the system byte for byte (``FileSystemPath``), so a name that is not UTF-8
        // is written under exactly that name.
        let temporary = AtomicFile.temporaryURL(near: url)
        let descriptor = FileSystemPath.withCString(temporary) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw Self.writeFailure(url, "open") }
        close(descriptor)
        let strip = plan.strip
        let status: Int32 = FileSystemPath.withCString(temporary) { path in
            withExtendedLifetime(image) {
                switch chosen {
                case .jpeg(let quality, let interlaced):
                    akv_jpegsave_file(image.pointer, path, Int32(clamping: quality), strip, interlaced ? 1 : 0)
                case .png(let compression):
                    akv_pngsave_file(image.pointer, path, Int32(clamping: compression), strip)
                case .tiff:
                    akv_tiffsave_file(
                        image.pointer, path, Int32(VIPS_FOREIGN_TIFF_COMPRESSION_DEFLATE.rawValue), 90, strip)
                case .webp(let quality, let lossless):
                    akv_webpsave_file(image.pointer, path, Int32(clamping: quality), lossless ? 1 : 0, strip)
                }
            }
        }
        guard status == 0 else {
            FileSystemPath.unlink(temporary)
            throw Self.encodingFailure(chosen, sources: handle.sources)
        }
        guard FileSystemPath.rename(temporary, to: url) == 0 else {
            let failure = Self.writeFailure(url, "rename")
            FileSystemPath.unlink(temporary)
            throw failure
        }
    }

    /// What the encoder is given: the image as ``OutputColor`` says and libvips' `strip` flag; and
    /// whether stripping is finished in the encoded bytes (``ProfileSplice``: JPEG with a profile,
    /// whose encoder cannot keep one alone, and WebP, whose encoder ignores `strip`).
    private struct SavePlan {
        let image: Image
        let strip: Int32
        let finishesInBytes: Bool

        init(_ source: Image, format: EncodedFormat, stripMetadata: Bool, color: OutputColor) throws(ImagingError) {
            let prepared = try source.prepared(for: color, format: format)
            guard stripMetadata else {
                (image, strip, finishesInBytes) = (prepared, 0, false)
                return
            }
            switch format {
            case .png, .tiff: (image, strip, finishesInBytes) = (try prepared.strippedKeepingProfile(), 0, false)
            case .jpeg: (image, strip, finishesInBytes) = (prepared, 1, prepared.iccProfile != nil)
            case .webp: (image, strip, finishesInBytes) = (prepared, 1, true)
            }
        }
    }

    /// The error of a failed encoding: a decoding error if a source of the image does not decode
    /// (the pipeline runs while encoding), otherwise the encoder's
    /// (``VipsRuntime/pipelineFailure(sources:message:otherwise:)``: libvips' loaders and encoders of one
    /// format sign their messages alike, "VipsJpeg: Maximum supported image dimension is 65500
    /// pixels" is the encoder's, and another thread's failure may have taken the message).
    private static func encodingFailure(_ format: EncodedFormat, sources: [EncodedSource]) -> ImagingError {
        VipsRuntime.pipelineFailure(sources: sources) { .encodeFailed(format: format.name, message: $0) }
    }

    /// The failure of the system call `call` on `url`, with `errno`'s message.
    private static func writeFailure(_ url: URL, _ call: String) -> ImagingError {
        let failure = FileSystemFailure.posix(url, call)
        return .writeFailed(path: failure.path, message: failure.reason)
    }
}
