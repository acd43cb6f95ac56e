import CaptureDevices
import CaptureDevicesMocks
import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Capture-side metadata from the selected camera")
struct CaptureMetadataTests {
    @Test("a flip's camera and clamped zoom are written to EXIF and read back by exiftool")
    func flipToExif() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Selfies")
        let selector = try CameraSelector(devices: SampleDevices.phone)
        // On the back telephoto at 4×, flip to the front: the front wide, zoom clamped to its 3×.
        let selection = try selector.flip(from: SampleDevices.phoneBackTelephoto, zoomFactor: 4)
        let metadata = PhotoMetadata(captureDate: date(), make: "AnalogKit").capturing(with: selection)
        let photo = try await library.save(.encoded(try Samples.smallJPEG()), to: folder.id, metadata: metadata)
        let tags = try exiftool(photo.url)
        #expect(tags["EXIF:DigitalZoomRatio"] as? Double == 3)
        #expect(tags["EXIF:LensModel"] as? String == "front wide 23mm")
        #expect(tags["EXIF:Make"] as? String == "AnalogKit")
    }

    @Test("from a device and a zoom factor, clamped at both ends")
    func deviceAndZoom() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Desk")
        let base = PhotoMetadata(captureDate: date())
        for (device, zoom, expectedZoom, lens) in [
            (SampleDevices.usbWebcam, 12.0, 5.0, "external wide 26.7mm"),
            (SampleDevices.phoneBackUltraWide, 0.5, 1.0, "back ultra-wide 13mm"),
        ] {
            let metadata = try base.capturing(with: device, zoomFactor: zoom)
            let photo = try await library.save(.encoded(try Samples.smallJPEG()), to: folder.id, metadata: metadata)
            let tags = try exiftool(photo.url)
            #expect(tags["EXIF:DigitalZoomRatio"] as? Double == expectedZoom)
            #expect(tags["EXIF:LensModel"] as? String == lens)
        }
    }

    @Test("a non-finite zoom factor is invalid metadata, and nothing is saved")
    func nonFiniteZoom() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Nothing")
        for zoom in [Double.nan, .infinity] {
            #expect(throws: GalleryError.self) {
                try PhotoMetadata(captureDate: date()).capturing(with: SampleDevices.phoneBackWide, zoomFactor: zoom)
            }
        }
        #expect(try await library.photoCount(in: folder.id) == 0)
    }
}
