import CaptureDevices
import CaptureDevicesMocks
import Foundation
import TestSupport
import Testing

@Suite("Remembering the cameras last used")
struct ChoiceStoreTests {
    let choices = CameraChoices(
        lastUsed: [.back: "phone-back-telephoto", .front: "phone-front-wide"], activePosition: .front)

    @Test("the file store keeps the last camera of each side across instances")
    func roundTrip() async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let url = folder.file("App/camera.json")  // the folder is made on the first save
        #expect(try await FileCameraChoiceStore(url: url).load() == CameraChoices())
        try await FileCameraChoiceStore(url: url).save(choices)
        #expect(try await FileCameraChoiceStore(url: url).load() == choices)
        #expect(
            try String(contentsOf: url, encoding: .utf8)
                == #"{"active":"front","lastUsed":{"back":"phone-back-telephoto","front":"phone-front-wide"},"version":1}"#
        )
        // Only the file itself is left: no temporary files beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("App").path) == ["camera.json"])
    }

    @Test("a selector restores the remembered cameras, and records the ones used")
    func selectorWithStore() async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let store = FileCameraChoiceStore(url: folder.file("camera.json"))
        var selector = try CameraSelector(devices: SampleDevices.phone, remembered: try await store.load())
        let telephoto = try selector.select(kind: .telephoto, position: .back)
        selector.remember(telephoto)
        let front = try selector.flip(from: telephoto)
        selector.remember(front)
        try await store.save(selector.remembered)

        // Next run: starts on the front, and the back side's camera is the telephoto again.
        let next = try CameraSelector(devices: SampleDevices.phone, remembered: try await store.load())
        #expect(try next.startingDevice() == SampleDevices.phoneFrontWide)
        #expect(next.preferredDevice(on: .back) == SampleDevices.phoneBackTelephoto)
    }

    @Test("the remembered camera has disappeared: the side's preferred camera instead")
    func rememberedDeviceDisappeared() async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let store = FileCameraChoiceStore(url: folder.file("camera.json"))
        try await store.save(CameraChoices(lastUsed: [.back: "phone-back-telephoto"], activePosition: .back))
        // The telephoto is gone (a phone without one, or a USB camera unplugged).
        let devices = SampleDevices.phone.filter { $0 != SampleDevices.phoneBackTelephoto }
        let selector = try CameraSelector(devices: devices, remembered: try await store.load())
        #expect(try selector.startingDevice() == SampleDevices.phoneBackWide)
        // The choice itself is kept, for when the camera comes back.
        #expect(try await store.load().lastUsed[.back] == "phone-back-telephoto")
    }

    @Test(
        "a damaged file is a typed error naming the problem, and is left as it was",
        arguments: [
            ("garbage \u{1}\u{2}", "not JSON"),
            (#"{"version":1,"lastUsed":{"back":"a""#, "not JSON"),
            (#"{"version":1,"lastUsed":{"sideways":"a"}}"#, "lastUsed.sideways"),
            (#"{"version":1,"lastUsed":{"back":7}}"#, "lastUsed.back"),
            (#"{"version":1,"lastUsed":{"back":""}}"#, "lastUsed.back"),
            (#"{"version":1,"lastUsed":["back","a"]}"#, "lastUsed"),
            (#"{"version":1,"active":"up"}"#, "active"),
            (#"{"version":99}"#, "version"),
            (#"{"lastUsed":{}}"#, "version"),
            (#"{"version":1,"extra":true}"#, "extra"),
            (#"[1,2,3]"#, "(top level)"),
            ("", "not JSON"),
        ])
    func damagedFile(contents: String, problem: String) async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let url = folder.file("camera.json")
        try Data(contents.utf8).write(to: url)
        let store = FileCameraChoiceStore(url: url)
        do {
            let loaded = try await store.load()
            Issue.record("loaded \(loaded) from \(contents)")
        } catch {
            guard case .damaged(let path, let reason) = error else {
                Issue.record("expected damaged, got \(error)")
                return
            }
            #expect(path == url.path)
            #expect(reason.description.contains(problem), "\(reason)")
        }
        // Nothing was deleted or changed; the next save replaces the file.
        #expect(try Data(contentsOf: url) == Data(contents.utf8))
        try await store.save(choices)
        #expect(try await store.load() == choices)
    }

    @Test("an oversized file, a folder in its place and an unwritable place are typed errors")
    func unusablePlaces() async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let big = folder.file("big.json")
        try Data(repeating: 0x20, count: FileCameraChoiceStore.maximumFileSize + 1).write(to: big)
        await expectError(
            CameraChoiceStoreError.damaged(
                path: big.path, reason: .tooLarge(limit: FileCameraChoiceStore.maximumFileSize))
        ) {
            try await FileCameraChoiceStore(url: big).load()
        }

        let directory = folder.file("is-a-folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let inPlace = FileCameraChoiceStore(url: directory)
        await #expect {
            try await inPlace.load()
        } throws: { error in
            if case CameraChoiceStoreError.unreadable = error { return true }
            return false
        }
        await #expect {
            try await inPlace.save(choices)
        } throws: { error in
            if case CameraChoiceStoreError.writeFailed = error { return true }
            return false
        }

        // The folder it would go in is a file (root ignores permissions, so this is the reliable refusal).
        try Data("x".utf8).write(to: folder.file("plain"))
        let underFile = FileCameraChoiceStore(url: folder.file("plain/camera.json"))
        await #expect {
            try await underFile.save(choices)
        } throws: { error in
            guard case CameraChoiceStoreError.writeFailed(let path, _) = error else { return false }
            return path == folder.file("plain/camera.json").path
        }
    }

    @Test("concurrent saves leave one complete file")
    func concurrentSaves() async throws {
        let folder = try TemporaryDirectory("choices")
        defer { folder.remove() }
        let url = folder.file("camera.json")
        let ids = (0..<40).map { "camera-\($0)" }
        await withTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask {
                    // Separate store instances, as separate parts of an app (or processes) would have.
                    try? await FileCameraChoiceStore(url: url).save(CameraChoices(lastUsed: [.back: id]))
                }
            }
        }
        let loaded = try await FileCameraChoiceStore(url: url).load()
        #expect(ids.contains(loaded.lastUsed[.back] ?? ""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["camera.json"])
    }

    @Test("the in-memory store keeps choices and scripts failures")
    func inMemory() async throws {
        let store = InMemoryCameraChoiceStore()
        #expect(try await store.load() == CameraChoices())
        try await store.save(choices)
        #expect(try await store.load() == choices)
        #expect(await store.saveCount == 1)
        let failure = CameraChoiceStoreError.writeFailed(path: "memory", reason: "disk full")
        await store.failSaves(with: failure)
        await expectError(failure) { try await store.save(CameraChoices()) }
        #expect(try await store.load() == choices)
        await store.failLoads(with: .damaged(path: "memory", reason: .notJSON("test")))
        await expectError(CameraChoiceStoreError.damaged(path: "memory", reason: .notJSON("test"))) {
            try await store.load()
        }
        await store.failLoads(with: nil)
        await store.failSaves(with: nil)
        try await store.save(CameraChoices())
        #expect(try await store.load() == CameraChoices())
    }

    @Test("recording a device sets its side's camera and the active side")
    func record() {
        var choices = CameraChoices()
        choices.record(SampleDevices.phoneBackUltraWide)
        choices.record(SampleDevices.phoneFrontWide)
        #expect(choices.lastUsed == [.back: "phone-back-ultra-wide", .front: "phone-front-wide"])
        #expect(choices.activePosition == .front)
        choices.record(SampleDevices.usbWebcam)
        #expect(choices.lastUsed[.external] == SampleDevices.usbWebcam.identifier)
    }
}
