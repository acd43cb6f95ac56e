import Foundation
import RecorderKit

/// A passthrough recording of an H.264 file read as fast as it can be (as a camera stream whose
/// packets are kept as they come), set up to measure the export of one clip: remuxing the
/// camera's packets, no decoding or encoding.
public final class PassthroughSession: Sendable {
    /// The recorder being measured.
    public let recorder: EventRecorder
    private let root: URL

    /// Records all of `file` into the ring buffer (not timed); a clip then holds the last
    /// `clipSeconds` of it, from the key frame at or before.
    public init(file: URL, clipSeconds: Double) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "analogkit-passthrough-\(UUID().uuidString)")
        let configuration = RecorderConfiguration(
            exportSettings: ExportSettings(codec: .passthrough, format: .mp4),
            backwardOffset: clipSeconds, forwardOffset: 0,
            bufferDirectory: root.appendingPathComponent("buffer"),
            outputDirectory: root.appendingPathComponent("clips"))
        recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        try await recorder.record(
            from: try LiveVideoSource(options: LiveSourceOptions(url: file.path, reconnect: .never)))
    }

    /// Marks an event at the newest packet, stops, and waits for its clip.
    public func exportClip() async throws -> CapturedVideoSegment {
        try recorder.captureSegment()
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        guard segments.count == 1, let clip = segments.first else {
            throw RecordingSessionError.noClip(segments: segments.count)
        }
        return clip
    }

    /// Stops the recorder and removes its buffer and clips.
    public func close() {
        recorder.stopRecording()
        try? FileManager.default.removeItem(at: root)
    }
}
