import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@testable import FilmKit

/// A chain runs neighbouring stages of the film pass as one pass, with the same result as its
/// steps one by one but for rounding, and splits where a step cannot join.
@Suite("Filter chains: neighbouring film-pass stages as one pass")
struct ChainMergeTests {
    /// The coffee sample at 300 × 200.
    static func photo() throws -> Image {
        try Image(contentsOf: Samples.url("coffee.png")).resized(width: 300, height: 200)
    }

    /// The steps one after another, each with its own derived seed (the chain before merging),
    /// each step's float output rounded to the nearest level (the steps alone truncate it where
    /// the next one needs 8 bits, which the merged pass does not).
    static func stepByStep(_ chain: FilterChain, _ image: Image, seed: UInt64, rounding: Bool = true) throws
        -> PixelBuffer
    {
        let context = FilterContext(seed: seed)
        var result = image
        for (index, filter) in chain.filters.enumerated() {
            result = try filter.apply(to: result, context: context.derived(index))
            if rounding, result.format != .uchar { result = try result.linear(multiply: 1, add: 0.5, toUChar: true) }
        }
        return try result.pixels()
    }

    /// The step indices of each group the chain runs.
    static func groups(_ chain: FilterChain) throws -> [[Int]] {
        try chain.plan(context: FilterContext(seed: 1)).map { $0.steps.map(\.index) }
    }

    static let userChains: [FilterChain] = [
        Vintage(fade: 0.6, warmth: 0.7, grain: 0.5, vignette: 0.5, leaks: 0.6).chain,
        // A black-and-white user chain: mix, curve, grain.
        FilterChain([
            try! Monochrome(red: 0.5, green: 0.4, blue: 0.1), ToneCurve(lift: 0.03, white: 0.97, contrast: 1.3),
            Grain(amount: 0.6, size: 1.4),
        ]),
        // Colour: vignette, cast and saturation (two matrices), curve, split tone.
        FilterChain([
            Vignette(amount: 0.4, radius: 0.3), ColorCast(red: 1.05, green: 1, blue: 0.9), Saturation(amount: 1.2),
            ToneCurve(lift: 0.05, white: 0.95, contrast: 1.1), SplitTone(),
        ]),
        // Leaks, then colour grain after a curve (its gains read through the curve).
        FilterChain([
            LightLeak(intensity: 0.7, count: 2, size: 0.5), ToneCurve(contrast: 1.2),
            Grain(amount: 0.5, size: 1, chroma: 0.3),
        ]),
        // A matrix after a curve (the matrix after the split tone), then grain (its gains read at
        // the level it is added to).
        FilterChain([
            ToneCurve(lift: 0.1, contrast: 1.3), Saturation(amount: 1.4), Grain(amount: 0.6, size: 1, chroma: 0.3),
        ]),
    ]

    @Test(arguments: 0..<userChains.count)
    func aMergedChainGivesTheStepsResultButForRounding(chain index: Int) throws {
        let chain = Self.userChains[index]
        #expect(try Self.groups(chain).contains { $0.count > 1 })
        let photo = try Self.photo()
        let merged = try chain.apply(to: photo, seed: 7).pixels()
        let steps = try Self.stepByStep(chain, photo, seed: 7)
        var worst = 0
        var differing = 0
        for (a, b) in zip(merged.samples, steps.samples) {
            let difference = abs(Int(a) - Int(b))
            worst = max(worst, difference)
            differing += difference > 1 ? 1 : 0
        }
        // Rounding once rather than after each step (each rounding moves a sample up to half a
        // level, which the later matrices and curves carry on): at most 3 levels, and more than 1
        // on under 4 % of samples (vintage: 2.3 %).
        #expect(worst <= 3)
        #expect(Double(differing) < 0.04 * Double(merged.samples.count))
    }

    @Test func vintageIsSoftnessThenOnePass() throws {
        // Softness | vignette, leaks, cast, curve, split tone, saturation, grain: saturation after
        // the split tone is the pass's matrix after the split tone, and the grain's gains are read
        // at the level it is added to.
        #expect(try Self.groups(Vintage().chain) == [[0], [1, 2, 3, 4, 5, 6, 7]])
    }

    @Test func aStepThatCannotJoinSplitsTheChain() throws {
        let chain = FilterChain([
            Vignette(), ColorCast(red: 1.1), Softness(), ToneCurve(), Grain(),
            try DateStamp(year: 1998, month: 7, day: 4),
            SplitTone(), Grain(amount: 0.2),
        ])
        #expect(try Self.groups(chain) == [[0, 1], [2], [3, 4], [5], [6, 7]])
    }

    @Test func halationOnlyStartsAPassAndStagesOutOfOrderSplit() throws {
        let chain = FilterChain([
            Vignette(), Halation(), ToneCurve(), Vignette(), LookupTableFilter(table: try .identity(size: 3)),
            Grain(),
        ])
        #expect(try Self.groups(chain) == [[0], [1, 2], [3, 4, 5]])
    }

    @Test func aSingleStepRunsAsItselfByteForByte() throws {
        let photo = try Self.photo()
        let chain = FilterChain([ColorCast(red: 1.1, blue: 0.9), Softness(), Saturation(amount: 0.8)])
        let merged = try chain.apply(to: photo, seed: 3).pixels()
        #expect(merged.samples == (try Self.stepByStep(chain, photo, seed: 3, rounding: false).samples))
    }
}
