import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

/// The film pass's read-ahead (`AkvReadAhead.c`): a sequentially loaded frame is decoded on a
/// thread of its own into a ring of rows that the workers render from; a frame in memory is read
/// by the workers themselves. Both give the same bytes, whatever order the strips are asked in.
/// Each case renders and encodes a 4.8 MP frame a few times, off the cooperative pool (`offPool`)
/// so that the suites that wait on the network meanwhile are not starved of it.
@Suite("Film pass: read-ahead")
struct FilmPassReadAheadTests {
    /// A tall JPEG (1200×4000, far more rows than the ring keeps) of the halation scene.
    static func tallJPEG(in folder: TemporaryDirectory) throws -> URL {
        let file = folder.file("tall.jpg")
        try HalationTests.scene().resized(width: 1200, height: 4000, kernel: .linear)
            .write(to: file, as: .jpeg(quality: 95))
        return file
    }

    static func streamed(_ file: URL) throws -> Image { try Image(contentsOf: file, options: .init(sequential: true)) }

    /// `filter` on the tall JPEG streamed and in memory, each then through `then`, as PNG bytes
    /// (uncompressed: compression would cost more than the comparison is worth).
    static func bothWays(
        _ filter: any Filter, seed: UInt64, then: @escaping @Sendable (Image) throws -> Image = { $0 }
    ) async throws -> (streamed: Data, inMemory: Data) {
        try await offPool {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let file = try tallJPEG(in: folder)
            return (
                try then(filter.apply(to: streamed(file), seed: seed)).encoded(as: .png(compression: 0)),
                try then(filter.apply(to: Image(contentsOf: file), seed: seed)).encoded(as: .png(compression: 0))
            )
        }
    }

    /// A pass without halation has nothing but the ring to read ahead for.
    @Test func grainStreamsFromASequentialJPEGAsFromMemory() async throws {
        let both = try await Self.bothWays(Grain(amount: 0.5, size: 1.5, chroma: 0.4), seed: 7)
        #expect(both.streamed.isSameBytes(as: both.inMemory))
    }

    /// Stocks, which all halate: the ring and the glow map fed by one thread.
    @Test(arguments: ["cinestill-800t", "fujifilm-velvia-50", "kodak-tri-x-400"])
    func aStockStreamsFromASequentialJPEGAsFromMemory(_ stock: String) async throws {
        let both = try await Self.bothWays(FilterRegistry().makeFilter(stock), seed: 3)
        #expect(both.streamed.isSameBytes(as: both.inMemory))
    }

    /// Only the bottom of a streamed frame is asked for: the read-ahead reads past the rows no strip
    /// wants, and the first strip it serves starts thousands of rows down.
    @Test func theBottomOfAStreamedFrameIsTheSameAsInMemory() async throws {
        let both = try await Self.bothWays(FilterRegistry().makeFilter("cinestill-800t"), seed: 1) {
            try $0.cropped(x: 100, y: 3000, width: 900, height: 1000)
        }
        #expect(both.streamed.isSameBytes(as: both.inMemory))
    }

    /// Strips asked for bottom first. In memory the glow map is read to the bottom before the first
    /// strip renders, and the result is the look turned over; streamed, rows that have left the
    /// ring cannot be decoded again, which is libvips' typed error, not a hang or a crash.
    @Test func stripsAskedForBottomFirst() async throws {
        let outcome = try await offPool {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let file = try Self.tallJPEG(in: folder)
            let look = try FilterRegistry().makeFilter("cinestill-800t")
            let rendered = try look.apply(to: Image(contentsOf: file), seed: 5)
            let turnedAfter = try rendered.rotated(quarterTurns: 2).encoded(as: .png())
            let turnedFromPNG = try Image(data: rendered.encoded(as: .png())).rotated(quarterTurns: 2)
                .encoded(as: .png())
            let streamedTurned = Result {
                try look.apply(to: Self.streamed(file), seed: 5).rotated(quarterTurns: 2).encoded(as: .png())
            }
            return (turnedAfter.isSameBytes(as: turnedFromPNG), streamedTurned)
        }
        #expect(outcome.0)
        #expect(throws: ImagingError.self) { try outcome.1.get() }
    }
}
