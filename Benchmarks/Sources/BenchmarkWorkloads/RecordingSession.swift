import Foundation
import Imaging
import RecorderKit

/// A RecorderKit recording set up for measuring ingest and clip export, in a directory of its
/// own that ``close()`` removes.
///
/// An event keeps the `clipFrames` frames up to and including the newest one (the backward
/// window, no forward window), so a clip can be exported on demand from frames already stored:
/// ``exportClip()`` then times the export alone, not the wait for frames.
public final class RecordingSession: Sendable {
    /// The recorder being measured.
    public let recorder: EventRecorder
    /// The frame rate of the recording.
    public static let framesPerSecond = 30
    private let root: URL

    /// Creates and starts a recorder for `width`×`height` frames at 30 fps.
    ///
    /// - Parameters:
    ///   - codec: the clips' codec.
    ///   - clipFrames: how many frames an event's clip holds (150 is a 5-second clip).
    public init(width: Int, height: Int, codec: VideoCodec = .preferred, clipFrames: Int = 150) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "analogkit-recording-\(UUID().uuidString)")
        let rate = Double(Self.framesPerSecond)
        let configuration = RecorderConfiguration(
            customRecordSize: FrameSize(width: width, height: height),
            exportSettings: ExportSettings(
                codec: codec, format: .mp4, customSize: FrameSize(width: width, height: height)),
            framerate: .fps30,
            backwardOffset: Double(clipFrames - 1) / rate,
            forwardOffset: 0,
            bufferDirectory: root.appendingPathComponent("buffer"),
            outputDirectory: root.appendingPathComponent("clips"))
        recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
    }

    /// The timestamp of frame `index` at 30 fps.
    public static func timestamp(ofFrame index: Int) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    /// Waits until every pushed frame is compressed and stored, and throws the first failure.
    public func waitUntilStored() async throws {
        _ = try await recorder.capturedSegments()
    }

    /// Marks an event at the newest frame and waits for its clip to be published.
    public func exportClip() async throws -> CapturedVideoSegment {
        let before = try await recorder.capturedSegments().count
        try recorder.captureSegment()
        let segments = try await recorder.capturedSegments()
        guard segments.count == before + 1, let clip = segments.last else {
            throw RecordingSessionError.noClip(segments: segments.count - before)
        }
        return clip
    }

    /// Stops the recorder and removes its buffer and clips.
    public func close() {
        recorder.stopRecording()
        try? FileManager.default.removeItem(at: root)
    }
}

/// What can go wrong in a ``RecordingSession`` beyond RecorderKit's own errors.
public enum RecordingSessionError: Error, CustomStringConvertible {
    /// An event produced `segments` clips instead of one.
    case noClip(segments: Int)

    /// A one-line description.
    public var description: String {
        switch self {
        case .noClip(let segments): "an event produced \(segments) clips instead of one"
        }
    }
}
