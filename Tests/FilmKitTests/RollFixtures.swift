import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import Locking
import PixelTestSupport
import TestSupport

/// Small photos, cameras and library checks shared by the roll tests.
enum RollFixtures {
    /// A small JPEG of one grey level, a different photo for each level.
    static func photo(_ level: Double = 128, width: Int = 48, height: Int = 32) throws -> Data {
        try TestImages.flat(level, width: width, height: height).encoded(as: .jpeg(quality: 90))
    }

    /// A JPEG from the bundled samples, scaled to `width`: real detail for the stock to work on.
    static func sample(width: Int) throws -> Data {
        let image = try Image(contentsOf: Samples.url("rocket.jpg"))
        return try image.resized(scale: Double(width) / Double(image.width)).encoded(as: .jpeg(quality: 90))
    }

    /// Metadata for the `index`-th shot of a test, at a fixed date.
    static func metadata(_ index: Int = 0, location: GeoLocation? = nil) -> ShotMetadata {
        ShotMetadata(captureDate: Date(timeIntervalSince1970: 1_750_000_000 + Double(index) * 60), location: location)
    }

    /// A camera over a fresh in-memory store, with a manual clock.
    static func memoryCamera(
        registry: FilterRegistry = .shared, delay: DevelopmentDelay = .none, clock: ManualRollClock = ManualRollClock(),
        store: InMemoryRollStore = InMemoryRollStore()
    ) throws -> Camera {
        try Camera(
            store: store, registry: registry,
            configuration: Camera.Configuration(developmentDelay: delay, clock: clock, concurrentFrames: 2))
    }

    /// A camera over a library folder, as a new run of a program opens it.
    static func fileCamera(_ folder: URL, concurrentFrames: Int = 2) throws -> Camera {
        try Camera(
            store: FileRollStore(folder: folder), registry: .shared,
            configuration: Camera.Configuration(concurrentFrames: concurrentFrames))
    }

    /// Runs `body` with a camera over a library folder, then closes it, giving the library's lock
    /// back, as a program that ends would. (Dropping the camera is not enough: a finished task
    /// may hold it a moment longer, and the next open would find the library in use.)
    @discardableResult
    static func withFileCamera<T>(
        _ folder: URL, concurrentFrames: Int = 2, _ body: (Camera) async throws -> T
    ) async throws -> T {
        let camera = try fileCamera(folder, concurrentFrames: concurrentFrames)
        do {
            let result = try await body(camera)
            await camera.close()
            return result
        } catch {
            await camera.close()
            throw error
        }
    }

    /// Loads a roll and shoots `shots` different small photos on it.
    @discardableResult
    static func shotRoll(
        _ camera: Camera, name: String = "Léto", stock: String = "vintage", size: RollSize = .twelve, shots: Int
    ) async throws -> Roll {
        var roll = try await camera.load(name, stock: stock, size: size)
        for index in 0..<shots {
            roll = try await camera.shoot(
                encoded: photo(Double(40 + index * 5)), on: name, metadata: metadata(index))
        }
        return roll
    }

    /// Loads a roll, shoots `shots` photos, finishes it early and develops it.
    @discardableResult
    static func developedRoll(_ camera: Camera, name: String = "Léto", shots: Int) async throws -> Roll {
        try await shotRoll(camera, name: name, shots: shots)
        try await camera.finishEarly(name)
        return try await camera.develop(name) { _ in }
    }

    /// Every file in a library, recursively.
    static func files(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// Problems a reader of the library would meet: leftover temporary files, JSON that does not
    /// parse, images that do not decode. Empty when the library is clean.
    static func problems(in folder: URL) -> [String] {
        var problems: [String] = []
        let entries = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        for case let url as URL in entries where url.lastPathComponent.hasPrefix(".tmp-") {
            problems.append("leftover \(url.path)")
        }
        for file in files(in: folder) where file.lastPathComponent != ".lock" {
            switch file.pathExtension {
            case "json":
                let data = (try? Data(contentsOf: file)) ?? Data()
                if (try? JSONSerialization.jsonObject(with: data)) == nil { problems.append("bad JSON \(file.path)") }
            case "jpg", "png":
                do {
                    _ = try Image(contentsOf: file).mean()
                } catch {
                    problems.append("bad image \(file.path): \(error)")
                }
            default:
                problems.append("unexpected file \(file.path)")
            }
        }
        return problems
    }

    /// The folder of the only roll in a library.
    static func onlyRollFolder(in library: URL) throws -> URL {
        let folders = try FileManager.default.contentsOfDirectory(at: library, includingPropertiesForKeys: nil)
            .filter { UUID(uuidString: $0.lastPathComponent) != nil }
        guard folders.count == 1, let folder = folders.first else {
            throw RollError.storageFailed(
                path: library.path, reason: .system("expected one roll, found \(folders.count)"))
        }
        return folder
    }

    /// A file of `roll` in a `FileRollStore` library (`roll.json`, `shots/0005.json`, …), or the
    /// roll's folder for an empty `path`.
    static func file(_ path: String = "", of roll: Roll, in library: URL) -> URL {
        let folder = library.appendingPathComponent(roll.id.uuidString)
        return path.isEmpty ? folder : folder.appendingPathComponent(path)
    }

    /// The files in a roll folder's subfolder with an extension.
    static func count(_ fileExtension: String, in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + fileExtension) && !$0.hasPrefix(".") }.count
    }
}

/// Collects what a ``RollExportDestination`` is given, for tests.
final class CollectingDestination: RollExportDestination {
    private let stored = Locked<[(data: Data, metadata: DevelopedPhoto)]>([])

    var photos: [(data: Data, metadata: DevelopedPhoto)] {
        stored.withLock { $0 }
    }

    func store(_ photo: Data, metadata: DevelopedPhoto) throws {
        stored.withLock { $0.append((data: photo, metadata: metadata)) }
    }
}
