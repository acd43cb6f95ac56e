import Foundation
import Imaging

/// What went wrong in a recorder.
public enum RecorderError: Error, Sendable, Hashable {
    /// A configuration field is out of range, or a device does not offer the mode asked for; the
    /// reason names the field and the values allowed.
    case invalidConfiguration(RecorderConfigurationProblem)
    /// The action is not allowed in the current state (for example starting while paused).
    case invalidTransition(action: String, state: VideoRecorderState)
    /// The configuration cannot change while a recording session is open.
    case configurationLocked(state: VideoRecorderState)
    /// Events can be captured, and frames pushed, only while recording.
    case notRecording(state: VideoRecorderState)
    /// No frame has been recorded yet, so an event has no time to refer to.
    case noFramesYet
    /// A frame's timestamp is not later than the one before it.
    case nonMonotonicTimestamp(previous: Double, got: Double)
    /// A frame's size differs from the configuration and conversion is off.
    case frameSizeMismatch(expected: FrameSize, got: FrameSize)
    /// Frames arrive at another rate than configured and conversion is off.
    case frameRateMismatch(expected: Int, timestampStep: Double)
    /// The buffer directory cannot change while frames of an earlier session are still being
    /// written into clips.
    case exportsInProgress
    /// Another live recorder holds the buffer directory.
    case bufferDirectoryInUse(path: String)
    /// Reading or writing the buffer or output directory failed (a full disk, say).
    case storageFailed(path: String, message: String)
    /// The buffer or output directory is an existing file (or other non-directory); nothing is
    /// written to it.
    case notADirectory(path: String)
    /// No frame was recorded within the windows of these events (seconds on the recorder's
    /// timeline): the live source was lost for all of them. No clip is written for them.
    case noFramesInWindow(eventTimes: [Double])
    /// The export frame transform threw on a frame of a clip.
    case exportTransformFailed(frame: Int, message: String)
    /// libvips failed on a frame.
    case imaging(ImagingError)
    /// FFmpeg failed while writing a clip.
    case video(VideoIOError)
    /// The frame source failed.
    case source(FrameSourceError)
    /// Audio settings, pushed audio or an audio source were refused.
    case audio(AudioError)
    /// ``FrameRecorder/record(from:pacing:)`` was asked to record a source that ended before its
    /// first frame (a test pattern of zero frames, a source already read to its end).
    case sourceYieldedNoFrames
    /// A range of a continuous recording was asked for whose start (seconds since 1970) is not
    /// before its end (see ``EventRecorder/exportContinuous(from:to:)``).
    case emptyRange(from: Double, to: Double)
    /// The continuous recording holds no finished segment between the two times (seconds since
    /// 1970): nothing to export.
    case noFootage(from: Double, to: Double)
}

extension RecorderError: CustomStringConvertible {
    /// The message in English, from RecorderKit's table (``localizedDescription(for:)``).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}

/// What went wrong in FFmpeg while reading or writing a video file.
public enum VideoIOError: Error, Sendable, Hashable {
    /// The file could not be opened or is not a media file FFmpeg reads.
    case openFailed(path: String, message: String)
    /// The file has no video stream.
    case noVideoStream(path: String)
    /// FFmpeg has no decoder for the file's codec.
    case decoderUnavailable(String)
    /// FFmpeg has no such encoder (libx264 missing, say).
    case encoderUnavailable(String)
    /// An FFmpeg call failed.
    case ffmpeg(operation: String, message: String)
    /// A clip needs at least one frame.
    case noFrames
}

extension VideoIOError: CustomStringConvertible {
    /// The message in English, from RecorderKit's table (``localizedDescription(for:)``).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}

/// What went wrong in a frame source.
public enum FrameSourceError: Error, Sendable, Hashable {
    /// The source's parameters are out of range; the reason names the bad one, its value and the
    /// values allowed.
    case invalidParameters(FrameSourceParameterProblem)
    /// No such directory.
    case directoryNotFound(path: String)
    /// The directory holds no image files.
    case emptySequence(path: String)
    /// A file of an image sequence could not be read as an image.
    case unreadableImage(path: String, cause: ImagingError)
    /// Rendering or converting a frame failed.
    case imaging(ImagingError)
    /// Reading a video file failed.
    case video(VideoIOError)
    /// A live source could not be opened, or was lost, and the reconnect policy gave up; the
    /// message is FFmpeg's (or says which timeout expired).
    case connectionFailed(url: String, message: String)
    /// The stream has no video FFmpeg can read, or a codec the recorder cannot keep.
    case unsupportedStream(url: String, message: String)
}

extension FrameSourceError: CustomStringConvertible {
    /// The message in English, from RecorderKit's table (``localizedDescription(for:)``).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
