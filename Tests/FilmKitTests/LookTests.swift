import FilmKit
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Looks and determinism")
struct LookTests {
    let photo: Image

    init() throws {
        photo = try Image(contentsOf: Samples.url("chelsea.png"))
    }

    @Test(arguments: ["vintage", "black-and-white"])
    func sameSeedGivesIdenticalBytesAndAnotherSeedDifferentGrain(look: String) throws {
        let filter = try FilterRegistry.shared.makeFilter(look)
        let first = try filter.apply(to: photo, seed: 7).encoded(as: .png())
        let again = try filter.apply(to: photo, seed: 7).encoded(as: .png())
        let other = try filter.apply(to: photo, seed: 8).encoded(as: .png())
        #expect(first == again)
        #expect(first != other)
    }

    @Test func blackAndWhiteGivesEqualChannels() throws {
        let output = try BlackAndWhite().apply(to: photo, seed: 1).cast(to: .uchar).pixels()
        #expect(output.hasEqualChannels)
    }

    @Test func vintageLiftsBlacksAndWarms() throws {
        let black = try TestImages.flat(0, width: 300, height: 200)
        let lifted = try Vintage(grain: 0, vignette: 0, leaks: 0).apply(to: black)
        #expect(try lifted.mean() > 10)
        let grey = try Vintage(grain: 0, vignette: 0, leaks: 0).apply(to: TestImages.flat(128, width: 300, height: 200))
        let means = try grey.bandMeans()
        #expect(means[0] > means[2])
    }

    @Test func chainsDeriveDistinctSeedsPerStep() throws {
        let context = FilterContext(seed: 1)
        #expect(context.derived(0).seed != context.derived(1).seed)
        #expect(context.derived(0) == FilterContext(seed: 1).derived(0))
    }

    @Test func looksAcceptGreyAndAlphaInput() throws {
        let grey = try Image.solid(width: 64, height: 64, value: [100])
        let rgba = try Image.solid(width: 64, height: 64, value: [100, 50, 20, 128])
        for input in [grey, rgba] {
            let output = try Vintage().apply(to: input, seed: 2)
            #expect(output.bands == 3)
        }
    }
}
