import CaptureDevices
import CaptureDevicesMocks
import Testing

@Suite("Selecting cameras and zoom factors")
struct SelectionTests {
    let phone = try! CameraSelector(devices: SampleDevices.phone)

    @Test("select(kind:position:) finds each of the phone's cameras")
    func selectOnPhone() throws {
        #expect(try phone.select(kind: .wide, position: .back) == SampleDevices.phoneBackWide)
        #expect(try phone.select(kind: .ultraWide, position: .back) == SampleDevices.phoneBackUltraWide)
        #expect(try phone.select(kind: .telephoto, position: .back) == SampleDevices.phoneBackTelephoto)
        #expect(try phone.select(kind: .wide, position: .front) == SampleDevices.phoneFrontWide)
    }

    @Test("select(kind:position:) with no such camera is a typed error")
    func selectMissing() throws {
        expectError(CameraSelectionError.noCamera(kind: .telephoto, position: .front)) {
            try phone.select(kind: .telephoto, position: .front)
        }
        let laptop = try CameraSelector(devices: SampleDevices.laptop)
        #expect(try laptop.select(kind: .wide, position: .external) == SampleDevices.usbWebcam)
        expectError(CameraSelectionError.noCamera(kind: .wide, position: .front)) {
            try laptop.select(kind: .wide, position: .front)
        }
        let none = try CameraSelector(devices: SampleDevices.noFrontCamera)
        expectError(CameraSelectionError.noCamera(kind: .wide, position: .front)) {
            try none.select(kind: .wide, position: .front)
        }
    }

    @Test("select(kind:position:) among several of a kind: remembered, then wider, then identifier")
    func selectTies() throws {
        let tele77 = camera("tele-77", .back, .telephoto, 77)
        let tele120 = camera("tele-120", .back, .telephoto, 120)
        var selector = try CameraSelector(devices: [tele120, tele77])
        #expect(try selector.select(kind: .telephoto, position: .back) == tele77)
        selector.remember(tele120)
        #expect(try selector.select(kind: .telephoto, position: .back) == tele120)
    }

    @Test("zoom clamping at both ends of every sample device's range")
    func clampBothEnds() throws {
        for device in SampleDevices.phone + SampleDevices.laptop + SampleDevices.noFrontCamera {
            let range = device.zoomRange
            #expect(try phone.clampZoom(range.lowerBound - 0.5, for: device) == range.lowerBound)
            #expect(try phone.clampZoom(0, for: device) == range.lowerBound)
            #expect(try phone.clampZoom(-1e308, for: device) == range.lowerBound)
            #expect(try phone.clampZoom(.leastNonzeroMagnitude, for: device) == range.lowerBound)
            #expect(try phone.clampZoom(range.lowerBound, for: device) == range.lowerBound)
            #expect(try phone.clampZoom(range.upperBound, for: device) == range.upperBound)
            #expect(try phone.clampZoom(range.upperBound + 0.5, for: device) == range.upperBound)
            #expect(try phone.clampZoom(.greatestFiniteMagnitude, for: device) == range.upperBound)
            let middle = (range.lowerBound + range.upperBound) / 2
            #expect(try phone.clampZoom(middle, for: device) == middle)
        }
        // A camera that cannot zoom.
        let fixed = camera("fixed", .back, .wide, 26, zoom: 1...1)
        #expect(try phone.clampZoom(4, for: fixed) == 1)
        #expect(try phone.clampZoom(0.5, for: fixed) == 1)
    }

    @Test("non-finite zoom factors are refused with a typed error", arguments: [Double.infinity, -.infinity])
    func nonFiniteZoom(zoom: Double) throws {
        expectError(CameraSelectionError.invalidZoom(zoom)) {
            try phone.clampZoom(zoom, for: SampleDevices.phoneBackWide)
        }
    }

    @Test("NaN is refused with a typed error")
    func nanZoom() throws {
        #expect {
            try phone.clampZoom(.nan, for: SampleDevices.phoneBackWide)
        } throws: { error in
            guard case CameraSelectionError.invalidZoom(let value) = error else { return false }
            return value.isNaN
        }
        #expect(SampleDevices.phoneBackWide.clampedZoomFactor(.nan) == nil)
    }

    @Test("two devices with one identifier are refused")
    func duplicateIdentifiers() {
        let twin = camera("phone-back-wide", .front, .wide, 23)
        expectError(CameraSelectionError.duplicateIdentifier("phone-back-wide")) {
            try CameraSelector(devices: SampleDevices.phone + [twin])
        }
    }

    @Test("the starting camera: the back wide, else what was used last, on the side last used")
    func startingDevice() throws {
        #expect(try phone.startingDevice() == SampleDevices.phoneBackWide)
        var selector = phone
        selector.remember(SampleDevices.phoneBackTelephoto)
        #expect(try selector.startingDevice() == SampleDevices.phoneBackTelephoto)
        selector.remember(SampleDevices.phoneFrontWide)
        #expect(try selector.startingDevice() == SampleDevices.phoneFrontWide)
        #expect(selector.preferredDevice(on: .back) == SampleDevices.phoneBackTelephoto)
        // A laptop starts on its external camera; a device with no front camera on the back even
        // when the front was active last (on another device, say).
        #expect(try CameraSelector(devices: SampleDevices.laptop).startingDevice() == SampleDevices.usbWebcam)
        let noFront = try CameraSelector(
            devices: SampleDevices.noFrontCamera,
            remembered: CameraChoices(lastUsed: [.front: "phone-front-wide"], activePosition: .front))
        #expect(try noFront.startingDevice().identifier == "board-back-wide")
        expectError(CameraSelectionError.noDevices) { try CameraSelector(devices: []).startingDevice() }
    }

    @Test("a remembered camera that has disappeared: the side's preferred camera instead")
    func rememberedDeviceGone() throws {
        let remembered = CameraChoices(
            lastUsed: [.back: "usb-unplugged-telephoto", .front: "gone-front"], activePosition: .back)
        let selector = try CameraSelector(devices: SampleDevices.phone, remembered: remembered)
        #expect(try selector.startingDevice() == SampleDevices.phoneBackWide)
        #expect(selector.preferredDevice(on: .front) == SampleDevices.phoneFrontWide)
        #expect(try selector.flip(from: SampleDevices.phoneFrontWide) == SampleDevices.phoneBackWide)
    }

    @Test("the preferred camera of a side without a wide one: ultra-wide before telephoto; none on an empty side")
    func preferredWithoutWide() throws {
        let selector = try CameraSelector(devices: [SampleDevices.phoneBackTelephoto, SampleDevices.phoneBackUltraWide])
        #expect(selector.preferredDevice(on: .back) == SampleDevices.phoneBackUltraWide)
        #expect(selector.preferredDevice(on: .front) == nil)
        #expect(selector.devices(on: .back).count == 2)
    }
}
