import CaptureDevices
import CaptureDevicesMocks
import Testing

@Suite("Mocks and sample devices")
struct MockTests {
    @Test("the mock discovery returns its devices, follows changes and scripts failures")
    func mockDiscovery() async throws {
        let discovery = MockCaptureDeviceDiscovery(devices: SampleDevices.phone)
        #expect(try await discovery.devices() == SampleDevices.phone)
        await discovery.setDevices(SampleDevices.laptop)
        #expect(try await discovery.devices() == SampleDevices.laptop)
        await discovery.fail(with: .permissionDenied(path: "/dev/video0"))
        await expectError(CaptureDeviceError.permissionDenied(path: "/dev/video0")) {
            try await discovery.devices()
        }
        await discovery.fail(with: nil)
        #expect(try await discovery.devices().count == 1)
        #expect(await discovery.callCount == 4)
        // Usable through the protocol.
        let generic: any CaptureDeviceDiscovery = discovery
        #expect(try await generic.devices() == SampleDevices.laptop)
    }

    @Test("the sample sets are what their documentation says")
    func sampleSets() {
        let phone = SampleDevices.phone.map {
            "\($0.position.rawValue) \($0.kind.rawValue) \($0.equivalentFocalLength!)"
        }
        #expect(phone == ["back wide 26.0", "back ultra-wide 13.0", "back telephoto 77.0", "front wide 23.0"])
        #expect(SampleDevices.laptop.map(\.position) == [.external])
        #expect(abs((SampleDevices.usbWebcam.fieldOfView ?? 0) - 78) < 1e-9)
        #expect(!SampleDevices.noFrontCamera.isEmpty)
        #expect(SampleDevices.noFrontCamera.allSatisfy { $0.position == .back })
        #expect(
            Set((SampleDevices.phone + SampleDevices.laptop + SampleDevices.noFrontCamera).map(\.identifier)).count == 7
        )
    }
}
