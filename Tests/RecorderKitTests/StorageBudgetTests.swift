import Foundation
import Locking
import Testing

@testable import RecorderKit

/// The storage budget of a real recorder over real files (no FFmpeg: the clips are files of
/// known sizes left by "earlier runs"), across restarts, with an injected clock.
@Suite("Storage budget")
struct StorageBudgetTests {
    /// Collects the purges told to the delegate.
    final class Purges: VideoRecorderDelegate {
        let seen = Locked<[StoragePurge]>([])
        func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {}
        func videoRecorderDidPurge(_ purge: StoragePurge) { seen.withLock { $0.append(purge) } }
        var all: [StoragePurge] { seen.withLock { $0 } }
    }

    static let origin = Date(timeIntervalSince1970: 1_800_000_000)

    /// A clip file of `bytes` bytes, published `minute` minutes after ``origin``.
    static func clip(_ number: Int, in folder: TemporaryFolder, bytes: Int = 1000, minute: Int) throws -> URL {
        let url = folder.output.appendingPathComponent("clip-20270115-0800\(10 + number).000-0000000\(number).mp4")
        try Data(count: bytes).write(to: url)
        try FileManager.default.setAttributes(
            [.modificationDate: origin.addingTimeInterval(Double(minute) * 60)], ofItemAtPath: url.path)
        return url
    }

    /// A recorder over `folder` with `budget`, its clock at `minute`, its purges collected.
    static func recorder(
        in folder: TemporaryFolder, budget: StorageBudget, minute: Int, purges: Purges
    ) throws -> EventRecorder {
        var configuration = smallConfiguration(in: folder)
        configuration.storageBudget = budget
        let recorder = try EventRecorder(configuration: configuration)
        recorder.stateDelegate = purges
        let now = origin.addingTimeInterval(Double(minute) * 60)
        recorder.shared.withLock { $0.clock = { now } }
        return recorder
    }

