import FilmKit
import Foundation
import Imaging
import Testing

/// A lookup table is applied by the film pass (one streaming libvips operation): a 3D table gives
/// the bytes the separate table operation gave before, and a 1D table rounds to the nearest level.
@Suite("Lookup tables: in the film pass")
struct LUTPassTests {
    /// The table's entries in single precision, as the kernels read them.
    static let entries = LUTReferenceTests.entries.flatMap { $0.map(Float.init) }

    /// What the former separate operation (`akv_lut3d`) made of one pixel at intensity 1, with its
    /// single-precision arithmetic step by step: the level's cell and fraction, Kasson et al.'s
    /// six cases, the weighted sum of four corners, then `sum · 255 + 0.5` truncated within 0…255.
    static func formerBytes(_ pixel: [UInt8]) -> [UInt8] {
        let table = LUTReferenceTests.table
        let size = table.size
        let entries = Self.entries
        var cell = [0, 0, 0]
        var fraction: [Float] = [0, 0, 0]
        for c in 0..<3 {
            let span = Float(table.domainMax[c]) - Float(table.domainMin[c])
            var position = (Float(pixel[c]) / 255 - Float(table.domainMin[c])) / span * Float(size - 1)
            position = min(max(position, 0), Float(size - 1))
            cell[c] = min(Int(position), size - 2)
            fraction[c] = position - Float(cell[c])
        }
        func corner(_ dr: Int, _ dg: Int, _ db: Int) -> Int {
            3 * (((cell[2] + db) * size + cell[1] + dg) * size + cell[0] + dr)
        }
        let (fr, fg, fb) = (fraction[0], fraction[1], fraction[2])
        let c1: Int, c2: Int, w: [Float]
        if fr > fg {
            if fg > fb {
                (c1, c2, w) = (corner(1, 0, 0), corner(1, 1, 0), [1 - fr, fr - fg, fg - fb, fb])
            } else if fr > fb {
                (c1, c2, w) = (corner(1, 0, 0), corner(1, 0, 1), [1 - fr, fr - fb, fb - fg, fg])
            } else {
                (c1, c2, w) = (corner(0, 0, 1), corner(1, 0, 1), [1 - fb, fb - fr, fr - fg, fg])
            }
        } else if fb > fg {
            (c1, c2, w) = (corner(0, 0, 1), corner(0, 1, 1), [1 - fb, fb - fg, fg - fr, fr])
        } else if fb > fr {
            (c1, c2, w) = (corner(0, 1, 0), corner(0, 1, 1), [1 - fg, fg - fb, fb - fr, fr])
        } else {
            (c1, c2, w) = (corner(0, 1, 0), corner(1, 1, 0), [1 - fg, fg - fr, fr - fb, fb])
        }
        let (c0, c3) = (corner(0, 0, 0), corner(1, 1, 1))
        return (0..<3).map { c in
            var sum = w[0] * entries[c0 + c]
            sum += w[1] * entries[c1 + c]
            sum += w[2] * entries[c2 + c]
            sum += w[3] * entries[c3 + c]
            let scaled = sum * 255 + 0.5
            return scaled > 0 ? (scaled >= 255 ? 255 : UInt8(scaled)) : 0
        }
    }

    @Test func aThreeDimensionalTableAtFullIntensityGivesTheFormerBytes() throws {
        let input = try LUTReferenceTests.colours()
        let output = try LookupTableFilter(table: LUTReferenceTests.table).apply(to: input).pixels()
        let pixels = try input.pixels()
        var differing = 0
        for y in 0..<128 {
            for x in 0..<128 {
                let expected = Self.formerBytes((0..<3).map { pixels[x, y, $0] })
                differing += (0..<3).filter { output[x, y, $0] != expected[$0] }.count
            }
        }
        #expect(differing == 0)
    }

    /// A 1D table whose entries fall between levels: each is rounded to the nearest, not truncated
    /// to the level below (the former result was up to a level darker).
    @Test func aOneDimensionalTableRoundsToTheNearestLevel() throws {
        // Two entries per channel, 0 and 200.7, 100.2 and 50.5 levels at the top: 0…255 in maps
        // linearly onto them.
        let top: [Double] = [200.7, 100.2, 50.5]
        let table = try ColorLookupTable(
            entries: .oneDimensional(size: 2, values: [[0, 0, 0], top.map { $0 / 255 }]))
        let levels: [UInt8] = [0, 37, 128, 200, 255]
        let input = try Image(
            pixels: PixelBuffer(width: levels.count, height: 1, bands: 3, samples: levels.flatMap { [$0, $0, $0] }))
        let output = try LookupTableFilter(table: table).apply(to: input).pixels()
        for (x, level) in levels.enumerated() {
            for c in 0..<3 {
                let exact = Double(level) / 255 * top[c]
                #expect(abs(Double(output[x, 0, c]) - exact) <= 0.5 + 1e-3, "level \(level), channel \(c)")
            }
        }
    }

    @Test func aTableStreamsItsInputInOnePass() throws {
        #expect(LookupTableFilter(table: LUTReferenceTests.table).readsInputSequentially)
        #expect(LookupTableFilter(table: try .identity(size: 256, threeDimensional: false)).readsInputSequentially)
    }
}
