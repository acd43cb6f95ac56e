import CaptureDevices
import Foundation
import FuzzDriver

/// The zoom factors a host app might pass, including the ones that must be refused.
let zoomFactors: [Double] = [0, 0.5, 1, 2, 1e300, .infinity, -.infinity, .nan]

/// Parses a device mapping file. A mapping that parses must resolve a device that each entry
/// matches, and a selector over the devices must flip and clamp the zoom with typed errors only.
func fuzzDeviceMapping(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(UnsafeRawBufferPointer(start: start, count: count))
    guard let mapping = try? DeviceMapping(data: data) else { return 0 }
    var devices: [CaptureDevice] = []
    for (index, entry) in mapping.entries.enumerated() {
        var identifier = "device-\(index)"
        var name = "Camera \(index)"
        var path = "/dev/video\(index)"
        switch entry.match {
        case .identifier(let value): identifier = value
        case .path(let value): path = value
        case .name(let value): name = value
        }
        let report = ReportedCaptureDevice(identifier: identifier, name: name, address: .v4l2(path))
        guard mapping.entry(for: report) != nil else { fatalError("entry \(index) does not match its own device") }
        _ = mapping.conflicts(for: report)
        do {
            devices.append(try mapping.resolve(report))
        } catch {
            fatalError("a device matching a valid entry does not resolve: \(error)")
        }
    }
    guard let selector = try? CameraSelector(devices: devices) else { return 0 }
    for device in devices {
        for zoom in zoomFactors {
            _ = try? selector.clampZoom(zoom, for: device)
            _ = try? selector.flip(from: device, zoomFactor: zoom)
        }
    }
    return 0
}

exit(FuzzDriver.run(fuzzDeviceMapping))
