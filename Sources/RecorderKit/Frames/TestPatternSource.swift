import Foundation
import Imaging

/// A synthetic camera: a box that moves across the frame, the frame number and timestamp as
/// text, and the frame number as a machine-readable ``FrameCounterCode`` strip.
///
/// Frame `n` has timestamp `startTime + n / frameRate`, so tests can drive time exactly.
public struct TestPatternSource: FrameSource {
    /// The size of the frames.
    public let frameSize: FrameSize
    /// Frames per second.
    public let frameRate: Double
    /// The number of frames before the source ends, or `nil` for an endless source.
    public let frameCount: Int?
    /// The timestamp of frame 0.
    public let startTime: Double
    /// The index of the next frame.
    public private(set) var nextIndex: Int

    /// Creates a test pattern; throws for a size below 104×32 or a rate outside 1…240.
    ///
    /// - Throws: ``FrameSourceError/invalidParameters(_:)`` for a size outside 104×32…8192×8192, a rate outside 1…240,
    ///   or a negative count or index.
    public init(
        frameSize: FrameSize,
        frameRate: Double = 30,
        frameCount: Int? = nil,
        startIndex: Int = 0,
        startTime: Double = 0
    ) throws(FrameSourceError) {
        guard frameSize.width >= 104, frameSize.height >= 32, frameSize.width <= 8192, frameSize.height <= 8192 else {
            throw .invalidParameters("test pattern size \(frameSize) is outside 104×32…8192×8192")
        }
        guard frameRate.isFinite, frameRate >= 1, frameRate <= 240 else {
            throw .invalidParameters("test pattern frame rate \(frameRate) is outside 1…240")
        }
        guard (frameCount ?? 0) >= 0, startIndex >= 0 else {
            throw .invalidParameters("frame count and start index must not be negative")
        }
        self.frameSize = frameSize
        self.frameRate = frameRate
        self.frameCount = frameCount
        self.startTime = startTime
        self.nextIndex = startIndex
    }

    /// Renders the next frame.
    ///
    /// - Throws: ``FrameSourceError/imaging(_:)`` if the frame cannot be rendered.
    public mutating func nextFrame() throws(FrameSourceError) -> Frame? {
        if let frameCount, nextIndex >= frameCount { return nil }
        let timestamp = startTime + Double(nextIndex) / frameRate
        do {
            let image = try Self.render(index: nextIndex, timestamp: timestamp, size: frameSize)
            nextIndex += 1
            return Frame(image: image, timestamp: timestamp)
        } catch {
            throw .imaging(error)
        }
    }

    /// Renders frame `index` of a pattern of the given size.
    ///
    /// - Throws: `ImagingError` if libvips cannot render the pattern, such as `ImagingError.invalidArgument` for a
    ///   size below 104×32.
    public static func render(index: Int, timestamp: Double, size: FrameSize) throws(ImagingError) -> Image {
        let width = size.width
        let height = size.height
        let codeHeight = FrameCounterCode.stripHeight(frameHeight: height)
        let base = try Image.solid(width: width, height: height, value: [40, 60, 90])
        // The box crosses the frame in about four seconds at 30 fps.
        let box = max(8, height / 4)
        let travel = max(1, width - box)
        let step = max(1, travel / 120)
        let position = (index * step) % (2 * travel)
        let x = position < travel ? position : 2 * travel - position
        let y = (height - codeHeight - box) / 2
        var image = try base.drawingRectangles([(x, max(0, y), box, box)], color: [230, 180, 40])
        image = try overlayLabel(
            String(format: "frame %06d  t=%.3f s", index, timestamp), on: image, fontSize: max(6, height / 20))
        return try FrameCounterCode.drawing(index, into: image)
    }

    private static func overlayLabel(_ label: String, on image: Image, fontSize: Int) throws(ImagingError) -> Image {
        let mask = try Image.text(label, font: "DejaVu Sans Mono Bold \(fontSize)")
        let margin = max(2, fontSize / 2)
        let width = min(mask.width, image.width - margin)
        let height = min(mask.height, image.height - margin)
        guard width > 0, height > 0 else { return image }
        let fitted = try mask.cropped(x: 0, y: 0, width: width, height: height)
        let behind = try image.cropped(x: margin, y: margin, width: width, height: height)
        let white = try Image.solid(width: width, height: height, value: [255, 255, 255])
        return try image.inserting(fitted.select(white, behind, blend: true), x: margin, y: margin)
    }
}
