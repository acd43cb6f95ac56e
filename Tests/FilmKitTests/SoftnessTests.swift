import Foundation
import Imaging
import TestSupport
import Testing

@testable import FilmKit

/// `Softness` computes its means on a grid of cells when its blur spans several pixels (the fast
/// guided filter), with the look of the filter at full size.
@Suite("Softness: the guided filter's means on a grid of cells")
struct SoftnessTests {
    /// The coffee sample (600 × 400): with radius 8 its blur is 3.2 pixels, as `vintage`'s and
    /// `black-and-white`'s are on a 24 MP frame (radius 0.8 of 4,000 pixels).
    static func photo() throws -> Image {
        try Image(contentsOf: Samples.url("coffee.png"))
    }

    /// Mean and largest absolute difference between two 8-bit images, in levels.
    static func difference(_ a: Image, _ b: Image) throws -> (mean: Double, max: Int) {
        let x = try a.pixels().samples
        let y = try b.pixels().samples
        #expect(x.count == y.count)
        var sum = 0
        var worst = 0
        for (p, q) in zip(x, y) {
            let d = abs(Int(p) - Int(q))
            sum += d
            worst = max(worst, d)
        }
        return (Double(sum) / Double(max(x.count, 1)), worst)
    }

    @Test func theCellSizeFollowsTheBlur() {
        #expect(Softness.cellSize(sigma: 0.5) == 1)
        #expect(Softness.cellSize(sigma: 2.3) == 1)
        // vintage and black-and-white on 24 MP (σ = 3.2), and on 12 MP (σ = 2.4).
        #expect(Softness.cellSize(sigma: 3.2) == 2)
        #expect(Softness.cellSize(sigma: 2.4) == 2)
        #expect(Softness.cellSize(sigma: 4) == 3)
        #expect(Softness.cellSize(sigma: 1000) == 16)
        #expect(Softness.cellSize(sigma: .infinity) == 1)
        #expect(Softness.cellSize(sigma: .nan) == 1)
    }

    /// A blur the operation refuses is a typed error, not a trap in the cell-size rule.
    @Test func anInfiniteRadiusIsAnError() throws {
        let photo = try Self.photo()
        #expect(throws: ImagingError.self) { try Softness(radius: .infinity).apply(to: photo).pixels() }
    }

    /// On a real photo, cells of 2 × 2 pixels (what σ = 3.2 picks) against the filter at full
    /// size: on average within 0.06 of a level, at most 8 levels on a sample (measured 0.023 and
    /// 4 at `vintage`'s strength 0.12, 0.048 and 7 at 0.3), under a tenth of what the filter
    /// itself changes.
    @Test(arguments: [0.12, 0.3])
    func cellsGiveTheFullSizeLookWithinTolerance(strength: Double) throws {
        let photo = try Self.photo()
        let soft = Softness(radius: 8, strength: strength)
        let full = try soft.apply(to: photo, factor: 1)
        let cells = try soft.apply(to: photo)
        let (mean, worst) = try Self.difference(full, cells)
        let smoothing = try Self.difference(photo, full)
        #expect(mean <= 0.06 && worst <= 8, "cells against full size: mean \(mean), max \(worst)")
        #expect(mean < 0.1 * smoothing.mean, "the filter's own change: mean \(smoothing.mean)")
    }

    /// Each cell is computed from the image alone, not from the tile asking for it: a part of the
    /// result computed on its own (other tiles) is the same part of the whole.
    @Test func theResultDoesNotDependOnTheTiles() throws {
        let soft = try Softness(radius: 8, strength: 0.3).apply(to: Self.photo())
        let whole = try soft.pixels()
        let part = try soft.cropped(x: 37, y: 23, width: 301, height: 203).pixels()
        var differing = 0
        for y in 0..<part.height {
            for x in 0..<part.width {
                for band in 0..<3 where part[x, y, band] != whole[x + 37, y + 23, band] {
                    differing += 1
                }
            }
        }
        #expect(differing == 0)
    }

    /// 8-bit input runs in 8 bits (no float copy of the frame): the float result rounded.
    @Test func eightBitInputGivesTheFloatResultRounded() throws {
        let photo = try Self.photo()
        let soft = Softness(radius: 8, strength: 0.12)
        let direct = try soft.apply(to: photo)
        #expect(direct.format == .uchar)
        let float = try soft.apply(to: photo.cast(to: .float))
        #expect(float.format == .float)
        let rounded = try float.linear(multiply: 1, add: 0.5, toUChar: true)
        #expect(try direct.pixels() == rounded.pixels())
    }
}
