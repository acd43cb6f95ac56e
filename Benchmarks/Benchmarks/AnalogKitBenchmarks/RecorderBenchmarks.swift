import Benchmark
import BenchmarkWorkloads
import Foundation
import RecorderKit

/// RecorderKit on 1920×1080 frames at 30 fps: ingest into the disk-backed ring buffer (JPEG
/// compression on every core) and the export of a 5-second clip, in H.264 and in MJPEG; and the
/// export of a 5-second passthrough clip of a 1080p30 H.264 stream (a remux, no re-encoding).
///
/// The frames are views of a scene in memory that a panning camera moves across, so each is
/// different and the pixels are made while the recorder compresses them, as a camera's buffer
/// would be filled.
func recorderBenchmarks() {
    let ingestFrames = 300
    Benchmark(
        "Recorder ingest \(ingestFrames) frames 1920×1080",
        configuration: .init(metrics: FrameRateUnit.perSecond.metrics, maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark, camera in
        let session = try RecordingSession(width: camera.width, height: camera.height)
        defer { session.close() }
        benchmark.startMeasurement()
        let usage = try await Usage.measure {
            try session.push(ingestFrames, from: camera)
            try await session.waitUntilStored()
        }
        benchmark.stopMeasurement()
        benchmark.record(usage, frames: ingestFrames, rate: .perSecond)
    } setup: {
        try PanningCamera()
    }

    let clipFrames = 5 * RecordingSession.framesPerSecond
    for (label, codec) in [("H.264", VideoCodec.h264), ("MJPEG", .mjpeg)] {
        Benchmark(
            "Recorder clip export 5 s 1920×1080 \(label)",
            configuration: .init(metrics: FrameRateUnit.perSecond.metrics, maxDuration: .seconds(60), maxIterations: 5)
        ) { benchmark, camera in
            let session = try RecordingSession(
                width: camera.width, height: camera.height, codec: codec, clipFrames: clipFrames)
            defer { session.close() }
            try session.push(clipFrames, from: camera)
            try await session.waitUntilStored()
            var clip: CapturedVideoSegment?
            benchmark.startMeasurement()
            let usage = try await Usage.measure { clip = try await session.exportClip() }
            benchmark.stopMeasurement()
            guard clip?.frameCount == clipFrames else {
                benchmark.error("the clip has \(clip?.frameCount ?? 0) frames, not \(clipFrames)")
                return
            }
            benchmark.record(usage, frames: clipFrames, rate: .perSecond)
        } setup: {
            try PanningCamera()
        }
    }
}

func passthroughBenchmarks() {
    Benchmark(
        "Recorder passthrough clip 5 s 1920×1080 H.264 (remux)",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 10)
    ) { benchmark, stream in
        let session = try await PassthroughSession(file: stream, clipSeconds: 5)
        defer { session.close() }
        benchmark.startMeasurement()
        let clip = try await session.exportClip()
        benchmark.stopMeasurement()
        guard clip.encoderName == "copy", clip.frameCount >= 150 else {
            benchmark.error("the clip is \(clip.encoderName) with \(clip.frameCount) frames")
            return
        }
    } setup: {
        try Inputs.liveStream(seconds: 10)
    }
}

extension RecordingSession {
    /// Pushes the camera's first `count` frames, 30 a second; returns once the last is taken.
    func push(_ count: Int, from camera: PanningCamera) throws {
        for index in 0..<count {
            try recorder.push(Frame(image: camera.frame(index), timestamp: Self.timestamp(ofFrame: index)))
        }
    }
}
