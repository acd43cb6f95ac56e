import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@testable import FilmKit

/// The grain measured on rendered flat greys against the datasheets and the model
/// (<doc:FilmStocksAsData>).
@Suite("Grain by the numbers")
struct GrainModelTests {
    static let stocks = FilmStock.builtIn
    /// Mid-grey's sRGB level (18 % reflectance), where the model puts the density of 1.0 that
    /// granularity is published at.
    static let midGrey = 118

    /// The stock's look on a flat mid-grey of `width` × `height` on `format`, its grain scaled by
    /// `scale`, no halation or vignette.
    static func render(
        _ stock: FilmStock, width: Int, height: Int, format: FilmFormat = .thirtyFive, scale: Double = 1,
        seed: UInt64 = 7
    ) throws -> Image {
        let look = StockLook(stock: stock, grainScale: scale, halationScale: 0, vignette: 0)
        return try look.apply(
            to: TestImages.flat(Double(midGrey), width: width, height: height), seed: seed, format: format)
    }

    /// Each channel's standard deviation, in levels. The look is rendered once, into memory: each
    /// band's statistic of the lazy pipeline would render it again.
    static func deviations(_ image: Image) throws -> [Double] {
        let rendered = try image.materialized()
        return try (0..<3).map { try rendered.extractingBands($0).standardDeviation() }
    }

    /// Output levels per unit of density at mid-grey, worked out from the stock's published curve
    /// (its grey response either side of mid-grey), sRGB's definition and the film type's gamma:
    /// `T′ · ln 10 · lin / lin′ / γ`.
    static func levelsPerDensity(_ stock: FilmStock) -> [Double] {
        let look = StockLook(stock: stock)
        let below = look.expectedGrey(Double(midGrey - 1))
        let above = look.expectedGrey(Double(midGrey + 1))
        func linear(_ level: Double) -> Double { pow((level / 255 + 0.055) / 1.055, 2.4) }
        let level = Double(midGrey)
        let perDecade = log(10) * linear(level) / (linear(level + 0.5) - linear(level - 0.5))
        let gamma = GrainModel.gamma(for: stock.type)
        return (0..<3).map { (above[$0] - below[$0]) / 2 * perDecade / gamma }
    }

    /// On flat mid-grey, a 35 mm frame 750 pixels wide (48 µm of film a pixel, the aperture RMS
    /// granularity is measured through), the deviation of density read back through the stock's
    /// curve is the stock's published figure within 20 %. The grain is scaled up to about 4
    /// levels for the measurement (8-bit rounding would swamp Ektar's 0.3) and the scale divided
    /// out: the model is linear in it.
    @Test(arguments: stocks)
    func densityDeviationAtFortyEightMicronsIsTheDatasheets(stock: FilmStock) throws {
        let perDensity = Self.levelsPerDensity(stock)
        let scale = max(1, 4 / (stock.grain.rmsDensity * perDensity[1]))
        let measured = try Self.deviations(Self.render(stock, width: 750, height: 500, scale: scale))
        for channel in 0..<3 {
            let density = measured[channel] / perDensity[channel] / scale
            let ratio = density / stock.grain.rmsDensity
            #expect(abs(ratio - 1) < 0.2, "\(stock.id) channel \(channel): σD \(density), ratio \(ratio)")
        }
    }

    /// A frame rendered at 3,000 and 6,000 pixels and shrunk to 750 by averaging has the grain of
    /// the frame rendered at 750, within 10 % (for the stocks with the largest and a middling clump).
    @Test(arguments: ["ilford-delta-3200", "kodak-portra-400"])
    func renderingLargeAndShrinkingMatchesRenderingSmall(id: String) throws {
        let stock = try #require(Self.stocks.first { $0.id == id })
        let scale = max(1, 4 / (stock.grain.rmsDensity * Self.levelsPerDensity(stock)[1]))
        let small = try Self.deviations(Self.render(stock, width: 750, height: 500, scale: scale))[1]
        for factor in [4, 8] {
            let large = try Self.render(stock, width: 750 * factor, height: 500 * factor, scale: scale)
            let shrunk = try Self.deviations(large.shrunk(by: factor))[1]
            #expect(abs(shrunk / small - 1) < 0.1, "\(id) ×\(factor): \(shrunk) against \(small)")
        }
    }

    /// At the same pixel count a half frame is grainier and a 6×7 frame finer than 35 mm, by the
    /// model's ratio (the deviation at each format's pixel pitch) within 10 %.
    @Test func formatsScaleTheGrainByTheModelsRatio() throws {
        let stock = try #require(Self.stocks.first { $0.id == "kodak-tri-x-400" })
        let model = try #require(StockLook(stock: stock).pass.grain)
        func measured(_ format: FilmFormat) throws -> Double {
            try Self.deviations(Self.render(stock, width: 600, height: 400, format: format))[0]
        }
        func predicted(_ format: FilmFormat) -> Double {
            model.deviation(pitch: format.pixelPitch(width: 600, height: 400))
        }
        let base = try measured(.thirtyFive)
        for format in [FilmFormat.halfFrame, .sixBySeven] {
            let ratio = try measured(format) / base
            let expected = predicted(format) / predicted(.thirtyFive)
            #expect(abs(ratio / expected - 1) < 0.1, "\(format): \(ratio), model \(expected)")
        }
        #expect(predicted(.halfFrame) > predicted(.thirtyFive) && predicted(.sixBySeven) < predicted(.thirtyFive))
    }

