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
            CaptureDeviceError.invalidDevice(identifier: "", reason: .emptyIdentifier),
            CaptureDeviceError.deviceNotFound(path: "/dev/video9"),
            CaptureDeviceError.notAVideoDevice(path: "/dev/null", reason: .noCapabilityAnswer),
            CaptureDeviceError.notACaptureDevice(path: "/dev/video1"),
            CaptureDeviceError.permissionDenied(path: "/dev/video0"),
            CaptureDeviceError.queryFailed(path: "/dev/video0", request: "VIDIOC_QUERYCAP", reason: "EIO"),
            CaptureDeviceError.unreadableDirectory(path: "/dev", reason: "EACCES"),
            DeviceMappingError.unreadable(path: "/m.json", reason: "ENOENT"),
            DeviceMappingError.tooLarge(bytes: 2_000_000, limit: 1_000_000),
            DeviceMappingError.malformed(reason: "line 1"),
            DeviceMappingError.invalidField(field: "zoom.minimum", reason: .notPositive(0)),
            CameraChoiceStoreError.unreadable(path: "/c.json", reason: "EIO"),
            CameraChoiceStoreError.damaged(path: "/c.json", reason: .notJSON("Unexpected end of file")),
            CameraChoiceStoreError.damaged(path: "/c.json", reason: .tooLarge(limit: 65_536)),
            CameraChoiceStoreError.damaged(
                path: "/c.json", reason: .invalidField(field: "lastUsed.back", reason: .empty)),
            CameraChoiceStoreError.writeFailed(path: "/c.json", reason: "ENOSPC"),
        ]
        errors += CaptureDeviceProblem.samples as [any LocalizableError & CustomStringConvertible]
        errors += JSONFieldProblem.samples as [any LocalizableError & CustomStringConvertible]
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

    @Test("A device's and a mapping field's reasons read in three languages; the system's words are a marked detail")
    func reasons() {
        let zoom = CaptureDeviceError.invalidDevice(
            identifier: "usb-1", reason: .zoomRangeNotPositive(lower: 0, upper: 5))
        #expect(zoom.description == "invalid capture device 'usb-1': zoom range 0.0...5.0 is not finite and positive")
        #expect(
            zoom.localizedDescription(for: locales[1])
                == "neplatné snímacie zariadenie 'usb-1': rozsah priblíženia 0.0...5.0 nie je konečný a kladný")
        let node = CaptureDeviceError.notAVideoDevice(path: "/dev/video2", reason: .notV4L2CharacterDevice)
        #expect(
            node.localizedDescription(for: locales[2])
                == "/dev/video2 není videozařízení: není to znakové zařízení V4L2")
        let query = CaptureDeviceError.queryFailed(
            path: "/dev/video0", request: "VIDIOC_QUERYCAP", reason: "Input/output error")
        #expect(query.description == "VIDIOC_QUERYCAP on /dev/video0 failed: Input/output error")
        #expect(
            query.localizedDescription(for: locales[1])
                == "požiadavka VIDIOC_QUERYCAP na /dev/video0 zlyhala (technický detail: „Input/output error“)")
        let kind = DeviceMappingError.invalidField(field: "devices[0].name", reason: .wrongKind(expected: .string))
        #expect(kind.description == "device mapping: devices[0].name: expected a string")
        #expect(kind.localizedDescription(for: locales[2]) == "mapování zařízení: devices[0].name: očekává se řetězec")
        let mapped = DeviceMappingError.invalidField(
            field: "devices[1].name", reason: .alreadyMapped(value: "Cam", index: 0))
        #expect(
            mapped.localizedDescription(for: locales[1])
                == "mapovanie zariadení: devices[1].name: 'Cam' už mapuje devices[0]")
        let number = JSONFieldProblem.unreadable("Number 1e999 is not representable in Swift.")
        #expect(number.description == "the value cannot be read: Number 1e999 is not representable in Swift.")
        #expect(
            number.localizedDescription(for: locales[2])
                == "hodnotu nelze přečíst (technický detail: „Number 1e999 is not representable in Swift.“)")
        let malformed = DeviceMappingError.malformed(reason: "Unexpected character at line 1")
        #expect(
            malformed.localizedDescription(for: locales[1])
                == "mapovanie zariadení nie je platný JSON (technický detail: „Unexpected character at line 1“)")
    }
}

extension CaptureDeviceProblem {
    /// One of each case.
    fileprivate static let samples: [CaptureDeviceProblem] = [
        .emptyIdentifier, .focalLengthNotPositive(-24), .zoomRangeNotPositive(lower: 0, upper: 5),
        .notV4L2CharacterDevice, .noCapabilityAnswer,
    ]
}

extension JSONFieldProblem {
    /// One of each case, and every kind of value.
    fileprivate static let samples: [JSONFieldProblem] = [
        .missing, .wrongKind(expected: .string), .wrongKind(expected: .number),
        .wrongKind(expected: .list), .wrongKind(expected: .object), .null(expected: .number),
        .unreadable("Number 1e999 is not representable in Swift."), .unknownField(allowed: ["maximum", "minimum"]),
        .notOneOf(value: "side", allowed: ["front", "back", "external"]), .unsupportedVersion(2, supported: 1),
        .noMatch, .moreThanOneMatch(["identifier", "name"]), .focalLengthAndFieldOfView,
        .fieldOfViewOutOfRange(200), .notPositive(0), .minimumAboveMaximum(minimum: 5, maximum: 1), .empty,
        .alreadyMapped(value: "Cam", index: 0),
    ]
}
