import CaptureDevices
import CaptureDevicesMocks
import SeededRandom
import Testing

@Suite("Flipping between front and back")
struct FlipTests {
    let phone = try! CameraSelector(devices: SampleDevices.phone)

    @Test(
        "a phone: every back camera flips to the front wide, and the front wide to the back wide",
        arguments: [
            (SampleDevices.phoneBackWide, SampleDevices.phoneFrontWide),
            (SampleDevices.phoneBackUltraWide, SampleDevices.phoneFrontWide),
            (SampleDevices.phoneBackTelephoto, SampleDevices.phoneFrontWide),
            (SampleDevices.phoneFrontWide, SampleDevices.phoneBackWide),
        ])
    func phoneFlips(from current: CaptureDevice, to expected: CaptureDevice) throws {
        #expect(try phone.flip(from: current) == expected)
    }

    @Test("the same kind wins over a closer field of view")
    func sameKindFirst() throws {
        // Front: a 23 mm wide (86.5°) and an 18 mm ultra-wide (100.5°). From the back ultra-wide
        // (13 mm), the front ultra-wide is both the same kind and closer; from a 16 mm (107.0°) back
        // *wide*, the front ultra-wide is closer in field of view, but the front wide is the same kind.
        let frontWide = camera("front-wide", .front, .wide, 23)
        let frontUltraWide = camera("front-ultra-wide", .front, .ultraWide, 18)
        let selector = try CameraSelector(devices: [frontWide, frontUltraWide])
        #expect(try selector.flip(from: camera("back-uw", .back, .ultraWide, 13)) == frontUltraWide)
        #expect(try selector.flip(from: camera("back-w", .back, .wide, 16)) == frontWide)
        // With no same kind on the other side, the closest field of view: a telephoto goes to the wide.
        #expect(try selector.flip(from: camera("back-t", .back, .telephoto, 77)) == frontWide)
    }

    @Test("without the same kind, the closest field of view in degrees, not in millimetres")
    func closestFieldOfViewInDegrees() throws {
        // From 40 mm (56.8°): 20 mm (94.5°) is 20 mm away but 37.7° away; 70 mm (34.3°) is 30 mm
        // away but only 22.5° away.
        let twenty = camera("back-20", .back, .ultraWide, 20)
        let seventy = camera("back-70", .back, .telephoto, 70)
        let selector = try CameraSelector(devices: [twenty, seventy])
        #expect(try selector.flip(from: camera("front-40", .front, .wide, 40)) == seventy)
        // The phone's back without its wide: the front wide (23 mm, 86.5°) goes to the ultra-wide
        // (13 mm, 118.0°: 31.5° away) rather than the telephoto (77 mm, 31.4°: 55.1° away).
        let noMain = try CameraSelector(devices: [SampleDevices.phoneBackUltraWide, SampleDevices.phoneBackTelephoto])
        #expect(try noMain.flip(from: SampleDevices.phoneFrontWide) == SampleDevices.phoneBackUltraWide)
    }

    @Test("a camera whose field of view is unknown comes after those whose is known")
    func unknownFieldOfViewLast() throws {
        let unknown = camera("a-unknown", .back, .telephoto, nil)
        let known = camera("z-known", .back, .ultraWide, 13)
        let selector = try CameraSelector(devices: [unknown, known])
        #expect(try selector.flip(from: camera("front", .front, .wide, 23)) == known)
        // When the current camera's is unknown, no distance is known: the tie-breaks decide (wider first).
        #expect(try selector.flip(from: camera("front", .front, .wide, nil)) == known)
    }

    @Test("ties: the remembered camera, then the wider view, then the smaller identifier")
    func ties() throws {
        // 50° and 70° are equally far (10°) from 60°.
        let narrower = camera("a-narrower", .back, .wide, focalLength(degrees: 50))
        let wider = camera("b-wider", .back, .wide, focalLength(degrees: 70))
        let current = camera("front", .front, .wide, focalLength(degrees: 60))
        var selector = try CameraSelector(devices: [narrower, wider])
        #expect(try selector.flip(from: current) == wider)
        selector.remember(narrower)
        #expect(try selector.flip(from: current) == narrower)

        // Identical cameras: the smaller identifier, whatever the order given.
        let first = camera("cam-1", .back, .wide, 26)
        let second = camera("cam-2", .back, .wide, 26)
        #expect(try CameraSelector(devices: [second, first]).flip(from: current) == first)
        #expect(try CameraSelector(devices: [first, second]).flip(from: current) == first)
    }

