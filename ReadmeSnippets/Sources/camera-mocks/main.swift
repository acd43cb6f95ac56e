import CaptureDevices
import CaptureDevicesMocks

let discovery = MockCaptureDeviceDiscovery(devices: SampleDevices.phone)
let store = InMemoryCameraChoiceStore()
var selector = try CameraSelector(devices: try await discovery.devices(), remembered: try await store.load())
let selfie = try selector.flip(from: SampleDevices.phoneBackTelephoto, zoomFactor: 4)
selector.remember(selfie.device)
try await store.save(selector.remembered)
