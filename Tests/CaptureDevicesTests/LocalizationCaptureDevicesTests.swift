import CaptureDevices
import Foundation
import Testing

@Suite("CaptureDevices in English, Slovak and Czech")
struct LocalizationCaptureDevicesTests {
    private let locales = ["en", "sk", "cs"].map { Locale(identifier: $0) }

    @Test("Every key of CaptureDevices' table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.captureDevices.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        var errors: [any LocalizableError & CustomStringConvertible] = [
            CameraSelectionError.noDevices, CameraSelectionError.invalidZoom(.nan),
            CameraSelectionError.duplicateIdentifier("usb-1"),
            CaptureDeviceError.invalidDevice(identifier: "x", reason: "empty name"),
            CaptureDeviceError.deviceNotFound(path: "/dev/video9"),
            CaptureDeviceError.notAVideoDevice(path: "/dev/null", reason: "ENOTTY"),
            CaptureDeviceError.notACaptureDevice(path: "/dev/video1"),
            CaptureDeviceError.permissionDenied(path: "/dev/video0"),
            CaptureDeviceError.queryFailed(path: "/dev/video0", request: "VIDIOC_QUERYCAP", reason: "EIO"),
            CaptureDeviceError.unreadableDirectory(path: "/dev", reason: "EACCES"),
            DeviceMappingError.unreadable(path: "/m.json", reason: "ENOENT"),
            DeviceMappingError.tooLarge(bytes: 2_000_000, limit: 1_000_000),
            DeviceMappingError.malformed(reason: "line 1"), DeviceMappingError.invalidField(field: "zoom", reason: "x"),
            CameraChoiceStoreError.unreadable(path: "/c.json", reason: "EIO"),
            CameraChoiceStoreError.damaged(path: "/c.json", reason: "not JSON"),
            CameraChoiceStoreError.writeFailed(path: "/c.json", reason: "ENOSPC"),
        ]
        errors += CaptureDevice.Position.allCases.map { CameraSelectionError.noCameraOnOtherSide(of: $0) }
        errors += CaptureDevice.Kind.allCases.map { CameraSelectionError.noCamera(kind: $0, position: .back) }
        for error in errors {
            let texts = locales.map { error.localizedDescription(for: $0) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
        }
        let flip = CameraSelectionError.noCameraOnOtherSide(of: .back)
        #expect(
            flip.localizedDescription(for: locales[1])
                == "nie je k dispozícii žiadna kamera (predná), na ktorú by sa dalo prepnúť")
        let external = CameraSelectionError.noCameraOnOtherSide(of: .external)
        #expect(
            external.localizedDescription(for: locales[2])
                == "externí kamera nemá druhou stranu, na kterou by šlo přepnout")
        let tele = CameraSelectionError.noCamera(kind: .telephoto, position: .front)
        #expect(tele.localizedDescription(for: locales[2]) == "není k dispozici žádná kamera (přední, teleobjektiv)")
    }
}