    static func names(in directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    @Test("the clips on disk at a start count: the oldest unprotected go, through restarts; other files stay")
    func holdsThroughRestarts() async throws {
        let folder = try TemporaryFolder("budget")
        defer { folder.cleanUp() }
        try BufferDirectory.create(folder.output)
        let first = try (1...5).map { try Self.clip($0, in: folder, minute: $0) }
        let notes = folder.output.appendingPathComponent("notes.txt")
        try Data(count: 50_000).write(to: notes)
        let budget = StorageBudget(maximumBytes: 3_500, protection: .newest(1))

        // First run: 5000 B of clips under a 3500 B budget: the two oldest go at the start.
        let purges = Purges()
        do {
            let recorder = try Self.recorder(in: folder, budget: budget, minute: 10, purges: purges)
            var stream = recorder.storagePurges().makeAsyncIterator()
            try recorder.startRecording()
            // Told to the delegate, and (in the same delivery, before the start returned) to the stream.
            let purge = try #require(purges.all.first)
            #expect(await stream.next() == purge)
            #expect(purge.removed.map(\.url.lastPathComponent) == first.prefix(2).map(\.lastPathComponent))
            #expect(purge.usedBytes == 3_000 && purge.limitBytes == 3_500 && !purge.isOverBudget)
            #expect(recorder.storageUsedBytes == 3_000)
            recorder.stopRecording()
        }
        #expect(try Self.names(in: folder.output) == Set((first[2...].map(\.lastPathComponent)) + ["notes.txt"]))
        #expect(purges.all.count == 1)

        // Between runs, two more clips appear; the next run counts them with the rest.
        let later = try (6...7).map { try Self.clip($0, in: folder, minute: $0 + 10) }
        do {
            let recorder = try Self.recorder(in: folder, budget: budget, minute: 30, purges: purges)
            try recorder.startRecording()
            #expect(recorder.storageUsedBytes == 3_000)
            recorder.stopRecording()
        }
        let kept = [first[4]] + later
        #expect(try Self.names(in: folder.output) == Set(kept.map(\.lastPathComponent) + ["notes.txt"]))
        #expect(purges.all.last?.removed.count == 2)
    }

    @Test("a clip the recorder publishes counts at its size: older clips make room, the new one is protected")
    func publishedClipCounts() async throws {
        let folder = try TemporaryFolder("budget-publish")
        defer { folder.cleanUp() }
        try BufferDirectory.create(folder.output)
        let old = try (1...3).map { try Self.clip($0, in: folder, bytes: 300_000, minute: $0) }
        let purges = Purges()
        // 900 000 B of old clips fit a 900 500 B budget until the new clip (and its frames) come.
        let budget = StorageBudget(maximumBytes: 900_500, protection: .newest(1))
        let recorder = try Self.recorder(in: folder, budget: budget, minute: 10, purges: purges)
        try recorder.changeConfiguration(
            {
                var configuration = recorder.currentConfiguration
                configuration.backwardOffset = 0.5
                configuration.forwardOffset = 0.5
                configuration.audio = nil
                return configuration
            }())
        try recorder.startRecording()
        #expect(purges.all.isEmpty)
        let frames = try PatternFrames(count: 40)
        for (index, frame) in frames.frames.enumerated() {
            try recorder.push(frame)
            if index == 15 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        // The budget is checked before the clip's export finishes, so before this returns.
        let segment = try #require(try await recorder.capturedSegments().first)
        let purge = try #require(purges.all.last)
        // The oldest go first, as many as the new clip (and the frames it was made of) need; the
        // new clip, being written at the check, stays.
        #expect(!purge.removed.isEmpty)
        #expect(purge.removed.map(\.url) == Array(old.prefix(purge.removed.count)))
        #expect(FileManager.default.fileExists(atPath: segment.url.path))
        #expect(purge.usedBytes <= budget.maximumBytes || purge.removed.count == old.count)
        // The clip counts at its size on disk.
        #expect(recorder.storageUsedBytes >= EventRecorder.fileBytes(at: segment.url))
    }

    @Test("clips protected by age are not purged: the budget reports itself exceeded, once")
    func protectedByAge() async throws {
        let folder = try TemporaryFolder("budget-age")
        defer { folder.cleanUp() }
        try BufferDirectory.create(folder.output)
        let clips = try (1...3).map { try Self.clip($0, in: folder, minute: $0) }
        // At minute 11, clips younger than 10 minutes are kept: 2 and 3; 1 goes, and 2000 B stay
        // over a 1500 B budget.
        let purges = Purges()
        let recorder = try Self.recorder(
            in: folder, budget: StorageBudget(maximumBytes: 1_500, protection: .youngerThan(seconds: 600)), minute: 11,
            purges: purges)
        try recorder.startRecording()
        let purge = try #require(purges.all.first)
        #expect(purge.removed.map(\.url) == [clips[0]] && purge.isOverBudget && purge.usedBytes == 2_000)
        #expect(try Self.names(in: folder.output) == Set(clips[1...].map(\.lastPathComponent)))
        // A second check with nothing to purge and the state unchanged says nothing more.
        recorder.checkStorageBudget()
        #expect(purges.all.count == 1)
        recorder.stopRecording()
    }

    /// The bytes of every file under `directories` (what `st_size` says; files vanishing while
    /// they are listed count 0).
    static func diskBytes(under directories: [URL]) -> Int64 {
        var total: Int64 = 0
        for directory in directories {
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let url = files?.nextObject() as? URL {
                var info = stat()
                if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
            }
        }
        return total
    }

    @Test("passthrough with continuous recording under a tight budget: the disk never holds more than the budget")
    func roomBeforeGrowth() async throws {
        let folder = try TemporaryFolder("budget-room")
        defer { folder.cleanUp() }
        // 20 s at 30 fps, a key frame a second, read unpaced: 1 s segments roll over and the
        // oldest are purged all the way through.
        let movie = try await SourceEndTests.movie("twenty.mp4", in: folder, seconds: 20)
        let movieBytes = EventRecorder.fileBytes(at: movie)
        var configuration = smallConfiguration(in: folder, backward: 1, forward: 1, codec: .passthrough)
        let segments = folder.url.appendingPathComponent("segments")
        configuration.continuousRecording = ContinuousRecording(directory: segments, segmentDuration: 1)
        // A third of the footage: the ring buffer (about a second) and a few segments.
        let budget = StorageBudget(maximumBytes: movieBytes / 3, protection: .none)
        configuration.storageBudget = budget
        let recorder = try EventRecorder(configuration: configuration)
        let purges = Purges()
        recorder.stateDelegate = purges
        try recorder.startRecording()

        // A sampler reads the disk as fast as it can while the recorder writes.
        let sampling = Locked(true)
        let largest = Locked<Int64>(0)
        let directories = [folder.output, folder.buffer, segments]
        let sampler = Thread {
            while sampling.withLock({ $0 }) {
                let bytes = Self.diskBytes(under: directories)
                largest.withLock { $0 = max($0, bytes) }
            }
        }
        sampler.start()
        let options = LiveSourceOptions(url: movie.path, reconnect: ReconnectPolicy(maximumAttempts: 0))
        try await recorder.record(from: try LiveVideoSource(options: options))
        try recorder.captureSegment()
        recorder.stopRecording()
        _ = try await recorder.capturedSegments()
        _ = try recorder.continuousCoverage(from: .distantPast, to: .distantFuture)
        sampling.withLock { $0 = false }
        let last = Self.diskBytes(under: directories)

        let peak = max(largest.withLock { $0 }, last)
        #expect(peak <= budget.maximumBytes, "\(peak) B on disk of \(budget.maximumBytes) B")
        // The budget did purge, segments only, and was never left exceeded.
        let removed = purges.all.flatMap(\.removed)
        #expect(removed.count > 5 && purges.all.allSatisfy { !$0.isOverBudget })
        // What the budget counts at the end is what is on disk, or more (an index's allowance).
        #expect(recorder.storageUsedBytes >= last)
    }
}
