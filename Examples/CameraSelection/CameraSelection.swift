// Lists the machine's cameras (V4L2 on Linux; the sample phone when there are none or with
// --sample), opens the one the app used last, flips to the other side and back carrying a zoom
// factor, clamps zoom factors at both ends of a device's range, shows a flip that has nowhere to
// go, and remembers the camera in use for the next run.
//
//   swift run camera-selection [--sample phone|laptop|no-front] [--mapping FILE] [--choices FILE] [--zoom 8]
import ArgumentParser
import CaptureDevices
import CaptureDevicesMocks
import Foundation

@main
struct CameraSelectionDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camera-selection", abstract: "Discover cameras, flip between sides, clamp zoom.")

    @Option(help: "Use a sample device set instead of discovering: phone, laptop or no-front.")
    var sample: String?

    @Option(help: "A device mapping file (JSON) saying what V4L2 devices do not report.")
    var mapping: String?

    @Option(help: "Where the last-used cameras are remembered.")
    var choices: String = FileManager.default.temporaryDirectory
        .appendingPathComponent("camera-selection/choices.json").path

    @Option(help: "The zoom factor in use before the flip.")
    var zoom: Double = 8

    func run() async throws {
        let devices = try await discover()
        print("\(devices.count) camera(s):")
        for device in devices {
            let formats = device.formats.map { format in
                let largest = format.sizes.max { $0.width * $0.height < $1.width * $1.height }
                let size = largest.map { " up to \($0.width)×\($0.height)@\($0.frameRates.first?.description ?? "?")" }
                return "\(format.pixelFormat)\(size ?? "")"
            }
            print("  \(device)\n    \(device.address) — \(formats.joined(separator: ", "))")
        }

        let store = FileCameraChoiceStore(url: URL(fileURLWithPath: choices))
        var remembered = CameraChoices()
        do {
            remembered = try await store.load()
        } catch {
            print("starting afresh: \(error)")  // a damaged file is reported and left for the next save to replace
        }
        var selector = try CameraSelector(devices: devices, remembered: remembered)
        let start = try selector.startingDevice()
        let fromMemory = remembered.lastUsed[start.position] == start.identifier ? ", remembered from the last run" : ""
        print("\nstarting with \(start.name) (\(start.lensModel)\(fromMemory))")

        let zoomed = try selector.clampZoom(zoom, for: start)
        print("zoom \(zoom)× on \(start.name) → \(zoomed)×")
        do {
            let flipped = try selector.flip(from: start, zoomFactor: zoomed)
            print("flip → \(flipped.device.name) (\(flipped.device.lensModel)) at \(flipped.zoomFactor)×")
            let back = try selector.flip(from: flipped.device, zoomFactor: flipped.zoomFactor)
            print("flip → \(back.device.name) (\(back.device.lensModel)) at \(back.zoomFactor)×")
            selector.remember(flipped.device)
            selector.remember(back.device)
        } catch {
            print("flip: \(error)")
        }
        for wanted in [0.25, 1000] {
            print("zoom \(wanted)× on \(start.name) → \(try selector.clampZoom(wanted, for: start))×")
        }
        do {
            _ = try selector.clampZoom(.nan, for: start)
        } catch {
            print("zoom NaN: \(error)")
        }

        let laptop = try CameraSelector(devices: SampleDevices.laptop)
        do {
            _ = try laptop.flip(from: SampleDevices.usbWebcam)
        } catch {
            print("a laptop with one USB camera: \(error)")
        }

        try await store.save(selector.remembered)
        print("\nremembered in \(choices): \(selector.remembered.lastUsed.map { "\($0.key): \($0.value)" }.sorted())")
    }

    /// The sample set asked for, else what V4L2 finds, else the sample phone.
    func discover() async throws -> [CaptureDevice] {
        if let sample {
            guard let devices = Self.samples[sample] else {
                throw ValidationError("--sample is one of \(Self.samples.keys.sorted().joined(separator: ", "))")
            }
            return devices
        }
        #if os(Linux)
            let mapping = try mapping.map { try DeviceMapping(contentsOf: URL(fileURLWithPath: $0)) } ?? .empty
            let scan = try await V4L2DeviceDiscovery(mapping: mapping).scan()
            for skipped in scan.skipped { print("skipped \(skipped.path): \(skipped.error)") }
            for conflict in scan.conflicts { print("mapping: \(conflict)") }
            if !scan.devices.isEmpty { return scan.devices }
            print("no V4L2 camera on this machine; using the sample phone")
        #endif
        return try await MockCaptureDeviceDiscovery(devices: SampleDevices.phone).devices()
    }

    static let samples = [
        "phone": SampleDevices.phone, "laptop": SampleDevices.laptop, "no-front": SampleDevices.noFrontCamera,
    ]
}
