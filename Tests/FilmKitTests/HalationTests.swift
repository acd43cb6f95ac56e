import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

/// Halation from an estimate of scene exposure: a glow around light that over-exposed the film,
/// none around bright surfaces that did not.
@Suite("Halation")
struct HalationTests {
    static let stocks = FilmStock.builtIn
    static func stock(_ id: String) throws -> FilmStock { try #require(stocks.first { $0.id == id }) }

    /// A dusk scene, 900×600: four pastel patches at display luma 0.85 (pink, blue, cream, grey) on
    /// the left, and on the right a small clipped lamp (a white disc of radius 4).
    static let light = (x: 700, y: 300)
    static let patches = [
        (x: 40, y: 60, color: [250, 205, 215]), (x: 240, y: 60, color: [190, 220, 240]),
        (x: 40, y: 330, color: [236, 216, 190]), (x: 240, y: 330, color: [217, 217, 217]),
    ]
    static let patchSize = 170

    static func scene() throws -> Image {
        let width = 900
        let height = 600
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        func paint(_ x: Int, _ y: Int, _ color: [Int]) {
            for band in 0..<3 { samples[(y * width + x) * 3 + band] = UInt8(color[band]) }
        }
        for y in 0..<height {
            for x in 0..<width { paint(x, y, [28, 34, 52]) }
        }
        for patch in patches {
            for y in patch.y..<(patch.y + patchSize) {
                for x in patch.x..<(patch.x + patchSize) { paint(x, y, patch.color) }
            }
        }
        for y in (light.y - 4)...(light.y + 4) {
            for x in (light.x - 4)...(light.x + 4) {
                let dx = x - light.x
                let dy = y - light.y
                if dx * dx + dy * dy <= 16 { paint(x, y, [255, 255, 255]) }
            }
        }
        return try Image(pixels: PixelBuffer(width: width, height: height, bands: 3, samples: samples))
    }

    /// What halation adds, per channel: the look with halation minus the look without.
    static func glow(of filter: (Double) -> any Filter, on image: Image) throws -> PixelBuffers {
        let with = try filter(1).apply(to: image).cast(to: .float).pixelsAsDoubles()
        let without = try filter(0).apply(to: image).cast(to: .float).pixelsAsDoubles()
        return PixelBuffers(width: image.width, with: with, without: without)
    }

    static func stockGlow(_ id: String, on image: Image) throws -> PixelBuffers {
        let stock = try stock(id)
        return try glow(of: { StockLook(stock: stock, grainScale: 0, halationScale: $0, vignette: 0) }, on: image)
    }

    @Test func patchesOfPastelAtLuma085GetNoRedSpreadOnAnyStock() async throws {
        for patch in Self.patches {
            let luma =
                0.2126 * Double(patch.color[0]) + 0.7152 * Double(patch.color[1]) + 0.0722 * Double(patch.color[2])
            #expect(abs(luma / 255 - 0.85) < 0.01, "patch \(patch.color) is at luma \(luma / 255)")
        }
        // Every stock's glow, scanned pixel by pixel: seconds of work, off the cooperative pool.
        let spreads = try await offPool {
            let scene = try Self.scene()
            return try Self.stocks.map { try (id: $0.id, largest: Self.pastelSpread($0, on: scene)) }
        }
        for spread in spreads {
            #expect(
                spread.largest < 0.5,
                "\(spread.id): halation changed pixels around pastel patches by \(spread.largest) levels")
        }
        #expect(spreads.count == Self.stocks.count)
    }

    /// The largest change `stock`'s halation makes over the pastel patches and a band as wide as
    /// the glow's reach around them, in levels. (libvips finds the extremes: a scan in Swift took
    /// most of a second per stock in a debug build.)
    static func pastelSpread(_ stock: FilmStock, on scene: Image) throws -> Double {
        let look = { StockLook(stock: stock, grainScale: 0, halationScale: $0, vignette: 0) }
        let glow = try look(1).apply(to: scene).cast(to: .float)
            .subtracting(look(0).apply(to: scene).cast(to: .float)).materialized()
        let reach = Int(4 * stock.halation.radius * 600) + 4
        var largest = 0.0
        for patch in patches {
            let left = max(0, patch.x - reach)
            let top = max(0, patch.y - reach)
            let region = try glow.cropped(
                x: left, y: top, width: min(900, patch.x + patchSize + reach) - left,
                height: min(600, patch.y + patchSize + reach) - top)
            largest = max(largest, try region.maximum(), -(try region.minimum()))
        }
        return largest
    }