    @Test("the zoom factor is carried over and clamped to the new camera's range, at both ends")
    func zoomCarriedAndClamped() throws {
        // Back wide at 8×: the front camera goes to 3×, its maximum.
        let up = try phone.flip(from: SampleDevices.phoneBackWide, zoomFactor: 8)
        #expect(up.device == SampleDevices.phoneFrontWide)
        #expect(up.zoomFactor == 3)
        // Within range: unchanged.
        #expect(try phone.flip(from: SampleDevices.phoneFrontWide, zoomFactor: 2.5).zoomFactor == 2.5)
        // Below the minimum: raised to it.
        let wide = camera("back-wide", .back, .wide, 26, zoom: 1.5...6)
        let selector = try CameraSelector(devices: [wide])
        #expect(try selector.flip(from: SampleDevices.phoneFrontWide, zoomFactor: 1).zoomFactor == 1.5)
        #expect(try selector.flip(from: SampleDevices.phoneFrontWide, zoomFactor: -3).zoomFactor == 1.5)
    }

    @Test("a laptop with one USB camera: an external camera has no other side")
    func laptop() throws {
        let laptop = try CameraSelector(devices: SampleDevices.laptop)
        expectError(CameraSelectionError.noCameraOnOtherSide(of: .external)) {
            try laptop.flip(from: SampleDevices.usbWebcam)
        }
        expectError(CameraSelectionError.noCameraOnOtherSide(of: .external)) {
            try laptop.flip(from: SampleDevices.usbWebcam, zoomFactor: 2)
        }
        #expect(
            CameraSelectionError.noCameraOnOtherSide(of: .external).description
                == "an external camera has no other side to flip to")
    }

    @Test("a device with no front camera: flipping from the back is a typed error")
    func noFrontCamera() throws {
        let selector = try CameraSelector(devices: SampleDevices.noFrontCamera)
        for device in SampleDevices.noFrontCamera {
            expectError(CameraSelectionError.noCameraOnOtherSide(of: .back)) { try selector.flip(from: device) }
        }
        #expect(
            CameraSelectionError.noCameraOnOtherSide(of: .back).description == "there is no front camera to flip to")
        // And a phone's front camera, flipped with no devices at all.
        expectError(CameraSelectionError.noCameraOnOtherSide(of: .front)) {
            try CameraSelector(devices: []).flip(from: SampleDevices.phoneFrontWide)
        }
    }

    @Test("a non-finite zoom factor is refused before anything else")
    func nonFiniteZoom() throws {
        for zoom in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            do {
                _ = try phone.flip(from: SampleDevices.phoneBackWide, zoomFactor: zoom)
                Issue.record("zoom \(zoom) was accepted")
            } catch {
                guard case .invalidZoom(let value) = error else {
                    Issue.record("expected invalidZoom, got \(error)")
                    continue
                }
                #expect(value.isNaN == zoom.isNaN)
            }
            // Even when the flip itself would fail.
            let laptop = try CameraSelector(devices: SampleDevices.laptop)
            #expect(throws: CameraSelectionError.self) {
                try laptop.flip(from: SampleDevices.usbWebcam, zoomFactor: zoom)
            }
        }
    }

    @Test("a camera no longer in the set (unplugged) can still be flipped from")
    func flipFromUnpluggedCamera() throws {
        let withoutFront = try CameraSelector(devices: SampleDevices.phone.filter { $0.position == .back })
        #expect(try withoutFront.flip(from: SampleDevices.phoneFrontWide) == SampleDevices.phoneBackWide)
    }

    @Test("the same devices in any order give the same flips (seeded shuffles)")
    func orderIndependent() throws {
        let devices =
            SampleDevices.phone + SampleDevices.noFrontCamera + [
                camera("front-ultra-wide", .front, .ultraWide, 18), camera("front-tele", .front, .telephoto, 50),
                camera("front-unknown", .front, .other, nil),
            ]
        let reference = try CameraSelector(devices: devices)
        let expected = try devices.filter { $0.position != .external }.map { try reference.flip(from: $0) }
        var generator = SplitMix64(seed: 19)
        for _ in 0..<50 {
            let shuffled = try CameraSelector(devices: devices.shuffled(using: &generator))
            #expect(try devices.filter { $0.position != .external }.map { try shuffled.flip(from: $0) } == expected)
        }
    }
}
