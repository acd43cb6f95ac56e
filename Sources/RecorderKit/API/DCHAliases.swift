// Names from the reference framework, so that ported code compiles with few changes.

/// The reference name of ``VideoRecorder``.
public typealias DCHVideoRecorder = VideoRecorder
/// The reference name of ``VideoRecorderDelegate``.
public typealias DCHVideoRecorderDelegate = VideoRecorderDelegate
/// The reference name of ``VideoRecorderState``.
public typealias DCHVideoRecorderState = VideoRecorderState
/// The reference name of ``RecorderConfiguration``.
public typealias DCHRecorderConfiguration = RecorderConfiguration
/// The reference name of ``CapturedVideoSegment``.
public typealias DCHCapturedVideoSegment = CapturedVideoSegment
/// The reference name of ``CameraPreviewView``.
public typealias DCHCameraPreviewView = CameraPreviewView
/// The reference name of ``RecordQuality``.
public typealias DCHRecordQuality = RecordQuality
/// The reference name of ``ExportSettings``.
public typealias DCHExportSettings = ExportSettings
/// The reference name of ``ExportQuality``.
public typealias DCHExportQuality = ExportQuality
/// The reference name of ``VideoCodec``.
public typealias DCHVideoCodec = VideoCodec
/// The reference name of ``VideoFormat``.
public typealias DCHVideoFormat = VideoFormat
/// The reference name of ``Framerate``.
public typealias DCHFramerate = Framerate
