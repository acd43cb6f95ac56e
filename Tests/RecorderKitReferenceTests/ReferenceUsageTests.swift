import Foundation
import Imaging
import RecorderKit
import TestSupport
import Testing

/// Counts the frames shown, standing in for the reference's preview view.
final class CountingPreviewView: CameraPreviewView, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func display(_ frame: Frame) {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var shown: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

@Suite("Code written for the reference framework")
struct ReferenceUsageTests {
    /// Pushes `count` grey frames of `size` from `start` on, as the camera would.
    func feed(_ recorder: EventRecorder, count: Int, from start: Int, size: FrameSize, rate: Double) throws {
        let image = try Image.solid(width: size.width, height: size.height, value: [120, 130, 140])
        for index in start..<(start + count) {
            try recorder.push(Frame(image: image, timestamp: Double(index) / rate))
        }
    }

    func clips(of camera: EventCamera) async -> (urls: [URL], duration: Double) {
        await withCheckedContinuation { continuation in
            camera.finish { urls, duration in continuation.resume(returning: (urls, duration)) }
        }
    }

    @Test(
        "the reference's usage compiles unchanged and works: states, typed errors by the reference's cases, export quality as the export size"
    )
    func referenceUsage() async throws {
        let folder = try TemporaryDirectory("RecorderKitReferenceTests")
        defer { folder.remove() }
        let preview = CountingPreviewView()
        let camera = try EventCamera(previewView: preview)
        // The reference's recorder captured from the device itself; this one is fed frames, and
        // its buffer and clips go into the test's folder.
        let recorder = try #require(camera.recorder as? EventRecorder)
        var configuration = recorder.currentConfiguration
        #expect(configuration.recordQuality == .high)
        #expect(configuration.exportSettings == DCHExportSettings(quality: .medium, codec: .preffered, format: .mp4))
        #expect(configuration.framerate == ._30fps)
        configuration.bufferDirectory = folder.file("buffer")
        configuration.outputDirectory = folder.file("clips")
        try recorder.changeConfiguration(configuration)

        #expect(!camera.eventHappened(), "not running: DCHVideoRecorderError.notRunning")
        try camera.start()
        try camera.start()  // DCHVideoRecorderError.alreadyRunning, caught by the example
        #expect(!camera.eventHappened(), "nothing buffered: DCHVideoRecorderError.corruptedBuffer")
        try feed(recorder, count: 120, from: 0, size: VideoQuality.high.size, rate: 30)
        #expect(camera.eventHappened())
        try feed(recorder, count: 70, from: 120, size: VideoQuality.high.size, rate: 30)
        camera.pauseForCall()
        #expect(recorder.currentState == .paused)
        camera.callEnded()
        #expect(recorder.currentState == .recording)
        let first = await clips(of: camera)
        #expect(first.urls.count == 1)
        #expect(abs(first.duration - 5) < 0.001, "3 s back, 2 s forward")
        // Recorded at .high, exported at .medium: the reference's export quality is the clip's size.
        let medium = try VideoFileSource(url: try #require(first.urls.first))
        #expect(medium.frameSize == FrameSize(width: 1280, height: 720))

        try camera.switchToUltraHD()
        #expect(recorder.currentConfiguration.exportSettings.quality == .ultra)
        #expect(recorder.currentConfiguration.framerate == ._60fps)
        #expect(camera.describe(.ultra, ._60fps, .preffered, .mov) == "3840x2160 60 fps preferred mov")
        // The reference's initialiser knows no directories: keep the test's.
        configuration = recorder.currentConfiguration
        configuration.bufferDirectory = folder.file("buffer")
        configuration.outputDirectory = folder.file("clips")
        try recorder.changeConfiguration(configuration)
        try camera.start()
        try feed(recorder, count: 20, from: 10_000, size: VideoQuality.high.size, rate: 60)
        #expect(camera.eventHappened())
        try feed(recorder, count: 10, from: 10_020, size: VideoQuality.high.size, rate: 60)
        let second = await clips(of: camera)
        let ultra = try #require(second.urls.last)
        #expect(ultra.pathExtension == "mov")
        // .ultra is 3840×2160, as the reference's AVOutputSettingsPreset3840x2160.
        #expect(try VideoFileSource(url: ultra).frameSize == FrameSize(width: 3840, height: 2160))
        #expect(preview.shown == 220)
        camera.discardEverything()
        #expect(recorder.currentState == .none)
        #expect(await clips(of: camera).urls.isEmpty)
    }

    @Test("the reference's error cases match the typed errors they stand for")
    func referenceErrors() throws {
        let errors: [(RecorderError, DCHVideoRecorderError.ReferenceCase)] = [
            (.invalidTransition(action: "start recording", state: .paused), .alreadyRunning),
            (.notRecording(state: .none), .notRunning),
            (.configurationLocked(state: .recording), .runtimeConfigChange),
            (.noFramesYet, .corruptedBuffer),
        ]
        for (error, reference) in errors {
            #expect(error.referenceCase == reference)
            do {
                throw error
            } catch DCHVideoRecorderError.alreadyRunning {
                #expect(reference == .alreadyRunning)
            } catch DCHVideoRecorderError.notRunning {
                #expect(reference == .notRunning)
            } catch DCHVideoRecorderError.runtimeConfigChange {
                #expect(reference == .runtimeConfigChange)
            } catch DCHVideoRecorderError.corruptedBuffer {
                #expect(reference == .corruptedBuffer)
            } catch {
                Issue.record("\(error) matched no reference case")
            }
        }
        #expect(RecorderError.storageFailed(path: "/", message: "full").referenceCase == nil)
        #expect(VideoQuality.allCases.map(\.size.description) == ["640×480", "1280×720", "1920×1080", "3840×2160"])
    }
}
