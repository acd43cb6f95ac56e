import CVips
import CVipsShim
import Foundation

extension Image {
    /// How an image is read.
    public struct LoadOptions: Sendable, Hashable {
        /// The largest pixel count accepted. Checked from the header, before any pixel is
        /// decoded, so a small file that declares a huge image (a decompression bomb) is refused
        /// cheaply.
        public var pixelLimit: Int
        /// Whether the pixels will be read once, top to bottom. Sequential access streams large
        /// images through a pipeline in little memory; operations that need to revisit pixels
        /// (rotation, for instance) then fail.
        public var sequential: Bool
        /// Whether to turn the image upright according to its EXIF orientation.
        public var autorotate: Bool

        /// 200 megapixels: above the largest phone and camera sensors, far below what exhausts memory.
        public static let defaultPixelLimit = 200_000_000

        /// Creates load options.
        public init(pixelLimit: Int = LoadOptions.defaultPixelLimit, sequential: Bool = false, autorotate: Bool = true)
        {
            self.pixelLimit = pixelLimit
            self.sequential = sequential
            self.autorotate = autorotate
        }
    }

    /// Reads an image file (JPEG, PNG, TIFF, WebP, HEIF and every other format libvips reads).
    ///
    /// Only the header is read here; pixels are decoded when needed.
    /// - Throws: ``ImagingError/fileNotFound(path:)``, ``ImagingError/notAnImage(source:)``,
    ///   ``ImagingError/tooLarge(width:height:limit:)``.
    public init(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        guard vips_foreign_find_load(path) != nil else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: path)
        }
        var out: UnsafeMutablePointer<VipsImage>?
        guard akv_load_file(path, options.sequential ? 1 : 0, &out) == 0, let out else {
            throw .decodeFailed(message: VipsRuntime.takeError())
        }
        self = try Image(owning: out).checkedAfterLoading(options)
    }

    /// Reads an image from encoded bytes. The bytes are copied.
    /// - Throws: ``ImagingError/notAnImage(source:)``, ``ImagingError/tooLarge(width:height:limit:)``.
    public init(data: Data, options: LoadOptions = LoadOptions()) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let loaded: UnsafeMutablePointer<VipsImage>? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, vips_foreign_find_load_buffer(base, bytes.count) != nil else {
                return nil
            }
            var out: UnsafeMutablePointer<VipsImage>?
            return akv_load_buffer(base, bytes.count, options.sequential ? 1 : 0, &out) == 0 ? out : nil
        }
        guard let loaded else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: "\(data.count) bytes")
        }
        self = try Image(owning: loaded).checkedAfterLoading(options)
    }

    private func checkedAfterLoading(_ options: LoadOptions) throws(ImagingError) -> Image {
        guard width * height <= options.pixelLimit else {
            throw .tooLarge(width: width, height: height, limit: options.pixelLimit)
        }
        guard options.autorotate, orientation != 1 else { return self }
        return try apply("autorot") { akv_autorot($0, $1) }
    }

    /// Makes a thumbnail straight from a file, decoding at reduced size where the format allows
    /// (JPEG shrink-on-load, WebP and HEIF scaling), which is far faster than loading and resizing.
    ///
    /// The result fits inside `width`×`height`, keeps its aspect ratio unless `crop` is set, is
    /// never enlarged, and is turned upright.
    public static func thumbnail(
        contentsOf url: URL,
        width: Int,
        height: Int? = nil,
        crop: Bool = false
    ) throws(ImagingError) -> Image {
        try VipsRuntime.ensureStarted()
        guard width > 0, (height ?? width) > 0 else { throw .invalidArgument("thumbnail size must be positive") }
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        guard vips_foreign_find_load(path) != nil else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: path)
        }
        var out: UnsafeMutablePointer<VipsImage>?
        guard akv_thumbnail_file(path, Int32(width), Int32(height ?? width), crop ? 1 : 0, &out) == 0, let out else {
            throw .decodeFailed(message: VipsRuntime.takeError())
        }
        return Image(owning: out)
    }
}
