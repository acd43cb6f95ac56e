import CVips
import CVipsShim
import FileSafety
import Foundation

extension Image {
    /// How a decoder treats damaged data. The SDK has one policy, ``strict``, used by every kit
    /// (FilmKit, rolls, GalleryKit, SocialModel photos, RecorderKit) unless a caller opts in to
    /// ``lenient`` on purpose.
    public enum DecodingPolicy: Sendable, Hashable {
        /// Any damage the decoder notices fails with ``ImagingError/decodeFailed(message:)``: a
        /// truncated file, libjpeg's "Corrupt JPEG data" warnings, a PNG checksum error. (libvips'
        /// `fail_on=warning`.) A format without checksums cannot notice every change: bytes
        /// overwritten inside a JPEG's compressed data may still decode, to a damaged picture.
        case strict
        /// Decodes whatever can be decoded: damaged or missing parts come out grey, and only
        /// data the decoder cannot read at all fails. (libvips' `fail_on=none`.) For sources
        /// known to produce harmless warnings, or to rescue what a damaged file still holds.
        case lenient

        var failOn: VipsFailOn {
            switch self {
            case .strict: VIPS_FAIL_ON_WARNING
            case .lenient: VIPS_FAIL_ON_NONE
            }
        }

        /// The policy as libvips names it in option strings.
        var failOnName: String {
            String(cString: vips_enum_nick(vips_fail_on_get_type(), Int32(failOn.rawValue)))
        }
    }

    /// How an image is read.
    ///
    /// Two limits bound the work a file can cause, both checked from the header before any pixel
    /// is decoded: ``pixelLimit`` (no image larger than this), and the work bound
    /// ``pixelsPerByteLimit``, which relates the pixels a file declares to its size, so that a
    /// small file declaring a huge image (a decompression bomb, or a damaged header) is refused
    /// at once instead of costing minutes of decoding and filtering.
    public struct LoadOptions: Sendable, Hashable {
        /// The largest pixel count accepted.
        public var pixelLimit: Int
        /// Whether the pixels will be read once, top to bottom. Sequential access streams large
        /// images through a pipeline in little memory; operations that need to revisit pixels
        /// (rotation, for instance) then fail.
        public var sequential: Bool
        /// Whether to turn the image upright according to its EXIF orientation.
        public var autorotate: Bool
        /// What damaged data does: ``DecodingPolicy/strict`` (the default) fails.
        public var decoding: DecodingPolicy
        /// The work bound: at most this many pixels per byte of the file, for images above
        /// ``workBoundFreePixels``; `nil` turns the bound off.
        public var pixelsPerByteLimit: Int?

        /// 200 megapixels: above the largest phone and camera sensors, far below what exhausts memory.
        public static let defaultPixelLimit = 200_000_000

        /// 1 000 pixels per byte. Camera photos hold 2–20 pixels per byte, flat synthetic images
        /// (screenshots, scans) up to a few hundred; a 94 KB file declaring 14000×14000 pixels
        /// (2 000 per byte) is refused.
        public static let defaultPixelsPerByteLimit = 1_000

        /// Images up to 16 megapixels (4096 × 4096) pass whatever their size: decoding them
        /// takes well under a second.
        public static let workBoundFreePixels = 16_777_216

        /// Creates load options.
        /// - Parameters:
        ///   - pixelLimit: the largest pixel count accepted.
        ///   - sequential: read the pixels once, top to bottom.
        ///   - autorotate: turn the image upright by its EXIF orientation.
        ///   - decoding: what damaged data does.
        ///   - pixelsPerByteLimit: the work bound; `nil` turns it off.
        public init(
            pixelLimit: Int = LoadOptions.defaultPixelLimit, sequential: Bool = false, autorotate: Bool = true,
            decoding: DecodingPolicy = .strict, pixelsPerByteLimit: Int? = LoadOptions.defaultPixelsPerByteLimit
        ) {
            self.pixelLimit = pixelLimit
            self.sequential = sequential
            self.autorotate = autorotate
            self.decoding = decoding
            self.pixelsPerByteLimit = pixelsPerByteLimit
        }

        /// Checks a header's size against both limits.
        /// - Parameters:
        ///   - width: the width the header declares.
        ///   - height: the height the header declares.
        ///   - byteCount: the size of the encoded file or buffer.
        /// - Throws: ``ImagingError/tooLarge(width:height:limit:)``,
        ///   ``ImagingError/overWorkLimit(width:height:byteCount:limit:)``.
        public func check(width: Int, height: Int, byteCount: Int) throws(ImagingError) {
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= pixelLimit else {
                throw .tooLarge(width: width, height: height, limit: pixelLimit)
            }
            guard let pixelsPerByteLimit, pixels > Self.workBoundFreePixels else { return }
            let (allowed, tooMany) = max(byteCount, 0).multipliedReportingOverflow(by: max(pixelsPerByteLimit, 0))
            guard tooMany || pixels <= allowed else {
                throw .overWorkLimit(width: width, height: height, byteCount: byteCount, limit: pixelsPerByteLimit)
            }
        }
    }

