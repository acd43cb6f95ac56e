import Foundation
import Imaging

/// Everything an ``EventRecorder`` keeps under its lock.
struct RecorderCore {
    var state: VideoRecorderState = .none
    var configuration: RecorderConfiguration
    weak var delegate: (any VideoRecorderDelegate)?
    weak var preview: (any CameraPreviewView)?
    var exportTransform: ExportFrameTransform?

    var directory: BufferDirectory?
    var recovery: RecoveryReport?

    // The timeline: slots are frame numbers at the configured rate, increasing for the lifetime
    // of the recorder; a session starts at `sessionFirstSlot`.
    var nextSlot = 0
    var sessionFirstSlot = 0
    /// Source time and slot of the frame that (re)started the timeline; `nil` after start or
    /// resume, when the next frame starts it afresh (a pause leaves no gap in the clips).
    var anchor: (time: Double, slot: Int)?
    var lastTimestamp: Double?

    // Frames on their way to disk and those that arrived.
    var index = FrameIndex()
    var arrived: Set<Int> = []
    /// Every slot up to this one has been written (or has failed).
    var committedThrough = -1
    var framesInFlight = 0
    /// How many frames have been reserved, ever: the sequence motion detection follows.
    var reservations = 0
    /// With motion detection on, the last slot it has analysed in order; clips wait for it, and
    /// frames a late motion event may need stay, so that results never depend on timing.
    var motionAnalysedThrough: Int?

    var planner = ClipPlanner()
    /// First slots of the clips being written; their frames stay.
    var exporting: [UUID: Int] = [:]
    var generation = 0
    var segments: [CapturedVideoSegment] = []
    /// A background failure not yet reported through a throwing call.
    var unreportedFailure: RecorderError?

    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var stateContinuations: [UUID: AsyncStream<VideoRecorderStateChange>.Continuation] = [:]
    var segmentContinuations: [UUID: AsyncStream<CapturedVideoSegment>.Continuation] = [:]

    init(configuration: RecorderConfiguration) {
        self.configuration = configuration
    }

    /// Every slot up to this one is on disk and, with motion detection, analysed.
    var settledThrough: Int { min(committedThrough, motionAnalysedThrough ?? committedThrough) }

    var isIdle: Bool { framesInFlight == 0 && exporting.isEmpty }

    /// The first slot any clip, pending or future, may still need.
    var retainFrom: Int {
        var keep =
            state == .none
            ? nextSlot : max(nextSlot - 1 - configuration.backwardFrames, planner.lastEnd, sessionFirstSlot)
        if state != .none, let analysed = motionAnalysedThrough {
            keep = min(keep, max(analysed + 1 - configuration.backwardFrames, sessionFirstSlot))
        }
        if let needed = planner.earliestNeeded { keep = min(keep, needed) }
        if let exported = exporting.values.min() { keep = min(keep, exported) }
        return keep
    }
}

/// A function applied to every frame of a clip as it is written: the frame's image and its
/// index in the clip (for seeding) in, the image to encode out.
public typealias ExportFrameTransform = @Sendable (Image, Int) throws -> Image
