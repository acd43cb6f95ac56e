import Foundation
import Imaging

/// Frames read from the image files of a directory (JPEG, PNG, TIFF, WebP, …) in file-name
/// order, at a given frame rate: file `n` has timestamp `n / frameRate`.
public struct ImageSequenceSource: FrameSource {
    /// The image files, in order.
    public let files: [URL]
    /// Frames per second.
    public let frameRate: Double
    /// The size of the first image; later images of another size are scaled by the recorder.
    public let frameSize: FrameSize
    private var nextIndex = 0

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "tif", "tiff", "webp", "heic", "avif", "gif"]

    /// Lists the directory's image files (by extension) and reads the first one's header.
    ///
    /// - Throws: ``FrameSourceError/directoryNotFound(path:)``,
    ///   ``FrameSourceError/emptySequence(path:)``, ``FrameSourceError/invalidParameters(_:)``
    ///   for a rate outside 1…240, ``FrameSourceError/unreadableImage(path:cause:)``.
    public init(directory: URL, frameRate: Double) throws(FrameSourceError) {
        try FrameSourceError.check(frameRate: frameRate)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .directoryNotFound(path: directory.path) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let files =
            names
            .filter { Self.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
            .map { directory.appendingPathComponent($0) }
        guard let first = files.first else { throw .emptySequence(path: directory.path) }
        do {
            let image = try Image(contentsOf: first)
            frameSize = FrameSize(width: image.width, height: image.height)
        } catch {
            throw .unreadableImage(path: first.path, cause: error)
        }
        self.files = files
        self.frameRate = frameRate
    }

    /// Reads the next file.
    ///
    /// - Throws: ``FrameSourceError/unreadableImage(path:cause:)`` for a file libvips cannot read.
    public mutating func nextFrame() throws(FrameSourceError) -> Frame? {
        guard nextIndex < files.count else { return nil }
        let file = files[nextIndex]
        let image: Image
        do {
            // Decoded now, so that a truncated file fails here, naming itself.
            image = try Image(pixels: Image(contentsOf: file).normalizedToSRGB().pixels())
        } catch {
            throw .unreadableImage(path: file.path, cause: error)
        }
        let timestamp = Double(nextIndex) / frameRate
        nextIndex += 1
        return Frame(image: image, timestamp: timestamp)
    }
}
