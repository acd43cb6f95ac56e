import Foundation
import Imaging

/// A synthetic camera: a box that moves across the frame, the frame number and timestamp as
/// text, and the frame number as a machine-readable ``FrameCounterCode`` strip.
///
/// It yields `frameCount` frames numbered from `firstFrameIndex`; the first has timestamp
/// `firstTimestamp` and each next one comes `1 / frameRate` later, so tests can drive time
/// exactly. `TestPatternSource(frameSize: size, frameCount: 45, firstFrameIndex: 120,
/// firstTimestamp: 4)` yields frames 120…164 at 4.000 s…5.467 s.
public struct TestPatternSource: FrameSource {
    /// The size of the frames.
    public let frameSize: FrameSize
    /// Frames per second.
    public let frameRate: Double
    /// How many frames the source yields in all, or `nil` for an endless source.
    public let frameCount: Int?
    /// The number drawn on (and encoded into) the first frame.
    public let firstFrameIndex: Int
    /// The timestamp of the first frame, in seconds.
    public let firstTimestamp: Double
    /// How many frames have been yielded so far.
    public private(set) var yieldedCount = 0

    /// Creates a test pattern.
    ///
    /// - Parameters:
    ///   - frameSize: the size of the frames, 104×32 to 8192×8192.
    ///   - frameRate: frames per second, 1…240.
    ///   - frameCount: how many frames to yield (at least 1), or `nil` for an endless source.
    ///   - firstFrameIndex: the number of the first frame (0 or more); the frames after it count up.
    ///   - firstTimestamp: the timestamp of the first frame, in seconds (finite).
    /// - Throws: ``FrameSourceError/invalidParameters(_:)`` naming the parameter out of range.
    public init(
        frameSize: FrameSize,
        frameRate: Double = 30,
        frameCount: Int? = nil,
        firstFrameIndex: Int = 0,
        firstTimestamp: Double = 0
    ) throws(FrameSourceError) {
        let smallest = FrameSize(width: 104, height: 32)
        let largest = FrameSize(width: 8192, height: 8192)
        guard (smallest.width...largest.width).contains(frameSize.width),
            (smallest.height...largest.height).contains(frameSize.height)
        else {
            throw .invalidParameters(
                .frameSizeOutOfRange(parameter: "frameSize", size: frameSize, minimum: smallest, maximum: largest))
        }
        try FrameSourceError.check(frameRate: frameRate)
        if let frameCount, frameCount < 1 {
            throw .invalidParameters(.integerBelowMinimum(parameter: "frameCount", value: frameCount, minimum: 1))
        }
        guard firstFrameIndex >= 0 else {
            throw .invalidParameters(
                .integerBelowMinimum(parameter: "firstFrameIndex", value: firstFrameIndex, minimum: 0))
        }
        guard firstTimestamp.isFinite else {
            throw .invalidParameters(.notFinite(parameter: "firstTimestamp", value: firstTimestamp))
        }
        self.frameSize = frameSize
        self.frameRate = frameRate
        self.frameCount = frameCount
        self.firstFrameIndex = firstFrameIndex
        self.firstTimestamp = firstTimestamp
    }

    /// The number of the next frame to be yielded.
    public var nextFrameIndex: Int { firstFrameIndex + yieldedCount }

    /// Renders the next frame.
    ///
    /// - Returns: the frame, or `nil` once `frameCount` frames have been yielded.
    /// - Throws: ``FrameSourceError/imaging(_:)`` if rendering fails.
    public mutating func nextFrame() throws(FrameSourceError) -> Frame? {
        if let frameCount, yieldedCount >= frameCount { return nil }
        let timestamp = firstTimestamp + Double(yieldedCount) / frameRate
        do {
            let image = try Self.render(index: nextFrameIndex, timestamp: timestamp, size: frameSize)
            yieldedCount += 1
            return Frame(image: image, timestamp: timestamp)
        } catch {
            throw .imaging(error)
        }
    }

    /// Renders frame `index` of a pattern of the given size.
    ///
    /// - Parameters:
    ///   - index: the frame number drawn and encoded into the frame.
    ///   - timestamp: the time written on the frame, in seconds.
    ///   - size: the frame size.
    /// - Returns: the frame's image.
    /// - Throws: an `ImagingError` if drawing fails.
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
