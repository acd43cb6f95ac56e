import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import Locking
import TestSupport
import Testing

/// Developing: seeds, determinism, concurrency, cancellation and failure.
@Suite("Rolls: developing")
struct RollDevelopTests {
    /// Counts how many frames are inside the filter at once.
    final class ConcurrencyProbe: Filter {
        private let counts = Locked<(current: Int, peak: Int)>((0, 0))

        var peak: Int { counts.withLock { $0.peak } }

        func apply(to image: Image, context: FilterContext) throws -> Image {
            counts.withLock {
                $0.current += 1
                $0.peak = max($0.peak, $0.current)
            }
            defer { counts.withLock { $0.current -= 1 } }
            // Render inside the filter so the frame is really busy while counted.
            return try Image(data: image.linear(multiply: 0.5, add: 10).encoded(as: .png()))
        }
    }

    @Test func developingTheSameRollTwiceGivesTheSameBytesAndEachFrameItsOwnGrain() async throws {
        let library = try TemporaryDirectory("roll-determinism")
        defer { library.remove() }
        let original = library.file("a")
        let camera = try RollFixtures.fileCamera(original)
        try await camera.load("Twice", stock: "vintage", size: .twelve)
        let same = try RollFixtures.sample(width: 120)
        for index in 0..<12 {
            try await camera.shoot(encoded: same, on: "Twice", metadata: RollFixtures.metadata(index))
        }
        // A copy of the full roll, developed by another camera in its own library.
        try FileManager.default.copyItem(at: original, to: library.file("b"))
        try await camera.develop("Twice") { _ in }
        let copy = try RollFixtures.fileCamera(library.file("b"), concurrentFrames: 1)
        try await copy.develop("Twice") { _ in }

        var frames: [Data] = []
        for frame in 1...12 {
            let first = try await camera.photoData(frame: frame, of: "Twice")
            #expect(first == (try await copy.photoData(frame: frame, of: "Twice")), "frame \(frame)")
            frames.append(first)
        }
        #expect(Set(frames).count == 12, "the same shot on two frames gets different grain")
    }

    @Test func eachFrameGetsTheSeedOfItsRollAndNumber() async throws {
        let mock = MockFilter()
        let camera = try RollFixtures.memoryCamera(registry: .mocked(["portra": mock]))
        let roll = try await RollFixtures.shotRoll(camera, name: "Seeds", stock: "portra", shots: 12)
        try await camera.develop("Seeds") { _ in }
        #expect(Set(mock.seeds) == Set((1...12).map { roll.seed(forFrame: $0) }))
        #expect(Set(mock.seeds).count == 12)
        let other = try await camera.load("Other", stock: "portra", size: .twelve)
        #expect(other.seed(forFrame: 1) != roll.seed(forFrame: 1))
    }

    @Test func framesAreDevelopedConcurrentlyUpToTheLimit() async throws {
        let probe = ConcurrencyProbe()
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.register(probe, name: "probe", category: .stock, summary: "counts concurrency")
        let camera = try Camera(
            store: InMemoryRollStore(), registry: registry,
            configuration: Camera.Configuration(clock: ManualRollClock(), concurrentFrames: 3))
        try await RollFixtures.shotRoll(camera, name: "Busy", stock: "probe", size: .twentyFour, shots: 24)
        let roll = try await camera.develop("Busy") { _ in }
        #expect(roll.photos.count == 24)
        #expect(probe.peak <= 3)
    }

    @Test func progressCountsEveryFrameOnce() async throws {
        let camera = try RollFixtures.memoryCamera()
        try await RollFixtures.shotRoll(camera, name: "Steps", shots: 12)
        var completed: [Int] = []
        var frames: [Int] = []
        for try await step in camera.develop("Steps") {
            if case .developed(let frame, let done, let total) = step {
                #expect(total == 12)
                completed.append(done)
                frames.append(frame)
                #expect(step.fractionCompleted == Double(done) / 12)
            }
        }
        #expect(completed == Array(1...12))
        #expect(frames.sorted() == Array(1...12))
    }

