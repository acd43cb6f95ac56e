import CaptureDevices
import Foundation

let appFolder = URL(fileURLWithPath: "MyCameraApp")
let mapping = try DeviceMapping(contentsOf: appFolder.appendingPathComponent("cameras.json"))
let devices = try await V4L2DeviceDiscovery(mapping: mapping).devices()

let store = FileCameraChoiceStore(url: appFolder.appendingPathComponent("camera-choices.json"))
var selector = try CameraSelector(devices: devices, remembered: try await store.load())
let current = try selector.startingDevice()
let flipped = try selector.flip(from: current, zoomFactor: 8)
selector.remember(flipped.device)
try await store.save(selector.remembered)
