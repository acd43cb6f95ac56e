import Foundation

/// Continuous recording: besides its event clips, a passthrough recorder keeps everything its
/// live source sends, as it is (no decoding), in files of about ``segmentDuration`` seconds in
/// ``directory``. ``EventRecorder/continuousCoverage(from:to:)`` says what exists between two
/// times, and ``EventRecorder/exportContinuous(from:to:)`` writes any range as one clip without
/// re-encoding.
///
/// Segments count in the ``StorageBudget``: over it, the oldest segments go first, before any
/// event clip, and the segment being written is never deleted. They are named after the wall
/// clock times they span, so a recorder started again on the same directory finds them (and
/// counts them in the budget). A segment begins on a key frame and rolls over at the first key
/// frame once it has lasted ``segmentDuration``; a loss of the source, a pause, a damaged packet
/// or a change of the stream's parameters closes it, and the next one begins at the next key
/// frame, so the time in between is a gap. A segment is written as a file of its own only once
/// it closes: after a crash the footage of the segment then being written is lost.
///
/// Only passthrough recordings (``VideoCodec/passthrough`` from a ``LiveVideoSource``) record
/// continuously; a decoded recording ignores it.
public struct ContinuousRecording: Sendable, Hashable {
    /// Where the segments go: a directory of their own (not the buffer directory; it may be the
    /// output directory).
    public var directory: URL
    /// The length of a segment, in seconds (1…3600): a segment rolls over at the first key
    /// frame after it.
    public var segmentDuration: Double

    /// Creates the setting.
    ///
    /// - Parameters:
    ///   - directory: where the segments go.
    ///   - segmentDuration: the length of a segment, in seconds (1…3600); by default a minute.
    public init(directory: URL, segmentDuration: Double = 60) {
        self.directory = directory
        self.segmentDuration = segmentDuration
    }

    /// Checks the setting.
    ///
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` for a length outside 1…3600 s or a
    ///   directory that is not a file URL.
    public func validate() throws(RecorderError) {
        guard segmentDuration.isFinite, segmentDuration >= 1, segmentDuration <= 3600 else {
            throw .invalidConfiguration(
                .secondsOutOfRange(
                    field: "continuousRecording.segmentDuration", seconds: segmentDuration, allowed: 1...3600))
        }
        guard directory.isFileURL else {
            throw .invalidConfiguration(.notAFileURL(field: "continuousRecording.directory"))
        }
    }
}

/// What a continuous recording holds between two times: its segments and the gaps between them
/// (see ``EventRecorder/continuousCoverage(from:to:)``).
public struct RecordingCoverage: Sendable, Hashable {
    /// One segment file of a continuous recording.
    public struct Segment: Sendable, Hashable {
        /// The file (an MP4 of the source's own packets). `nil` while it is still being written.
        public var url: URL?
        /// When its first frame was shown.
        public var start: Date
        /// When its last frame ended.
        public var end: Date
        /// Its size in bytes (so far, while it is being written).
        public var bytes: Int64
    }

    /// The segments that overlap the range, oldest first (the last may be the one being written).
    public var segments: [Segment]
    /// The parts of the range that no segment covers, in order.
    public var gaps: [DateInterval]
}
