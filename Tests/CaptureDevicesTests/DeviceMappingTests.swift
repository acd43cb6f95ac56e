import CaptureDevices
import Foundation
import SeededRandom
import TestSupport
import Testing

@Suite("Device mapping files")
struct DeviceMappingTests {
    static let example = """
        {
          "version": 1,
          "devices": [
            { "identifier": "usb-046d_HD_Pro_Webcam_C920_1A2B3C4D-video-index0",
              "displayName": "Desk camera", "position": "front", "kind": "wide",
              "fieldOfView": 78, "zoom": { "minimum": 1, "maximum": 5 } },
            { "path": "/dev/video2", "position": "back", "kind": "telephoto", "focalLength": 77 },
            { "name": "Integrated Camera", "kind": "ultra-wide" }
          ]
        }
        """

    /// A report as V4L2 would give it.
    func reported(
        _ identifier: String = "usb-046d_HD_Pro_Webcam_C920_1A2B3C4D-video-index0", path: String = "/dev/video0",
        name: String = "HD Pro Webcam C920", position: CaptureDevice.Position? = nil, zoom: ClosedRange<Double>? = nil
    ) -> ReportedCaptureDevice {
        ReportedCaptureDevice(
            identifier: identifier, name: name, driver: "uvcvideo", busInfo: "usb-0000:00:14.0-1", position: position,
            zoomRange: zoom,
            formats: [CaptureFormat(pixelFormat: CaptureFormat.PixelFormat("MJPG")!, isCompressed: true, sizes: [])],
            address: .v4l2(path))
    }

    func mapping(_ json: String) throws(DeviceMappingError) -> DeviceMapping {
        try DeviceMapping(data: Data(json.utf8))
    }

    @Test("the documented example parses")
    func example() throws {
        let mapping = try mapping(Self.example)
        #expect(mapping.entries.count == 3)
        let desk = mapping.entries[0]
        #expect(desk.match == .identifier("usb-046d_HD_Pro_Webcam_C920_1A2B3C4D-video-index0"))
        #expect(desk.displayName == "Desk camera")
        #expect(desk.position == .front)
        #expect(desk.kind == .wide)
        #expect(desk.zoomRange == 1...5)
        let focal = try #require(desk.equivalentFocalLength)
        #expect(abs(FieldOfView.diagonalDegrees(forEquivalentFocalLength: focal) - 78) < 1e-9)
        #expect(mapping.entries[1].match == .path("/dev/video2"))
        #expect(mapping.entries[1].equivalentFocalLength == 77)
        #expect(mapping.entries[2].match == .name("Integrated Camera"))
        #expect(mapping.entries[2].kind == .ultraWide)
        #expect(try self.mapping("{}").entries.isEmpty)
        #expect(try self.mapping(#"{"devices": []}"#).entries.isEmpty)
    }

