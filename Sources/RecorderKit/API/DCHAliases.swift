import Foundation

// Names from the reference framework (ChmelDom118/DCHEventVideoRecorder), so that code written
// against it compiles unchanged: every public type and case name of the reference has a name here.

/// The reference name of ``VideoRecorder``.
public typealias DCHVideoRecorder = VideoRecorder
/// The reference name of ``VideoRecorderDelegate``.
public typealias DCHVideoRecorderDelegate = VideoRecorderDelegate
/// The reference name of ``VideoRecorderState``.
public typealias DCHVideoRecorderState = VideoRecorderState
/// The reference name of ``EventRecorder``, the default recorder.
public typealias DCHDefaultVideoRecorder = EventRecorder
/// The reference name of ``RecorderConfiguration``.
public typealias DCHRecorderConfiguration = RecorderConfiguration
/// The reference name of ``CapturedVideoSegment``.
public typealias DCHCapturedVideoSegment = CapturedVideoSegment
/// The reference name of ``CameraPreviewView``.
public typealias DCHCameraPreviewView = CameraPreviewView
/// The reference name of ``VideoQuality``, used for both the recorded and the exported size.
public typealias DCHVideoQuality = VideoQuality
/// An earlier name of ``VideoQuality``.
public typealias DCHRecordQuality = VideoQuality
/// The reference name of ``ExportSettings``.
public typealias DCHExportSettings = ExportSettings
/// The reference name of ``VideoCodec``.
public typealias DCHCodec = VideoCodec
/// An earlier name of ``VideoCodec``.
public typealias DCHVideoCodec = VideoCodec
/// The reference name of ``VideoFormat``.
public typealias DCHFormat = VideoFormat
/// An earlier name of ``VideoFormat``.
public typealias DCHVideoFormat = VideoFormat
/// The reference name of ``Framerate``.
public typealias DCHFramerate = Framerate
/// The reference name of ``RecorderError``; its cases are matched by ``RecorderError/ReferenceCase``.
public typealias DCHVideoRecorderError = RecorderError

extension Framerate {
    /// The reference's name of ``fps24``.
    public static let _24fps = Framerate.fps24
    /// The reference's name of ``fps30``.
    public static let _30fps = Framerate.fps30
    /// The reference's name of ``fps60``.
    public static let _60fps = Framerate.fps60
}

extension VideoCodec {
    /// The reference's spelling of ``preferred``.
    public static let preffered = VideoCodec.preferred
}

extension CapturedVideoSegment {
    /// The reference's name of ``url``.
    public var path: URL { url }
}

extension RecorderError {
    /// The four cases of the reference's `DCHVideoRecorderError`. Each matches, in a `catch` or
    /// `case` pattern, the typed errors that mean the same, so that
    /// `catch DCHVideoRecorderError.notRunning` catches ``RecorderError/notRecording(state:)``.
    public enum ReferenceCase: Error, Sendable, Hashable {
        /// Starting while a session is open: ``RecorderError/invalidTransition(action:state:)``.
        case alreadyRunning
        /// Capturing while not recording: ``RecorderError/notRecording(state:)``.
        case notRunning
        /// Changing the configuration while a session is open: ``RecorderError/configurationLocked(state:)``.
        case runtimeConfigChange
        /// Capturing before any frame is buffered: ``RecorderError/noFramesYet``.
        case corruptedBuffer

        /// Whether `error` is this case, or one of the typed errors it stands for.
        ///
        /// - Parameters:
        ///   - pattern: the reference case.
        ///   - error: the error thrown.
        /// - Returns: `true` when they mean the same.
        public static func ~= (pattern: ReferenceCase, error: any Error) -> Bool {
            if let reference = error as? ReferenceCase { return reference == pattern }
            return (error as? RecorderError)?.referenceCase == pattern
        }
    }

    /// The reference's `alreadyRunning`.
    public static let alreadyRunning = ReferenceCase.alreadyRunning
    /// The reference's `notRunning`.
    public static let notRunning = ReferenceCase.notRunning
    /// The reference's `runtimeConfigChange`.
    public static let runtimeConfigChange = ReferenceCase.runtimeConfigChange
    /// The reference's `corruptedBuffer`.
    public static let corruptedBuffer = ReferenceCase.corruptedBuffer

    /// The reference case this error corresponds to, if any.
    public var referenceCase: ReferenceCase? {
        switch self {
        case .invalidTransition: .alreadyRunning
        case .notRecording: .notRunning
        case .configurationLocked: .runtimeConfigChange
        case .noFramesYet: .corruptedBuffer
        default: nil
        }
    }
}
