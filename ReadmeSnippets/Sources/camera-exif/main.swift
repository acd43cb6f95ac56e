import CaptureDevices
import CaptureDevicesMocks
import Foundation
import GalleryKit
import Imaging

let selector = try CameraSelector(devices: SampleDevices.phone)
let selfie = try selector.flip(from: SampleDevices.phoneBackTelephoto, zoomFactor: 4)
let metadata = PhotoMetadata(captureDate: Date()).capturing(with: selfie)
// zoomFactor 3 (the front camera's maximum), lensModel "front wide 23mm"
