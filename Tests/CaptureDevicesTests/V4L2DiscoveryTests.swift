#if os(Linux)
    import CaptureDevices
    import Foundation
    import Glibc
    import TestSupport
    import Testing

    @Suite("V4L2 discovery")
    struct V4L2DiscoveryTests {
        /// The machine's V4L2 nodes (`/dev/video*`).
        static var videoNodes: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
                .filter { $0.hasPrefix("video") }.map { "/dev/\($0)" }.sorted()
        }

        @Test("a path with nothing there is deviceNotFound")
        func missingPath() async {
            await expectError(CaptureDeviceError.deviceNotFound(path: "/dev/video-analogkit-missing")) {
                try await V4L2DeviceDiscovery().device(at: "/dev/video-analogkit-missing")
            }
            await expectError(CaptureDeviceError.deviceNotFound(path: "/nonexistent/folder/video0")) {
                try await V4L2DeviceDiscovery().device(at: "/nonexistent/folder/video0")
            }
        }

        @Test("anything but a V4L2 device is refused before it is opened")
        func notVideoDevices() async throws {
            let folder = try TemporaryDirectory("v4l2")
            defer { folder.remove() }
            let file = folder.file("video0")
            try Data("not a camera".utf8).write(to: file)
            let fifo = folder.file("video1")
            #expect(mkfifo(fifo.path, 0o600) == 0)  // opening a FIFO would block: it must not be opened
            for path in ["/dev/null", "/dev/zero", "/dev/tty", file.path, fifo.path, folder.url.path] {
                await expectError(CaptureDeviceError.notAVideoDevice(path: path, reason: .notV4L2CharacterDevice)) {
                    try await V4L2DeviceDiscovery().device(at: path)
                }
            }
            #expect(try Data(contentsOf: file) == Data("not a camera".utf8))
        }

        @Test("a device folder with no video nodes, or none at all, gives an empty list")
        func emptyFolders() async throws {
            let folder = try TemporaryDirectory("v4l2")
            defer { folder.remove() }
            #expect(try await V4L2DeviceDiscovery(deviceDirectory: folder.url).devices().isEmpty)
            let missing = V4L2DeviceDiscovery(deviceDirectory: folder.file("no-such-folder"))
            #expect(try await missing.devices().isEmpty)
            // A file where the folder should be is not a machine without devices: it is reported.
            try Data().write(to: folder.file("plain"))
            await #expect(throws: CaptureDeviceError.self) {
                try await V4L2DeviceDiscovery(deviceDirectory: folder.file("plain")).devices()
            }
        }

        @Test("nodes named video<N> that are not cameras are skipped and reported, in number order")
        func fakeNodes() async throws {
            let folder = try TemporaryDirectory("v4l2")
            defer { folder.remove() }
            try Data().write(to: folder.file("video10"))
            #expect(symlink("/dev/null", folder.file("video2").path) == 0)
            #expect(symlink("/nonexistent", folder.file("video3").path) == 0)
            #expect(symlink(folder.file("video4").path, folder.file("video4").path) == 0)  // a loop
            for ignored in ["videoX", "video-1", "video", "video1a", "vbi0", "media0"] {
                try Data().write(to: folder.file(ignored))
            }
            let scan = try await V4L2DeviceDiscovery(deviceDirectory: folder.url).scan()
            #expect(scan.devices.isEmpty)
            #expect(scan.conflicts.isEmpty)
            #expect(
                scan.skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
                    "video2", "video3", "video4", "video10",
                ])
            #expect(
                scan.skipped[0].error
                    == .notAVideoDevice(path: folder.file("video2").path, reason: .notV4L2CharacterDevice))
            #expect(scan.skipped[1].error == .deviceNotFound(path: folder.file("video3").path))
        }

        @Test("this machine's discovery: an empty list when it has no V4L2 nodes")
        func thisMachine() async throws {
            let scan = try await V4L2DeviceDiscovery().scan()
            if Self.videoNodes.isEmpty {
                #expect(scan.devices.isEmpty)
                #expect(scan.skipped.isEmpty)
            } else {
                // Every node is either a device or skipped with a reason.
                #expect(scan.devices.count + scan.skipped.count == Self.videoNodes.count)
                #expect(scan.devices.allSatisfy { $0.address.inputFormat == "video4linux2" })
            }
        }

        /// The device the next test reads: `ANALOGKIT_V4L2_DEVICE`, else the first capture device
        /// in /dev. None: the test is skipped with the reason, unless `ANALOGKIT_V4L2_REQUIRED=1`.
        static func deviceUnderTest() async throws -> CaptureDevice {
            let environment = ProcessInfo.processInfo.environment
            if let path = environment["ANALOGKIT_V4L2_DEVICE"], !path.isEmpty {
                return try await V4L2DeviceDiscovery().device(at: path)
            }
            let scan = try await V4L2DeviceDiscovery().scan()
            if let device = scan.devices.first { return device }
            let reason =
                Self.videoNodes.isEmpty
                ? "this machine has no V4L2 device (/dev/video* is empty)"
                : "no V4L2 node here captures video: \(scan.skipped.map { "\($0.path): \($0.error)" })"
            if environment["ANALOGKIT_V4L2_REQUIRED"] == "1" {
                Issue.record("ANALOGKIT_V4L2_REQUIRED=1 but \(reason)")
                throw CaptureDeviceError.deviceNotFound(path: "/dev/video*")
            }
            try Test.cancel("V4L2 device test skipped: \(reason); set ANALOGKIT_V4L2_DEVICE to choose one")
        }

        @Test("a real V4L2 camera: name, formats, sizes, rates and a stable identifier")
        func realDevice() async throws {
            let device = try await Self.deviceUnderTest()
            #expect(!device.name.isEmpty)
            #expect(device.address.inputFormat == "video4linux2")
            #expect(!device.formats.isEmpty)
            for format in device.formats {
                for size in format.sizes {
                    #expect(size.width > 0 && size.height > 0)
                    #expect(size.frameRates.allSatisfy { $0.framesPerSecond > 0 })
                    #expect(size.frameRates == size.frameRates.sorted(by: >))
                }
            }
            #expect(device.zoomRange.lowerBound == 1)
            let again = try await V4L2DeviceDiscovery().device(at: device.address.url)
            #expect(again == device)
        }
    }
#endif