    /// Colour stocks' grain is mostly brightness: on flat grey the deviation of chroma (a*, b*
    /// together) is at most 0.75 of the deviation of L*.
    @Test(arguments: stocks.filter { $0.type != .blackAndWhite })
    func colourGrainIsMostlyBrightness(stock: FilmStock) throws {
        let scale = max(1, 4 / (stock.grain.rmsDensity * Self.levelsPerDensity(stock)[1]))
        let lab = try Self.render(stock, width: 600, height: 400, scale: scale).converted(to: .lab).materialized()
        let lightness = try lab.extractingBands(0).standardDeviation()
        let a = try lab.extractingBands(1).standardDeviation()
        let b = try lab.extractingBands(2).standardDeviation()
        let chroma = (a * a + b * b).squareRoot()
        #expect(chroma <= 0.75 * lightness, "\(stock.id): chroma \(chroma), L* \(lightness)")
    }

    /// Colour grain's three dye layers are independent fields mixed into the channels (the kernel
    /// reads them from one field at places further apart than it is correlated): on flat grey two
    /// channels correlate as the mix makes them, `1 − 1.5 · chroma²`, not more. Portra 800's
    /// clumps (under a pixel at this size) and the coarsest `Grain` makes (several pixels).
    @Test func dyeLayersAreIndependentFieldsMixedIntoTheChannels() throws {
        let stock = try #require(Self.stocks.first { $0.id == "kodak-portra-800" })
        let scale = max(1, 4 / (stock.grain.rmsDensity * Self.levelsPerDensity(stock)[1]))
        let looks: [(any Filter, Double)] = [
            (StockLook(stock: stock, grainScale: scale, halationScale: 0, vignette: 0), GrainModel.dyeChroma),
            (Grain(amount: 0.3, size: 10, chroma: 0.3), 0.3),
        ]
        func correlation(_ a: [Double], _ b: [Double]) -> Double {
            let meanA = a.reduce(0, +) / Double(a.count)
            let meanB = b.reduce(0, +) / Double(b.count)
            var product = 0.0
            var squareA = 0.0
            var squareB = 0.0
            for (x, y) in zip(a, b) {
                product += (x - meanA) * (y - meanB)
                squareA += (x - meanA) * (x - meanA)
                squareB += (y - meanB) * (y - meanB)
            }
            return product / (squareA * squareB).squareRoot()
        }
        for (look, chroma) in looks {
            let image = try look.apply(
                to: TestImages.flat(Double(Self.midGrey), width: 1200, height: 300), seed: 7
            ).materialized()
            let channels = try (0..<3).map { try image.extractingBands($0).pixels().samples.map(Double.init) }
            let expected = 1 - 1.5 * chroma * chroma
            for (a, b) in [(0, 1), (0, 2), (1, 2)] {
                let measured = correlation(channels[a], channels[b])
                #expect(abs(measured - expected) < 0.015, "\(look) channels \(a), \(b): \(measured), model \(expected)")
            }
        }
    }

    /// The grain is isotropic: its correlation one pixel across equals its correlation one pixel
    /// down and one pixel diagonally scaled by distance, within noise; and there is no lattice: the
    /// variance does not depend on the position within any period.
    @Test func grainIsIsotropicWithNoLattice() throws {
        let stock = try #require(Self.stocks.first { $0.id == "ilford-delta-3200" })
        let image = try Self.render(stock, width: 3000, height: 2000, scale: 2).cropped(
            x: 0, y: 0, width: 512, height: 512)
        let pixels = try image.extractingBands(0).pixels()
        let width = pixels.width
        let values = pixels.samples.map(Double.init)
        let mean = values.reduce(0, +) / Double(values.count)
        func correlation(_ dx: Int, _ dy: Int) -> Double {
            var product = 0.0
            var square = 0.0
            for y in 0..<(width - dy) {
                for x in 0..<(width - dx) {
                    let a = values[y * width + x] - mean
                    product += a * (values[(y + dy) * width + x + dx] - mean)
                    square += a * a
                }
            }
            return product / square
        }
        let across = correlation(1, 0)
        let down = correlation(0, 1)
        #expect(across > 0.2, "clumps span pixels at 3,000 px: \(across)")
        #expect(abs(across - down) < 0.05, "across \(across), down \(down)")
        // Variance by position within a cell of 2…8 pixels: the same at every phase.
        for period in 2...8 {
            var sums = [Double](repeating: 0, count: period * period)
            var counts = [Double](repeating: 0, count: period * period)
            for y in 0..<width {
                for x in 0..<width {
                    let d = values[y * width + x] - mean
                    sums[(y % period) * period + x % period] += d * d
                    counts[(y % period) * period + x % period] += 1
                }
            }
            let variances = zip(sums, counts).map { $0 / $1 }
            let spread = (variances.max() ?? 0) / (variances.min() ?? 1)
            #expect(spread < 1.35, "period \(period): \(variances)")
        }
    }

    /// A pixel's grain does not depend on the strip it is rendered in (which is what threads
    /// share out): a region computed on its own has the bytes of the same region of the whole
    /// frame.
    @Test func aRegionRendersTheSameBytesAsTheWholeFrame() throws {
        let stock = try #require(Self.stocks.first { $0.id == "kodak-portra-800" })
        let look = StockLook(stock: stock, grainScale: 4)
        let photo = try Image(contentsOf: Samples.url("chelsea.png"))
        let large = try photo.resized(scale: 2).cast(to: .uchar).materialized()
        let whole = try look.apply(to: large, seed: 3).materialized()
        let region = try look.apply(to: large, seed: 3).cropped(x: 37, y: 101, width: 203, height: 57).pixels()
        #expect(try whole.cropped(x: 37, y: 101, width: 203, height: 57).pixels() == region)
    }
}
