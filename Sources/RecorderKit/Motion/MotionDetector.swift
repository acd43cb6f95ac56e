import Imaging

/// Frame differencing on small grey copies of the frames, through libvips.
///
/// Each frame is shrunk to ``MotionTrigger/analysisWidth`` pixels across and turned grey; the
/// copy is compared with the previous one, and the frame counts as motion when the share of
/// pixels whose grey level changed by more than ``MotionTrigger/pixelThreshold`` reaches
/// ``MotionTrigger/minimumArea``.
public struct MotionDetector: Sendable {
    /// The trigger's parameters.
    public let trigger: MotionTrigger
    private var previous: Image?

    /// Creates a detector with no previous frame.
    public init(trigger: MotionTrigger) {
        self.trigger = trigger
    }

    /// The share of pixels (0…1) that changed since the previous frame; 0 for the first frame.
    ///
    /// - Throws: `ImagingError` if libvips cannot shrink or compare the frame.
    public mutating func changedFraction(_ image: Image) throws(ImagingError) -> Double {
        try compare(Self.greyThumbnail(image, width: trigger.analysisWidth))
    }

    /// The share of pixels that changed between `small`, a grey copy already at the analysis
    /// size, and the previous one.
    mutating func compare(_ small: Image) throws(ImagingError) -> Double {
        defer { previous = small }
        guard let previous, previous.width == small.width, previous.height == small.height else { return 0 }
        let difference = try small.subtracting(previous)
        let limit = trigger.pixelThreshold * 255
        let brighter = try difference.compared(.greater, to: limit).mean()
        let darker = try difference.compared(.less, to: -limit).mean()
        return (brighter + darker) / 255
    }

    /// Whether the frame shows motion compared with the previous one.
    ///
    /// - Throws: `ImagingError` if libvips cannot shrink or compare the frame.
    public mutating func detectsMotion(in image: Image) throws(ImagingError) -> Bool {
        try changedFraction(image) >= trigger.minimumArea
    }

    /// A small grey copy held in memory on its own, so that it does not keep the full frame alive.
    static func greyThumbnail(_ image: Image, width: Int) throws(ImagingError) -> Image {
        let small = image.width > width ? try image.resized(scale: Double(width) / Double(image.width)) : image
        let grey = try small.converted(to: .blackAndWhite).cast(to: .uchar)
        return try Image(pixels: grey.pixels())
    }
}

/// Puts motion detection back into frame order: workers finish frames in any order, and each
/// frame must be compared with the one recorded just before it.
struct MotionSequencer: Sendable {
    private var detector: MotionDetector?
    private var next: Int
    private var waiting: [Int: (thumbnail: Image?, slot: Int)] = [:]

    /// No detection.
    init() {
        detector = nil
        next = 0
    }

    /// Detection with `trigger` (none if `nil`), starting at reservation `firstSequence`.
    init(trigger: MotionTrigger?, firstSequence: Int) {
        detector = trigger.map { MotionDetector(trigger: $0) }
        next = firstSequence
    }

    /// Adds frame `sequence` (its small copy, or `nil` if it could not be made; `slot` is the
    /// slot its timestamp maps to) and analyses every frame now in order. Returns the slots of those
    /// that show motion, and the last slot analysed so far.
    mutating func add(_ sequence: Int, _ thumbnail: Image?, slot: Int) -> (
        events: [Int], analysedThrough: Int?, errors: [ImagingError]
    ) {
        guard detector != nil, sequence >= next else { return ([], nil, []) }
        waiting[sequence] = (thumbnail, slot)
        var events: [Int] = []
        var errors: [ImagingError] = []
        var analysed: Int?
        while let (thumbnail, slot) = waiting.removeValue(forKey: next) {
            next += 1
            analysed = slot
            guard let thumbnail else { continue }
            do {
                if try detector?.detectsMotion(in: thumbnail) == true { events.append(slot) }
            } catch {
                errors.append(error)
            }
        }
        return (events, analysed, errors)
    }
}
