import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import SocialModel
import SocialModelPhotos
import Testing

/// Photo work is bounded before and while it runs (issue 46): the decode cost counts bands and
/// bit depth and is checked from the header, and the pixel work runs in a bounded pool of its
/// own threads with a queue limit, dropping queued jobs whose request is cancelled.
@Suite("Photos: decode cost and the job pool")
struct PhotoJobsTests {
    /// A PNG header declaring `width`×`height` RGB pixels of `bitDepth` bits, followed by
    /// `padding` bytes of data that are never decoded: what a hostile upload's header says.
    static func pngHeader(width: Int, height: Int, bitDepth: UInt8, padding: Int) -> Data {
        var ihdr = PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(UInt32(height))
        ihdr += [bitDepth, 2, 0, 0, 0]
        let bytes: [UInt8] =
            PNGBytes.signature + PNGBytes.chunk("IHDR", ihdr)
            + PNGBytes.chunk("IDAT", [UInt8](repeating: 0, count: padding)) + PNGBytes.chunk("IEND", [])
        return Data(bytes)
    }

    @Test func theHostileSixteenBitPNGIsRefusedFromItsHeader() async throws {
        // 7000×7000 16-bit RGB in 400 KB, as the report's upload: under the 50 MP pixel limit and
        // the pixels-per-byte bound, but 98 MP of 8-bit RGB to decode.
        let png = Self.pngHeader(width: 7000, height: 7000, bitDepth: 16, padding: 400_000)
        let processor = VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false))
        let started = ContinuousClock.now
        for shape in ["bounded", "squares"] {
            do {
                if shape == "bounded" {
                    _ = try await processor.bounded(png, sizes: [1080], pixelLimit: 50_000_000, filter: nil, seed: 1)
                } else {
                    _ = try await processor.squares(png, sizes: [320], pixelLimit: 50_000_000)
                }
                Issue.record("\(shape) took the hostile PNG")
            } catch {
                guard case .unusable(let reason) = error else {
                    Issue.record("\(shape): expected unusable, got \(error)")
                    continue
                }
                #expect(reason.contains("98 megapixels of 8-bit RGB"), "\(reason)")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(processor.jobs.load == (0, 0))
    }

    @Test func theDecodeCostCountsBandsAndBitDepth() async throws {
        #expect(VipsPhotoProcessor.decodeCost(width: 7000, height: 7000, bands: 3, bytesPerSample: 2) == 98_000_000)
        #expect(VipsPhotoProcessor.decodeCost(width: 100, height: 100, bands: 1, bytesPerSample: 1) == 10_000.0 / 3)
        #expect(VipsPhotoProcessor.decodeCost(width: .max, height: .max, bands: 4, bytesPerSample: 8) > 1e37)
        // At a budget of exactly its 8-bit RGB pixels, a photo passes in 8 bits and not in 16.
        let rgb = try Image(
            pixels: PixelBuffer(width: 60, height: 40, bands: 3, samples: [UInt8](repeating: 90, count: 60 * 40 * 3)))
        let processor = VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false), decodeBudget: 60 * 40)
        let eight = try rgb.encoded(as: .png())
        let sixteen = try Image(
            samples16: [UInt16](repeating: 90 * 257, count: 60 * 40 * 3), width: 60, height: 40, bands: 3
        ).encoded(as: .png())
        #expect(try await processor.squares(eight, sizes: [20], pixelLimit: 1_000_000).keys.sorted() == [20])
        await #expect(throws: PhotoError.self) {
            _ = try await processor.squares(sixteen, sizes: [20], pixelLimit: 1_000_000)
        }
    }

    @Test func aFullPoolRefusesAtOnceAndACancelledQueuedJobNeverRuns() async throws {
        let jobs = PhotoJobs(concurrency: 1, queueLimit: 1, retryAfterSeconds: 3)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let ran = RanFlags()
        // The first job takes the only slot and blocks its own thread until released.
        let first = Task {
            try await jobs.run { _ in
                started.signal()
                release.wait()  // no deadline: a loaded machine may take seconds to release it
                return 1
            }
        }
        await offPoolWait(started)
        // The second waits in the queue; the third finds it full.
        let second = Task {
            try await jobs.run { _ in
                ran.set()
                return 2
            }
        }
        try await waitForLoad(jobs, running: 1, waiting: 1)
        await #expect(throws: jobs.busyError) { try await jobs.run { _ in 3 } }
        // Cancelling the queued job's task drops it without running it.
        second.cancel()
        await #expect(throws: PhotoJobs.cancelledError) { try await second.value }
        #expect(jobs.load == (1, 0))
        release.signal()
        #expect(try await first.value == 1)
        #expect(!ran.isSet)
        try await waitForLoad(jobs, running: 0, waiting: 0)
    }

    @Test func runningJobsLeaveTheCooperativePoolFree() async throws {
        // More blocked jobs than the cooperative pool has threads: if they ran on it, nothing
        // else in the process could run until they ended.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let jobs = PhotoJobs(concurrency: count, queueLimit: 0)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let tasks = (0..<count).map { index in
            Task {
                try await jobs.run { _ in
                    started.signal()
                    release.wait()  // no deadline: a loaded machine may take seconds to release it
                    return index
                }
            }
        }
        for _ in 0..<count { await offPoolWait(started) }
        // A cooperative task still runs while every job blocks its thread.
        let answered = await Task { 42 }.value
        #expect(answered == 42)
        for _ in 0..<count { release.signal() }
        var results: [Int] = []
        for task in tasks { results.append(try await task.value) }
        #expect(results == Array(0..<count))
    }

    @Test func aCancelledRunningJobAnswersAtOnceAndKeepsItsSlotUntilItStops() async throws {
        let jobs = PhotoJobs(concurrency: 1, queueLimit: 0)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let sawCancellation = RanFlags()
        let task = Task {
            try await jobs.run { cancellation throws(PhotoError) in
                started.signal()
                // No deadline: the test releases it below, and a busy machine may take seconds to get there.
                release.wait()
                if cancellation.isCancelled { sawCancellation.set() }
                try cancellation.check()
                return 0
            }
        }
        await offPoolWait(started)
        task.cancel()
        // The request is answered while the work is still blocked in its step...
        await #expect(throws: PhotoJobs.cancelledError) { try await task.value }
        // ...which still holds the only slot, so the pool's bound counts it.
        #expect(jobs.load == (1, 0))
        await #expect(throws: jobs.busyError) { try await jobs.run { _ in 1 } }
        release.signal()
        try await waitForLoad(jobs, running: 0, waiting: 0)
        #expect(sawCancellation.isSet)
    }

    /// Waits until the pool's load is the one given, failing the test after a minute instead of
    /// spinning for ever when it never comes.
    func waitForLoad(_ jobs: PhotoJobs, running: Int, waiting: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while jobs.load != (running, waiting) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the pool's load stayed \(jobs.load), not (\(running), \(waiting))")
                throw CancellationError()
            }
            await Task.yield()
        }
    }

    /// Waits for `semaphore` on a thread of its own, not the cooperative pool's.
    func offPoolWait(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            Thread {
                semaphore.wait()
                continuation.resume()
            }.start()
        }
    }
}

/// A flag a job sets from its own thread.
final class RanFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
