import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Looks on video frames")
struct VideoLookTests {
    static func frame() throws -> Image {
        try Image(contentsOf: Samples.url("rocket.jpg")).resized(width: 480, height: 270)
    }

    @Test func frameNIsTheLookWithTheSeedDerivedForFrameN() throws {
        let look = try FilterRegistry().makeFilter("cinestill-800t")
        let video = VideoLook(look, seed: 77)
        let frame = try Self.frame()
        for index in [0, 1, 29] {
            let expected = try look.apply(to: frame, context: FilterContext(seed: 77).derived(index)).pixels()
            #expect(try video.apply(to: frame, index: index).pixels() == expected, "frame \(index)")
            #expect(video.context(forFrame: index) == FilterContext(seed: 77).derived(index))
        }
    }

    @Test func grainMovesFromFrameToFrameAndRepeatsForTheSameFrameAndSeed() throws {
        let video = VideoLook(try FilterRegistry().makeFilter("ilford-delta-3200"), seed: 5)
        let grey = try PixelBuffer(
            width: 320, height: 180, bands: 3, samples: [UInt8](repeating: 128, count: 320 * 180 * 3))
        let first = try video.render(grey, index: 0)
        let second = try video.render(grey, index: 1)
        #expect(first.width == 320 && first.height == 180 && first.bands == 3)
        #expect(try video.render(grey, index: 0) == first)
        let differing = zip(first.samples, second.samples).filter { $0 != $1 }.count
        #expect(differing > first.samples.count / 2, "grain differs between frames: \(differing) samples")
        #expect(try VideoLook(video.look, seed: 6).render(grey, index: 0) != first)
    }

    @Test(arguments: ["cinestill-800t", "ilford-hp5-plus"])
    func renderingIntoABufferGivesTheLazyImagesBytes(stock: String) throws {
        let video = VideoLook(try FilterRegistry().makeFilter(stock), seed: 3)
        // An odd width: the pass's last pixels of each row go through its tail path.
        let frame = try Self.frame().resized(width: 477, height: 269).pixels()
        var output = try PixelBuffer(width: 1, height: 1, bands: 3, samples: [0, 0, 0])
        for index in [0, 7] {
            let expected = try video.apply(to: Image(pixels: frame), index: index).pixels()
            // The first frame replaces the wrongly sized buffer, the second is written into it.
            try video.render(frame, index: index, into: &output)
            #expect(output == expected, "frame \(index) into a buffer")
            #expect(try video.render(frame, index: index) == expected, "frame \(index)")
        }
    }

    @Test func aLookThatIsNotAFilmPassIsAppliedPerFrameWithItsSeed() throws {
        let mock = MockFilter()
        let video = VideoLook(mock, seed: 9)
        let frame = try Self.frame()
        _ = try video.apply(to: frame, index: 3)
        _ = try video.apply(to: frame, index: 4)
        #expect(mock.seeds == [FilterContext(seed: 9).derived(3).seed, FilterContext(seed: 9).derived(4).seed])
    }

    @Test func framesRenderedConcurrentlyAreTheSameAsOneByOne() async throws {
        let video = VideoLook(try FilterRegistry().makeFilter("kodak-portra-400"), seed: 1)
        let frame = try Self.frame().pixels()
        let sequential = try (0..<6).map { try video.render(frame, index: $0) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, PixelBuffer).self) { group in
            for index in 0..<6 { group.addTask { (index, try video.render(frame, index: index)) } }
            var frames = [PixelBuffer?](repeating: nil, count: 6)
            for try await (index, pixels) in group { frames[index] = pixels }
            return frames
        }
        #expect(concurrent == sequential)
    }
}
