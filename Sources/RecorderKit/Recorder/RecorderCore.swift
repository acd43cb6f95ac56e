import FilmKit
import Foundation
import Imaging

/// Everything an ``EventRecorder`` keeps under its lock.
struct RecorderCore {
    var state: VideoRecorderState = .none
    var configuration: RecorderConfiguration
    weak var delegate: (any VideoRecorderDelegate)?
    weak var preview: (any CameraPreviewView)?
    var exportTransform: ExportTransform?

    var directory: BufferDirectory?
    var recovery: RecoveryReport?

    // Decoded frames. The timeline: slots are frame numbers at the configured rate, increasing
    // for the lifetime of the recorder; a session starts at `sessionFirstSlot`.
    var nextSlot = 0
    var sessionFirstSlot = 0
    /// Source time and slot of the frame that (re)started the timeline; `nil` after start or
    /// resume, when the next frame starts it afresh (a pause leaves no gap in the clips).
    var anchor: (time: Double, slot: Int)?
    var lastTimestamp: Double?
    /// Slots the timeline skipped because no frames came (a lost source): clips keep them as gaps.
    var gaps: [Range<Int>] = []
    /// The live source was lost: the next frame starts after a gap, however soon it comes.
    var sourceInterrupted = false

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

    // Compressed packets of a passthrough recording.
    var packets = PacketIndex()
    var packetPlanner = GroupClipPlanner()
    var passthrough = PassthroughState()
    /// First groups of the passthrough clips being written; their files stay.
    var exportingGroups: [UUID: Int] = [:]

    // Compressed audio beside the frames or packets (see EventRecorder+Audio.swift). A session
    // number keeps audio of a stopped or reset session out of the next one.
    var audio = AudioBuffer()
    var audioSession = 0
    var audioSessionWithPackets = -1

    var generation = 0
    var segments: [CapturedVideoSegment] = []
    /// A background failure not yet reported through a throwing call.
    var unreportedFailure: RecorderError?

    // Live sources being recorded from: how to stop each, and what they report.
    var liveStops: [UUID: @Sendable () -> Void] = [:]
    var liveSourceState = LiveSourceState.idle

    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var stateContinuations: [UUID: AsyncStream<VideoRecorderStateChange>.Continuation] = [:]
    var segmentContinuations: [UUID: AsyncStream<CapturedVideoSegment>.Continuation] = [:]
    var sourceContinuations: [UUID: AsyncStream<LiveSourceEvent>.Continuation] = [:]

    init(configuration: RecorderConfiguration) {
        self.configuration = configuration
    }

    /// Every slot up to this one is on disk and, with motion detection, analysed.
    var settledThrough: Int { min(committedThrough, motionAnalysedThrough ?? committedThrough) }

    var isIdle: Bool {
        framesInFlight == 0 && exporting.isEmpty && exportingGroups.isEmpty
            && passthrough.motionAnalysed == passthrough.motionHanded
    }

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

    /// No more frames or packets come for the clips waiting for them (recording stopped, or the
    /// live source ended for good): each ends with what it has, shorter and marked truncated.
    mutating func cutPendingClips() {
        planner.truncate(to: nextSlot)
        packets.closeOpenGroup()
        packetPlanner.truncate(nextGroup: passthrough.nextGroup)
    }

    /// Ends the open group of pictures of a passthrough recording: the next key frame starts a
    /// group after a gap (the source was lost or paused, or a packet could not be kept).
    mutating func endOpenGroup() {
        packets.closeOpenGroup()
        passthrough.interrupted = true
    }

    /// The first group of pictures any passthrough clip, pending or future, may still need.
    var retainGroupsFrom: Int {
        var keep = passthrough.nextGroup
        if state != .none, let newest = passthrough.newestPTS {
            let backward = PacketTimeline.ticks(configuration.backwardOffset)
            var from: Int64? = newest - backward
            if configuration.motionTrigger != nil {
                // A motion event may still come for any packet not yet analysed.
                from = passthrough.motionAnalysedPTS.map { min(newest, $0) - backward }
            }
            keep =
                from.flatMap { packets.group(startingAtOrBefore: $0, floor: passthrough.firstGroup) }
                ?? passthrough.firstGroup
        }
        if let needed = packetPlanner.earliestNeeded { keep = min(keep, needed) }
        if let exported = exportingGroups.values.min() { keep = min(keep, exported) }
        return keep
    }
}

/// The state of a passthrough recording's packet intake.
struct PassthroughState {
    /// The first group of the session.
    var firstGroup = 0
    /// The number the next group will get.
    var nextGroup = 0
    /// A loss or a pause since the last packet: the next group follows a gap.
    var interrupted = false
    /// The newest packet's presentation time.
    var newestPTS: Int64?
    /// The presentation time of the session's first key frame.
    var startPTS: Int64?
    /// Where the live source's timeline begins (monotonic nanoseconds of uptime), so that an
    /// event marked while the source is lost falls at the time it was marked.
    var clockOrigin: UInt64?
    /// Packets handed to motion detection, and how many of them it has analysed, ever.
    var motionHanded = 0
    var motionAnalysed = 0
    /// The presentation time of the last packet motion detection analysed.
    var motionAnalysedPTS: Int64?
    /// For each group still buffered, how many packets had been handed to motion detection
    /// before it began: a clip ending before the group is analysed once that many are.
    var motionMarks: [Int: Int] = [:]
}

/// A function applied to every frame of a clip as it is written: the frame's image and its
/// index in the clip (for seeding) in, the image to encode out. It is called for several frames
/// of a clip at once, on different threads, so that a look keeps both cores busy; the clip is
/// still the same bytes as long as each result depends only on the image and the index.
public typealias ExportFrameTransform = @Sendable (Image, Int) throws -> Image

/// The export transform of a recorder, and the FilmKit look it applies when it was set through
/// `setExportFilter` (then frames can take the look's pixel path: decoded into reused memory and
/// rendered from memory into memory, see `TransformedFrames`).
struct ExportTransform: Sendable {
    let apply: ExportFrameTransform
    let look: VideoLook?
}