    @Test(
        "every bad field is named",
        arguments: [
            (#"{"devices":[{"path":"/dev/video0","position":"sideways"}]}"#, "devices[0].position"),
            (#"{"devices":[{"path":"/dev/video0","kind":"fisheye"}]}"#, "devices[0].kind"),
            (#"{"devices":[{"path":"/dev/video0","postion":"front"}]}"#, "devices[0].postion"),
            (#"{"devices":[{"path":"/dev/video0","focalLength":0}]}"#, "devices[0].focalLength"),
            (#"{"devices":[{"path":"/dev/video0","focalLength":-26}]}"#, "devices[0].focalLength"),
            (#"{"devices":[{"path":"/dev/video0","focalLength":"26"}]}"#, "devices[0].focalLength"),
            (#"{"devices":[{"path":"/dev/video0","fieldOfView":180}]}"#, "devices[0].fieldOfView"),
            (#"{"devices":[{"path":"/dev/video0","fieldOfView":0}]}"#, "devices[0].fieldOfView"),
            (#"{"devices":[{"path":"/dev/video0","fieldOfView":78,"focalLength":28}]}"#, "devices[0].fieldOfView"),
            (#"{"devices":[{"path":"/dev/video0","zoom":{"minimum":5,"maximum":1}}]}"#, "devices[0].zoom"),
            (#"{"devices":[{"path":"/dev/video0","zoom":{"minimum":1}}]}"#, "devices[0].zoom.maximum"),
            (#"{"devices":[{"path":"/dev/video0","zoom":{"minimum":0,"maximum":2}}]}"#, "devices[0].zoom.minimum"),
            (
                #"{"devices":[{"path":"/dev/video0","zoom":{"minimum":1,"maximum":2,"step":1}}]}"#,
                "devices[0].zoom.step"
            ),
            (#"{"devices":[{"path":"/dev/video0","zoom":[1,2]}]}"#, "devices[0].zoom"),
            (#"{"devices":[{"path":"/dev/video0","displayName":7}]}"#, "devices[0].displayName"),
            (#"{"devices":[{"path":"/dev/video0"},{"position":"front"}]}"#, "devices[1]"),
            (#"{"devices":[{"path":"/dev/video0","name":"Cam"}]}"#, "devices[0]"),
            (#"{"devices":[{"identifier":""}]}"#, "devices[0].identifier"),
            (#"{"devices":[{"path":7}]}"#, "devices[0].path"),
            (#"{"devices":[{"name":"A"},{"path":"/dev/video0"},{"name":"A"}]}"#, "devices[2].name"),
            (#"{"devices":{"path":"/dev/video0"}}"#, "devices"),
            (#"{"devices":["/dev/video0"]}"#, "devices[0]"),
            (#"{"version":2,"devices":[]}"#, "version"),
            (#"{"version":"1"}"#, "version"),
            (#"{"device":[]}"#, "device"),
            (#"[]"#, "(top level)"),
            (#""devices""#, "(top level)"),
        ])
    func badField(json: String, field: String) {
        do {
            _ = try mapping(json)
            Issue.record("accepted \(json)")
        } catch {
            guard case .invalidField(let named, let reason) = error else {
                Issue.record("expected invalidField for \(json), got \(error)")
                return
            }
            #expect(named == field, "\(json): \(reason)")
            #expect(!reason.description.isEmpty)
        }
    }

    @Test("a number too large for a Double is refused, naming its field or as malformed JSON")
    func hugeNumber() {
        #expect(throws: DeviceMappingError.self) {
            try mapping(#"{"devices":[{"path":"/dev/video0","focalLength":1e400}]}"#)
        }
        #expect(throws: DeviceMappingError.self) {
            try mapping(#"{"devices":[{"path":"/dev/video0","zoom":{"minimum":1,"maximum":1e309}}]}"#)
        }
    }

    @Test(
        "bytes that are not JSON are malformed",
        arguments: ["", "{", #"{"devices":[}"#, "not json", "\u{FEFF}\u{0}"])
    func malformed(text: String) {
        #expect {
            try mapping(text)
        } throws: { error in
            if case DeviceMappingError.malformed = error { return true }
            return false
        }
    }

    @Test("hostile input never traps: invalid UTF-8, deep nesting, huge files, /dev/zero, folders")
    func hostile() throws {
        #expect(throws: DeviceMappingError.self) { try DeviceMapping(data: Data([0x7B, 0xFF, 0xFE, 0x7D])) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DeviceMappingError.self) { try mapping(deep) }
        #expect(throws: DeviceMappingError.self) { try mapping(#"{"devices":"# + deep + "}") }
        let big = Data(repeating: 0x20, count: DeviceMapping.maximumFileSize + 1)
        expectError(DeviceMappingError.tooLarge(bytes: big.count, limit: DeviceMapping.maximumFileSize)) {
            try DeviceMapping(data: big)
        }
        // Read through a file: the limit holds without reading the whole thing.
        expectError(
            DeviceMappingError.tooLarge(bytes: DeviceMapping.maximumFileSize + 1, limit: DeviceMapping.maximumFileSize)
        ) {
            try DeviceMapping(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        let folder = try TemporaryDirectory("mapping")
        defer { folder.remove() }
        for url in [folder.url, folder.file("missing.json")] {
            #expect {
                try DeviceMapping(contentsOf: url)
            } throws: { error in
                guard case DeviceMappingError.unreadable(let path, _) = error else { return false }
                return path == url.path
            }
        }
        try Data(Self.example.utf8).write(to: folder.file("cameras.json"))
        #expect(try DeviceMapping(contentsOf: folder.file("cameras.json")).entries.count == 3)
    }

    @Test("seeded random corruptions of a valid file give a mapping or a typed error, never a trap")
    func mutations() {
        var generator = SplitMix64(seed: 2024)
        let original = Array(Self.example.utf8)
        let alphabet = Array(#"{}[]":,-0123456789.eE truefalsnul\"#.utf8) + [0x00, 0xFF, 0xC3]
        var parsed = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
                }
            }
            do {
                let mapping = try DeviceMapping(data: Data(bytes))
                parsed += 1
                // Whatever parsed is usable: merging never traps either.
                _ = try? mapping.resolve(reported())
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(parsed > 0)
    }

    @Test("merging: the mapping fills what the device does not report")
    func mergeFillsGaps() throws {
        let mapping = try mapping(Self.example)
        let device = try mapping.resolve(reported())
        #expect(device.name == "Desk camera")
        #expect(device.position == .front)
        #expect(device.kind == .wide)
        #expect(device.zoomRange == 1...5)
        #expect(abs((device.fieldOfView ?? 0) - 78) < 1e-9)
        #expect(device.address == .v4l2("/dev/video0"))
        #expect(device.formats.map(\.pixelFormat.code) == ["MJPG"])
        #expect(device.identifier == "usb-046d_HD_Pro_Webcam_C920_1A2B3C4D-video-index0")
        #expect(mapping.conflicts(for: reported()).isEmpty)
    }

    @Test("merging: the device's reported position wins, and the contradiction is reported")
    func reportedPositionWins() throws {
        let mapping = try mapping(Self.example)
        let report = reported(position: .back)
        #expect(try mapping.resolve(report).position == .back)
        #expect(
            mapping.conflicts(for: report) == [
                "/dev/video0 reports position 'back'; the mapping's 'front' is ignored"
            ])
        // Agreeing is no conflict.
        #expect(mapping.conflicts(for: reported(position: .front)).isEmpty)
    }

    @Test("merging with no entry: external, wide, unknown field of view, the reported zoom or none")
    func noEntry() throws {
        let device = try DeviceMapping.empty.resolve(reported("other-camera", zoom: 1...5))
        #expect(device.position == .external)
        #expect(device.kind == .wide)
        #expect(device.equivalentFocalLength == nil)
        #expect(device.zoomRange == 1...5)
        #expect(device.name == "HD Pro Webcam C920")
        #expect(try DeviceMapping.empty.resolve(reported("other-camera")).zoomRange == 1...1)
        #expect(try DeviceMapping.empty.resolve(reported("built-in", position: .front)).position == .front)
    }

    @Test("merging: the mapping's zoom range corrects the one derived from the zoom control")
    func mappingZoomWins() throws {
        let mapping = try mapping(Self.example)
        #expect(try mapping.resolve(reported(zoom: 1...10)).zoomRange == 1...5)
    }

    @Test("matching: identifier before path before name")
    func matchPrecedence() throws {
        let mapping = try mapping(
            """
            {"devices":[
              {"name":"HD Pro Webcam C920","kind":"macro"},
              {"path":"/dev/video0","kind":"telephoto"},
              {"identifier":"cam-1","kind":"ultra-wide"}
            ]}
            """)
        #expect(try mapping.resolve(reported("cam-1")).kind == .ultraWide)
        #expect(try mapping.resolve(reported("cam-2")).kind == .telephoto)
        #expect(try mapping.resolve(reported("cam-2", path: "/dev/video4")).kind == .macro)
        #expect(try mapping.resolve(reported("cam-2", path: "/dev/video4", name: "Other")).kind == .wide)
    }

    @Test("a report selection could not use is a typed error, not a trap")
    func unusableReport() {
        #expect(throws: CaptureDeviceError.self) { try DeviceMapping.empty.resolve(reported("")) }
        #expect(throws: CaptureDeviceError.self) {
            try DeviceMapping.empty.resolve(reported(zoom: 0...Double.infinity))
        }
    }

    @Test("entries made in code are checked like the file's")
    func entriesInCode() throws {
        #expect(throws: DeviceMappingError.self) {
            try DeviceMapping.Entry(match: .path("/dev/video0"), equivalentFocalLength: .nan)
        }
        #expect(throws: DeviceMappingError.self) {
            try DeviceMapping.Entry(match: .path("/dev/video0"), zoomRange: 1...Double.infinity)
        }
        let entry = try DeviceMapping.Entry(match: .name("Cam"), position: .back)
        expectError(
            DeviceMappingError.invalidField(field: "devices[1].name", reason: .alreadyMapped(value: "Cam", index: 0))
        ) {
            try DeviceMapping(entries: [entry, entry])
        }
    }
}