    @Test func cancellingLeavesTheRollFullAndIntact() async throws {
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(store: store)
        try await RollFixtures.shotRoll(camera, name: "Stop", shots: 12)
        let full = try await camera.roll(named: "Stop")

        let development = Task {
            try await camera.develop("Stop") { step in
                // Called from the developing task: cancel it once two frames are done.
                if case .developed(_, 2, _) = step { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await development.value }

        #expect(try await camera.roll(named: "Stop") == full)
        #expect(store.developedFrameCount(of: full.id) == 0, "no half-developed frame is kept")
        #expect(try store.loadRolls().rolls == [full])
        let developed = try await camera.develop("Stop") { _ in }
        #expect(developed.photos.count == 12)
    }

    /// Passes the frame with `openSeed` at once and holds every other frame until its task is
    /// cancelled, so a test can stop a development while it is surely under way.
    final class CancellationGate: Filter {
        private let openSeed = Locked<UInt64>(0)

        func open(seed: UInt64) {
            openSeed.withLock { $0 = seed }
        }

        func apply(to image: Image, context: FilterContext) throws -> Image {
            let open = openSeed.withLock { $0 }
            if open == context.seed { return image }
            var waited = 0
            while !Task.isCancelled, waited < 10_000 {
                usleep(1000)
                waited += 1
            }
            try Task.checkCancellation()
            throw RollError.storageFailed(path: "gate", reason: .system("the gate was never cancelled"))
        }
    }

    @Test func stoppingTheProgressStreamCancelsTheDevelopment() async throws {
        let gate = CancellationGate()
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.register(gate, name: "gate", category: .stock, summary: "holds frames until cancelled")
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(registry: registry, store: store)
        let full = try await RollFixtures.shotRoll(camera, name: "Stream", stock: "gate", shots: 12)
        gate.open(seed: full.seed(forFrame: 1))
        var seen: [DevelopProgress] = []
        for try await step in camera.develop("Stream") {
            seen.append(step)
            if case .developed = step { break }
        }
        #expect(seen == [.started(frames: 12), .developed(frame: 1, completed: 1, total: 12)])
        // The development is over once the camera no longer reports the roll busy.
        while true {
            do {
                try await camera.delete("Stream")
                break
            } catch RollError.busy {
                await Task.yield()
            }
        }
        #expect(store.developedFrameCount(of: full.id) == 0)
    }

    @Test func aFailingFrameLeavesTheRollFullWithATypedError() async throws {
        struct Scratched: Error {}
        let mock = MockFilter()
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(registry: .mocked(["portra": mock]), store: store)
        let roll = try await RollFixtures.shotRoll(camera, name: "Scratch", stock: "portra", shots: 12)
        mock.result = .fail(Scratched())
        do {
            try await camera.develop("Scratch") { _ in }
            Issue.record("a failing filter developed")
        } catch let error as RollError {
            guard case .developmentFailed(let name, _, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "Scratch")
            #expect(reason == .reported("Scratched()"))
        }
        #expect(try await camera.roll(named: "Scratch") == roll)
        #expect(store.developedFrameCount(of: roll.id) == 0)
    }

    @Test func aStockUnregisteredAfterLoadingIsATypedError() async throws {
        let registry = try FilterRegistry.mocked(["gone": MockFilter()])
        let camera = try RollFixtures.memoryCamera(registry: registry)
        try await RollFixtures.shotRoll(camera, name: "Gone", stock: "gone", shots: 12)
        try registry.unregister("gone")
        await #expect(throws: RollError.unknownStock(.unknownFilter(name: "gone", suggestions: []))) {
            try await camera.develop("Gone") { _ in }
        }
        #expect(try await camera.roll(named: "Gone").state == .full)
    }
}