    @Test func aSmallClippedLightGetsARedOrangeGlowWhoseRadiusFollowsTheStock() throws {
        let scene = try Self.scene()
        for id in ["cinestill-800t", "kodak-portra-400", "kodak-gold-200"] {
            let stock = try Self.stock(id)
            let colour = stock.halation.color(for: stock.type)
            // The glow alone, with no tone curve in the way, so its shape can be measured.
            let glow = try Self.glow(
                of: { Halation(strength: stock.halation.strength * $0, radius: stock.halation.radius, color: colour) },
                on: scene)
            let sigma = try #require(glow.fittedSigma(around: Self.light), "\(id): no glow to measure")
            let expected = stock.halation.radius * 600
            #expect(
                sigma > 0.85 * expected && sigma < 1.3 * expected, "\(id): glow sigma \(sigma), stock's \(expected)")
            let near = (0..<3).map { glow[Self.light.x + Int(expected) + 4, Self.light.y, $0] }
            #expect(near[0] > 2 && near[0] > near[1] && near[1] > near[2] && near[2] >= 0, "\(id): glow \(near)")
        }
    }

    @Test func cineStill800TSpreadsMoreThanPortra400() throws {
        let scene = try Self.scene()
        let cinestill = try Self.stockGlow("cinestill-800t", on: scene)
        let portra = try Self.stockGlow("kodak-portra-400", on: scene)
        // Red added outside the lamp, and how far from it red is still added by a level or more.
        let redC = cinestill.redAround(Self.light, beyond: 6)
        let redP = portra.redAround(Self.light, beyond: 6)
        #expect(redC.total > 5 * redP.total, "red added: CineStill \(redC.total), Portra \(redP.total)")
        #expect(redC.reach > redP.reach + 4, "reach: CineStill \(redC.reach) px, Portra \(redP.reach) px")
        #expect(redP.total > 0, "Portra 400 halates a little")
    }

    /// The glow is the same bytes whether the frame streams from a sequentially decoded JPEG or sits
    /// in memory, whatever the read-ahead the glow needs (here more than libvips keeps by default).
    @Test func aWideGlowStreamsFromASequentialJPEGAsFromMemory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let tall = try Self.scene().resized(width: 1200, height: 4000, kernel: .linear)
        let file = folder.file("tall.jpg")
        try tall.write(to: file, as: .jpeg(quality: 95))
        let look = Halation(strength: 0.8, radius: 0.08)
        let streamed = try look.apply(to: Image(contentsOf: file, options: .init(sequential: true)))
            .encoded(as: .png())
        let inMemory = try look.apply(to: Image(contentsOf: file)).encoded(as: .png())
        #expect(streamed.isSameBytes(as: inMemory))
    }

    @Test func aDamagedJPEGStreamingThroughAStockIsATypedError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let whole = try Self.scene().encoded(as: .jpeg(quality: 90))
        let file = folder.file("damaged.jpg")
        try whole.prefix(whole.count * 2 / 3).write(to: file)
        let look = try FilterRegistry().makeFilter("cinestill-800t")
        #expect(look.readsInputSequentially)
        #expect(throws: ImagingError.self) {
            try look.apply(to: Image(contentsOf: file, options: .init(sequential: true))).encoded(as: .jpeg())
        }
        // Written to a file: the error, the earlier file there untouched, no temporary file left.
        let target = folder.file("out.jpg")
        try Data("earlier".utf8).write(to: target)
        #expect(throws: ImagingError.self) {
            try look.apply(to: Image(contentsOf: file, options: .init(sequential: true))).write(to: target)
        }
        #expect(try Data(contentsOf: target) == Data("earlier".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["damaged.jpg", "out.jpg"])
    }
}

/// Two renderings of one image as doubles, and their difference.
struct PixelBuffers {
    let width: Int
    let with: [Double]
    let without: [Double]

    subscript(x: Int, y: Int, band: Int) -> Double {
        let index = (y * width + x) * 3 + band
        return with[index] - without[index]
    }

    /// The sigma of a Gaussian fitted to the red glow along the row through `centre`, from where it
    /// is no longer saturated to where it fades below two levels.
    func fittedSigma(around centre: (x: Int, y: Int)) -> Double? {
        var points: [(Double, Double)] = []
        for distance in 6..<150 where centre.x + distance < width {
            let red = (self[centre.x + distance, centre.y, 0] + self[centre.x - distance, centre.y, 0]) / 2
            if red > 2 && red < 150 { points.append((Double(distance * distance), log(red))) }
        }
        guard points.count >= 4 else { return nil }
        let meanX = points.map(\.0).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.1).reduce(0, +) / Double(points.count)
        let covariance = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
        let variance = points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
        let slope = covariance / variance
        return slope < 0 ? (-1 / (2 * slope)).squareRoot() : nil
    }

    /// The red added within 100 pixels of `centre` but more than `beyond` from it, and the
    /// farthest distance along the row at which at least one level is added.
    func redAround(_ centre: (x: Int, y: Int), beyond: Int) -> (total: Double, reach: Int) {
        var total = 0.0
        for y in (centre.y - 100)...(centre.y + 100) {
            for x in (centre.x - 100)...(centre.x + 100) {
                let dx = x - centre.x
                let dy = y - centre.y
                if dx * dx + dy * dy > beyond * beyond { total += max(0, self[x, y, 0]) }
            }
        }
        let reach = (0..<100).last { self[centre.x + $0, centre.y, 0] >= 1 } ?? 0
        return (total, reach)
    }
}

extension Image {
    /// Every sample as a double (the image is cast to float first).
    func pixelsAsDoubles() throws -> [Double] {
        let bands = self.bands
        // Rendered once: each band taken from the lazy pipeline would render it again.
        let rendered = try materialized()
        let one = try (0..<bands).map { try rendered.extractingBands($0).floatSamples() }
        var samples = [Double](repeating: 0, count: one[0].count * bands)
        for band in 0..<bands {
            for (index, value) in one[band].enumerated() { samples[index * bands + band] = Double(value) }
        }
        return samples
    }
}
