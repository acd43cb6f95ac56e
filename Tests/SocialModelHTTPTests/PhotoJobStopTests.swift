import FilmKit
import Foundation
import PixelTestSupport
import SocialModel
import SocialModelPhotos
import Synchronization
import Testing

/// A photo job whose request timed out stops computing inside libvips (issue 46: "the 503 at
/// 30 s does not stop the work"), not only at the end of its step: counted by libvips' own
/// `eval` callbacks, not by a clock.
@Suite("Photos: a cancelled job stops inside libvips")
struct PhotoJobStopTests {
    @Test func aCancelledDecodeOfAHostileSixteenBitPNGStopsComputing() async throws {
        // The report's upload: 7000×7000 16-bit RGB that compresses to almost nothing (zeros),
        // let through here by a decode budget raised for the test.
        let png = Self.zeroPNG(width: 7000, height: 7000)
        var processor = VipsPhotoProcessor(
            filters: FilterRegistry(includingBuiltIns: false), decodeBudget: 1_000_000_000,
            jobs: PhotoJobs(concurrency: 1, queueLimit: 0))
        let progress = Progress()
        processor.decodeProgress = { progress.record($0) }
        let upload = Task { [processor] in
            try await processor.bounded(png, sizes: [1080], pixelLimit: 100_000_000, filter: nil, seed: 1)
        }
        // When libvips reports its first piece of work, the request times out: its task is cancelled
        // from that callback, so a loaded machine cannot let the job finish first.
        progress.cancelAtFirstReport(upload)
        await #expect(throws: PhotoJobs.cancelledError) { try await upload.value }
        let atCancellation = try #require(progress.atCancellation)
        // The job ends (its slot is free) having computed little more than it had.
        try await waitUntilIdle(processor.jobs)
        let output = 1080 * 1080
        let afterCancellation = progress.pixels - atCancellation
        #expect(
            afterCancellation < output / 4, "\(afterCancellation) of \(output) pixels computed after the cancellation")
        #expect(progress.pixels < output)
    }

    /// What the `eval` callbacks reported (the pixels computed so far); cancels a task at the first.
    final class Progress: Sendable {
        private struct State {
            var pixels = 0
            var atCancellation: Int?
            var task: Task<ProcessedPhoto, any Error>?
        }
        private let state = Mutex(State())

        func record(_ pixels: Int) {
            let task = state.withLock { state -> Task<ProcessedPhoto, any Error>? in
                state.pixels = max(state.pixels, pixels)
                guard state.atCancellation == nil else { return nil }
                state.atCancellation = state.pixels
                return state.task
            }
            task?.cancel()  // runs the job's cancellation handler here, on libvips' thread
        }

        /// Cancels `task` at the first report, or now if it has come already.
        func cancelAtFirstReport(_ task: Task<ProcessedPhoto, any Error>) {
            let reported = state.withLock { state in
                state.task = task
                return state.atCancellation != nil
            }
            if reported { task.cancel() }
        }

        var pixels: Int { state.withLock { $0.pixels } }
        var atCancellation: Int? { state.withLock { $0.atCancellation } }
    }

    /// Waits until no job runs or waits, failing the test after a minute instead of spinning for ever.
    func waitUntilIdle(_ jobs: PhotoJobs) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while jobs.load != (0, 0) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the pool's load stayed \(jobs.load)")
                throw CancellationError()
            }
            await Task.yield()
        }
    }

    /// A PNG of `width`×`height` 16-bit RGB zeros: its IDAT is one deflate block of fixed codes,
    /// a literal zero and then matches of 258 bytes at distance 1, so it stays small (about 6.5 MB
    /// of pixels per 100 KB).
    static func zeroPNG(width: Int, height: Int) -> Data {
        let length = height * (1 + width * 6)  // a filter byte and the samples of each row
        var bits = BitWriter()
        bits.put(0b011, count: 3)  // the last block, fixed Huffman codes
        bits.put(0x0C, count: 8)  // literal 0 (code 00110000, sent from its high bit)
        var remaining = length - 1
        while remaining >= 258 {
            bits.put(0xA3, count: 13)  // length 258 (code 11000101) at distance 1 (code 00000)
            remaining -= 258
        }
        for _ in 0..<remaining { bits.put(0x0C, count: 8) }
        bits.put(0, count: 7)  // end of block
        bits.flush()
        let adler = UInt32(length % 65_521) << 16 | 1  // zeros leave a at 1; b adds it once per byte
        let zlib = [0x78, 0x01] + bits.bytes + PNGBytes.bigEndian(adler)
        let header = PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(UInt32(height)) + [16, 2, 0, 0, 0]
        let png: [UInt8] =
            PNGBytes.signature + PNGBytes.chunk("IHDR", header) + PNGBytes.chunk("IDAT", zlib)
            + PNGBytes.chunk("IEND", [])
        return Data(png)
    }

    /// Deflate's bit order: values are packed from the low bit of each byte.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var count = 0

        mutating func put(_ value: UInt64, count bits: Int) {
            pending |= value << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(pending & 0xFF))
                pending >>= 8
                count -= 8
            }
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(pending & 0xFF)) }
            pending = 0
            count = 0
        }
    }
}
