import CaptureDevices
import Foundation

let appFolder = URL(fileURLWithPath: "MyCameraApp")
// The machine's cameras through V4L2, with what they do not report taken from a mapping file.
let mapping = try DeviceMapping(contentsOf: appFolder.appendingPathComponent("cameras.json"))
let devices = try await V4L2DeviceDiscovery(mapping: mapping).devices()

// Start on the camera used last, flip to the other side carrying the zoom factor, remember it.
let store = FileCameraChoiceStore(url: appFolder.appendingPathComponent("camera-choices.json"))
var selector = try CameraSelector(devices: devices, remembered: try await store.load())
let current = try selector.startingDevice()
let flipped = try selector.flip(from: current, zoomFactor: 8)  // zoomFactor is within the new camera's range
selector.remember(flipped.device)
try await store.save(selector.remembered)
