import CaptureDevices
import CaptureDevicesMocks
import Foundation
import RecorderKit
import Testing

/// Recording from a camera that CaptureDevices discovered: the mode asked for is checked against
/// what the device reported and becomes libavdevice's options.
@Suite("Cameras from CaptureDevices")
struct CaptureDeviceSourceTests {
    let webcam = SampleDevices.usbWebcam

    @Test("a reported mode becomes the V4L2 demuxer's options")
    func reportedMode() throws {
        let mjpeg = try #require(CaptureFormat.PixelFormat("MJPG"))
        let options = try LiveSourceOptions.device(
            webcam, pixelFormat: mjpeg, size: FrameSize(width: 1920, height: 1080), frameRate: FrameRate(frames: 30))
        #expect(options.url == webcam.address.url)
        #expect(options.inputFormat == webcam.address.inputFormat)
        #expect(options.demuxerOptions == ["input_format": "mjpeg", "video_size": "1920x1080", "framerate": "30/1"])
        #expect(try LiveSourceOptions.device(webcam).demuxerOptions.isEmpty)
        let v4l2 = try CaptureDevice(
            identifier: "usb-cam", name: "USB camera", position: .external, kind: .wide,
            formats: webcam.formats, address: .v4l2("/dev/video4"))
        let yuyv = try LiveSourceOptions.device(v4l2, pixelFormat: CaptureFormat.PixelFormat("YUYV"))
        #expect(yuyv.url == "/dev/video4" && yuyv.inputFormat == "video4linux2")
        #expect(yuyv.demuxerOptions == ["input_format": "yuyv422"])
    }

    @Test("a format, size or rate the device did not report is refused before opening it")
    func unreportedMode() throws {
        let mjpeg = try #require(CaptureFormat.PixelFormat("MJPG"))
        let yuyv = try #require(CaptureFormat.PixelFormat("YUYV"))
        let refused: [String?] = [
            refusal { try .device(webcam, pixelFormat: CaptureFormat.PixelFormat("NV12")) },
            refusal { try .device(webcam, size: FrameSize(width: 1280, height: 720)) },
            // 1920×1080 exists in YUYV only at 5 fps.
            refusal {
                try .device(
                    webcam, pixelFormat: yuyv, size: FrameSize(width: 1920, height: 1080),
                    frameRate: FrameRate(frames: 30))
            },
            refusal { try .device(webcam, pixelFormat: mjpeg, frameRate: FrameRate(frames: 60)) },
            // A code FFmpeg has no V4L2 name for.
            refusal { try .device(webcam, pixelFormat: CaptureFormat.PixelFormat("Y10 ")) },
        ]
        for reason in refused { #expect(reason?.isEmpty == false) }
    }

    /// The reason of the `invalidConfiguration` error `make` throws, or `nil` (recorded as an issue).
    func refusal(_ make: () throws -> LiveSourceOptions) -> String? {
        do {
            let options = try make()
            Issue.record("accepted: \(options.demuxerOptions)")
        } catch RecorderError.invalidConfiguration(let reason) {
            return reason.description
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test("a discovered device is recorded through libavdevice (a lavfi test source stands in for the camera)")
    func recordsFromDiscoveredDevice() async throws {
        let camera = try CaptureDevice(
            identifier: "test-camera", name: "Test camera", position: .external, kind: .wide,
            formats: [
                CaptureFormat(
                    pixelFormat: try #require(CaptureFormat.PixelFormat("RGB3")),
                    sizes: [
                        CaptureFormat.Size(width: 320, height: 240, frameRates: [try #require(FrameRate(frames: 30))])
                    ])
            ],
            address: DeviceAddress(inputFormat: "lavfi", url: "testsrc2=size=320x240:rate=30"))
        let discovered = try await MockCaptureDeviceDiscovery(devices: [camera]).devices()
        var options = try LiveSourceOptions.device(try #require(discovered.first))
        options.readsAtNativeRate = true
        let folder = try TemporaryFolder("capture-device")
        defer { folder.cleanUp() }
        let (clips, _) = try await LiveSourceTests.recordOneEvent(
            from: options, configuration: smallConfiguration(in: folder, backward: 1, forward: 0.5, codec: .mjpeg),
            before: 1.5)
        let clip = try #require(clips.first)
        #expect(clips.count == 1)
        #expect(clip.frameCount == 45)
        #expect(try probe(clip.url).countedFrames == 45)
    }
}
