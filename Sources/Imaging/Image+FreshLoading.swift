import CVips
import CVipsShim
import Foundation

extension Image {
    /// Reads an image file as it is on disk now, never from libvips' operation cache (which, in
    /// libvips 8.14, returns the earlier image when a file with the same name was replaced). Use
    /// it for files other programs may change, such as a photo library's. Not turned upright.
    ///
    /// Only the header is read here; pixels are decoded when needed.
    /// - Throws: ``ImagingError/fileNotFound(path:)``, ``ImagingError/notAnImage(source:)``,
    ///   ``ImagingError/tooLarge(width:height:limit:)``, ``ImagingError/decodeFailed(message:)``.
    public init(freshContentsOf url: URL, pixelLimit: Int = LoadOptions.defaultPixelLimit) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        guard vips_foreign_find_load(path) != nil else {
            _ = VipsRuntime.takeError()
            throw .notAnImage(source: path)
        }
        var out: UnsafeMutablePointer<VipsImage>?
        guard akv_load_fresh_file(path, &out) == 0, let out else {
            throw .decodeFailed(message: VipsRuntime.takeError())
        }
        self.init(owning: out)
        guard width * height <= pixelLimit else {
            throw .tooLarge(width: width, height: height, limit: pixelLimit)
        }
    }
}
