import Foundation
import Imaging

/// Frames decoded from a video file (any container and codec FFmpeg reads), in display order,
/// with the file's own timestamps, and the sound of its best audio stream.
public final class VideoFileSource: FrameSource, AudioCarryingSource {
    /// The file.
    public let url: URL
    private let reader: VideoFileReader
    private var lastTimestamp: Double?

    /// Opens the file and its video stream.
    ///
    /// - Throws: ``FrameSourceError/video(_:)`` with ``VideoIOError/openFailed(path:message:)``
    ///   for a missing or unreadable file, ``VideoIOError/noVideoStream(path:)`` for one without
    ///   video.
    public init(url: URL) throws(FrameSourceError) {
        self.url = url
        do {
            reader = try VideoFileReader(path: url.path, decodesAudio: true)
        } catch {
            throw .video(error)
        }
    }

    /// The size of the video's frames.
    public var frameSize: FrameSize { reader.size }
    /// The stream's average frame rate (0 when the file does not say).
    public var frameRate: Double { reader.frameRate }
    /// The name of the decoder (`h264`, `mjpeg`, …).
    public var codecName: String { reader.codecName }
    /// The frame count the container declares, or 0 when it does not say.
    public var declaredFrameCount: Int { reader.declaredFrameCount }
    /// Whether the file has an audio stream FFmpeg can decode.
    public var hasAudio: Bool { reader.hasAudio }

    /// The sound decoded while reading the frames so far (the last few seconds of it at most),
    /// in the file's own sample rate and channels.
    ///
    /// - Returns: runs of samples in time order; each call returns only what is new.
    public func takeAudio() -> [AudioSamples] { reader.takeAudio() }

    /// The next decoded frame; a timestamp that fails to increase (a broken file) is nudged
    /// forward by one frame so that the sequence stays monotonic.
    ///
    /// - Throws: ``FrameSourceError/video(_:)`` if FFmpeg cannot read or decode the next frame.
    public func nextFrame() throws(FrameSourceError) -> Frame? {
        let decoded: (image: Image, timestamp: Double)?
        do {
            decoded = try reader.next()
        } catch {
            throw .video(error)
        }
        guard let decoded else { return nil }
        var timestamp = decoded.timestamp
        if let lastTimestamp, timestamp <= lastTimestamp {
            timestamp = lastTimestamp + 1 / max(frameRate, 1)
        }
        lastTimestamp = timestamp
        return Frame(image: decoded.image, timestamp: timestamp)
    }
}
