// Code written for the reference framework, kept exactly as written for it: ChmelDom118/DCHEventVideoRecorder
// at commit b9cb71a, the `DCHVideoRecorder` framework of spec section 2.2. Its README documents no usage
// ("A description of this package."), so these are an app's few lines against the reference's public
// declarations: Sources/DCHEventVideoRecorder/DCHVideoRecorder.swift, DCHVideoRecorderDelegate.swift,
// DCHCameraPreviewView.swift, Default/DCHDefaultVideoRecorder.swift, Contexts/DCHRecorderConfiguration.swift,
// Contexts/DCHVideoRecorderError.swift and Contexts/DCHCapturedVideoSegment.swift. Only the reference's names,
// cases and signatures appear; nothing of AnalogKit's own.
//
// The reference is a Swift 5 package (swift-tools-version 5.6), so this target is compiled in Swift 5 mode,
// as ported code would be; ReferenceUsageTests drives it.
import Foundation
import RecorderKit

final class EventCamera: DCHVideoRecorderDelegate {
    let recorder: DCHVideoRecorder

    init(previewView: DCHCameraPreviewView) throws {
        let configuration = DCHRecorderConfiguration(
            recordQuality: .high,
            exportSettings: DCHExportSettings(quality: .medium, codec: .preffered, format: .mp4),
            framerate: ._30fps,
            backwardOffset: 3.0
        )
        recorder = try DCHDefaultVideoRecorder(configuration: configuration)
        recorder.stateDelegate = self
        recorder.setupPreview(for: previewView)
    }

    func videoRecorderDidChangeState(_ oldState: DCHVideoRecorderState, _ newState: DCHVideoRecorderState) {
        print("recorder: \(oldState) -> \(newState)")
    }

    func start() throws {
        do {
            try recorder.startRecording()
        } catch DCHVideoRecorderError.alreadyRunning {
            print("already recording")
        }
    }

    func eventHappened() -> Bool {
        do {
            try recorder.captureSegment()
            return true
        } catch DCHVideoRecorderError.notRunning {
            return false
        } catch DCHVideoRecorderError.corruptedBuffer {
            return false
        } catch {
            return false
        }
    }

    func switchToUltraHD() throws {
        recorder.stopRecording()
        let current = recorder.currentConfiguration
        do {
            try recorder.changeConfiguration(
                DCHRecorderConfiguration(
                    recordQuality: current.recordQuality,
                    exportSettings: DCHExportSettings(quality: .ultra, codec: .preffered, format: .mov),
                    framerate: ._60fps,
                    backwardOffset: 1.0
                )
            )
        } catch DCHVideoRecorderError.runtimeConfigChange {
            print("stop recording first")
        }
    }

    func pauseForCall() {
        recorder.pauseRecording()
    }

    func callEnded() {
        recorder.resumeRecording()
    }

    func finish(completion: @escaping ([URL], Double) -> Void) {
        recorder.stopRecording()
        recorder.provideCapturedSegments { result in
            switch result {
            case .success(let segments):
                completion(segments.map { $0.path }, segments.reduce(0) { $0 + $1.duration })
            case .failure(let error):
                print(error)
                completion([], 0)
            }
        }
    }

    func discardEverything() {
        recorder.resetRecorder()
    }

    func describe(_ quality: DCHVideoQuality, _ framerate: DCHFramerate, _ codec: DCHCodec, _ format: DCHFormat)
        -> String
    {
        let size: String
        switch quality {
        case .low: size = "640x480"
        case .medium: size = "1280x720"
        case .high: size = "1920x1080"
        case .ultra: size = "3840x2160"
        }
        let container: String
        switch format {
        case .mp4: container = "mp4"
        case .mov: container = "mov"
        }
        return "\(size) \(framerate.rawValue) fps \(codec == .preffered ? "preferred" : "other") \(container)"
    }
}