    /// Reads an image file: JPEG, PNG, WebP, TIFF, HEIF/AVIF, GIF and the other formats libvips
    /// reads with its trusted loaders (those libvips marks untrusted, ImageMagick's among them,
    /// are blocked: a BMP or PostScript file is ``ImagingError/notAnImage(source:)``).
    ///
    /// Only the header is read here; pixels are decoded when needed, under `options.decoding`.
    /// The path is used byte for byte (see ``FileSystemPath``).
    /// - Parameters:
    ///   - url: the file.
    ///   - options: limits and the decoding policy.
    /// - Throws: ``ImagingError/fileNotFound(path:)``, ``ImagingError/notAnImage(source:)``,
    ///   ``ImagingError/tooLarge(width:height:limit:)``,
    ///   ``ImagingError/overWorkLimit(width:height:byteCount:limit:)``,
    ///   ``ImagingError/decodeFailed(message:)``.
    public init(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(ImagingError) {
        let byteCount = try Self.checkedFileSize(url)
        let source = EncodedSource(location: .file(url), failOn: options.decoding.failOn)
        var out: UnsafeMutablePointer<VipsImage>?
        guard source.load(sequential: options.sequential, into: &out) == 0, let out else {
            // Failed again where no other thread takes its message (VipsRuntime.failureMessage).
            let message = VipsRuntime.takeError()
            throw .decodeFailed(message: source.decodingFailure() ?? message)
        }
        self = try Image(owning: out, sources: [source]).checkedAfterLoading(options, byteCount: byteCount, source)
    }

    /// Reads an image from encoded bytes. The bytes are copied.
    /// - Parameters:
    ///   - data: the encoded image.
    ///   - options: limits and the decoding policy.
    /// - Throws: ``ImagingError/notAnImage(source:)``, ``ImagingError/tooLarge(width:height:limit:)``,
    ///   ``ImagingError/overWorkLimit(width:height:byteCount:limit:)``.
    public init(data: Data, options: LoadOptions = LoadOptions()) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let source = EncodedSource(location: .bytes(data), failOn: options.decoding.failOn)
        let known = data.withUnsafeBytes { bytes in
            bytes.baseAddress.map { vips_foreign_find_load_buffer($0, bytes.count) != nil } ?? false
        }
        var out: UnsafeMutablePointer<VipsImage>?
        guard known, source.load(sequential: options.sequential, into: &out) == 0, let out else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: "\(data.count) bytes")
        }
        self = try Image(owning: out, sources: [source]).checkedAfterLoading(options, byteCount: data.count, source)
    }

    /// The size of an image file that exists and that libvips has a loader for.
    private static func checkedFileSize(_ url: URL) throws(ImagingError) -> Int {
        try VipsRuntime.ensureStarted()
        guard let info = FileSystemPath.status(url) else { throw .fileNotFound(path: url.path) }
        let found = FileSystemPath.withCString(url) { vips_foreign_find_load($0) }
        guard found != nil else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: url.path)
        }
        return Int(info.st_size)
    }

    private func checkedAfterLoading(_ options: LoadOptions, byteCount: Int, _ source: EncodedSource)
        throws(ImagingError) -> Image
    {
        try options.check(width: width, height: height, byteCount: byteCount)
        let declared = try withDeclaredColour(from: source.location)
        guard options.autorotate, orientation != 1 else { return declared }
        return try declared.apply("autorot") { akv_autorot($0, $1) }
    }

    /// Makes a thumbnail straight from a file, decoding at reduced size where the format allows
    /// (JPEG shrink-on-load, WebP and HEIF scaling), which is far faster than loading and resizing.
    ///
    /// The result fits inside `width`×`height`, keeps its aspect ratio unless `crop` is set, is
    /// never enlarged, and is turned upright. The header is checked against `options`' limits
    /// first, and the file is decoded under its policy (`sequential` and `autorotate` are not
    /// used).
    /// - Parameters:
    ///   - url: the file.
    ///   - width: the largest width.
    ///   - height: the largest height; `width` when `nil`.
    ///   - crop: fill the box exactly, cutting off what does not fit.
    ///   - options: limits and the decoding policy.
    /// - Returns: the thumbnail; its pixels are computed when it is encoded or read.
    /// - Throws: the errors of ``init(contentsOf:options:)`` and
    ///   ``ImagingError/invalidArgument(_:)`` for a size that is not positive.
    public static func thumbnail(
        contentsOf url: URL,
        width: Int,
        height: Int? = nil,
        crop: Bool = false,
        options: LoadOptions = LoadOptions()
    ) throws(ImagingError) -> Image {
        try VipsRuntime.ensureStarted()
        guard width > 0, (height ?? width) > 0 else { throw .invalidArgument("thumbnail size must be positive") }
        var header = options
        header.autorotate = false
        _ = try Image(contentsOf: url, options: header)
        var out: UnsafeMutablePointer<VipsImage>?
        let status = FileSystemPath.withCString(url) {
            akv_thumbnail_file(
                $0, Int32(clamping: width), Int32(clamping: height ?? width), crop ? 1 : 0, options.decoding.failOn,
                &out)
        }
        let source = EncodedSource(location: .file(url), failOn: options.decoding.failOn)
        guard status == 0, let out else {
            let message = VipsRuntime.takeError()
            throw .decodeFailed(message: source.decodingFailure() ?? message)
        }
        return try Image(owning: out, sources: [source]).withDeclaredColour(from: source.location)
    }
}
