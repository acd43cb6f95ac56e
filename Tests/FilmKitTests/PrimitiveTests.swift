import FilmKit
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// Each primitive measured on pixels: it does what its documentation says.
@Suite("Primitives on pixels")
struct PrimitiveTests {
    @Test(arguments: [0.2, 0.5, 0.8])
    func vignetteDarkensCornersByTheSetAmount(amount: Double) throws {
        let output = try Vignette(amount: amount, radius: 0.4).apply(to: TestImages.flat(200, width: 300, height: 200))
        let centre = try output.cropped(x: 145, y: 95, width: 10, height: 10).mean()
        let corner = try output.cropped(x: 0, y: 0, width: 2, height: 2).mean()
        #expect(abs(centre - 200) < 0.5)
        #expect(abs(corner - 200 * (1 - amount)) < 200 * 0.02, "corner \(corner)")
        // Smooth: halfway to the corner is darker than the centre, lighter than the corner.
        let halfway = try output.cropped(x: 60, y: 40, width: 4, height: 4).mean()
        #expect(halfway < centre && halfway > corner)
    }

    @Test func toneCurveLiftsBlacksRollsOffWhitesAndIsMonotone() throws {
        let curve = ToneCurve(lift: 0.08, white: 0.92, contrast: 1.3)
        let wedge = try TestImages.stepWedge()
        let output = try curve.apply(to: wedge)
        let levels = try (0..<11).map { try TestImages.step($0, of: output).mean() }
        #expect(try output.minimum() >= 0.08 * 255 - 0.5)
        #expect(try output.maximum() <= 0.92 * 255 + 0.5)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 < $1 }, "\(levels)")
        // Mid-tone contrast is raised: the steps around mid-grey spread further than the input's 25.5.
        #expect(levels[6] - levels[4] > 2 * 25.5)
    }

    @Test func grainGrowsWithAmountAndIsStrongestInTheMidTones() throws {
        func deviation(level: Double, amount: Double) throws -> Double {
            try Grain(amount: amount, size: 1).apply(to: TestImages.flat(level, width: 400, height: 400), seed: 5)
                .standardDeviation()
        }
        let weak = try deviation(level: 128, amount: 0.2)
        let medium = try deviation(level: 128, amount: 0.5)
        let strong = try deviation(level: 128, amount: 0.9)
        #expect(weak < medium && medium < strong)
        #expect(try deviation(level: 8, amount: 0.5) < medium / 2)
        #expect(try deviation(level: 247, amount: 0.5) < medium / 2)
        // Grain adds texture, not brightness.
        let mean = try Grain(amount: 0.5).apply(to: TestImages.flat(128, width: 400, height: 400), seed: 5).mean()
        #expect(abs(mean - 128) < 1)
    }

    @Test func grainClumpsGrowWithSize() throws {
        // Neighbouring pixels agree more when clumps are larger.
        func neighbourCorrelation(size: Double) throws -> Double {
            let grain = try Grain(amount: 0.8, size: size).apply(
                to: TestImages.flat(128, width: 1000, height: 1000), seed: 9)
            let pixels = try grain.extractingBands(0).pixels()
            var product = 0.0
            var square = 0.0
            for y in 0..<pixels.height {
                for x in 0..<(pixels.width - 1) {
                    let a = Double(pixels[x, y, 0]) - 128
                    let b = Double(pixels[x + 1, y, 0]) - 128
                    product += a * b
                    square += a * a
                }
            }
            return product / square
        }
        let fine = try neighbourCorrelation(size: 0.5)
        let coarse = try neighbourCorrelation(size: 6)
        #expect(fine < 0.2)
        #expect(coarse > 0.6)
    }

    @Test func monochromeGrainIsEqualInEveryChannelAndColourGrainIsNot() throws {
        let mono = try Grain(amount: 0.5, chroma: 0).apply(to: TestImages.flat(128), seed: 1).cast(to: .uchar).pixels()
        #expect(mono.hasEqualChannels)
        let colour = try Grain(amount: 0.5, chroma: 1).apply(to: TestImages.flat(128), seed: 1)
        let difference = try colour.extractingBands(0).subtracting(colour.extractingBands(2)).standardDeviation()
        #expect(difference > 3)
    }

    @Test func splitToneWarmsShadowsAndCoolsHighlights() throws {
        let tone = SplitTone(shadowHue: 30, shadowStrength: 0.3, highlightHue: 210, highlightStrength: 0.3)
        let shadow = try tone.apply(to: TestImages.flat(40)).bandMeans()
        let highlight = try tone.apply(to: TestImages.flat(215)).bandMeans()
        #expect(shadow[0] > shadow[2] + 5)
        #expect(highlight[2] > highlight[0] + 5)
        // The tints have no net brightness.
        #expect(abs(shadow.reduce(0, +) / 3 - 40) < 1)
    }

    @Test func saturationScalesColourAroundGrey() throws {
        let colour = try Image.solid(width: 16, height: 16, value: [200, 100, 50])
        let grey = try Saturation(amount: 0).apply(to: colour).bandMeans()
        #expect(abs(grey[0] - grey[1]) < 0.01 && abs(grey[1] - grey[2]) < 0.01)
        let same = try Saturation(amount: 1).apply(to: colour).bandMeans()
        #expect(zip(same, [200.0, 100, 50]).allSatisfy { abs($0 - $1) < 0.01 })
        let vivid = try Saturation(amount: 1.5).apply(to: colour).bandMeans()
        #expect(vivid[0] - vivid[2] > 150 * 1.4)
    }

    @Test func monochromeMixesChannelsIntoEqualBands() throws {
        let red = try Image.solid(width: 8, height: 8, value: [255, 0, 0])
        let redFilter = try Monochrome(red: 1, green: 0, blue: 0).apply(to: red).bandMeans()
        let blueFilter = try Monochrome(red: 0, green: 0, blue: 1).apply(to: red).bandMeans()
        #expect(redFilter == [255, 255, 255])
        #expect(blueFilter == [0, 0, 0])
    }

    @Test func lightLeaksOnlyBrightenAndFollowTheSeed() throws {
        let base = try TestImages.flat(90, width: 300, height: 200)
        let leak = LightLeak(intensity: 0.8, count: 3, size: 0.5)
        let first = try leak.apply(to: base, seed: 11)
        #expect(try first.minimum() >= 89.5)
        #expect(try first.mean() > 95)
        let means = try first.bandMeans()
        #expect(means[0] > means[2], "leaks are warm")
        #expect(try first.encoded(as: .png()) == leak.apply(to: base, seed: 11).encoded(as: .png()))
        #expect(try first.encoded(as: .png()) != leak.apply(to: base, seed: 12).encoded(as: .png()))
    }

    @Test func softnessSmoothsFlatAreasAndKeepsEdges() throws {
        let noisy = try TestImages.flat(128, width: 200, height: 200).adding(
            Image.noise(width: 200, height: 200, sigma: 4, seed: 3))
        let soft = Softness(radius: 10, strength: 0.5)
        #expect(try soft.apply(to: noisy).standardDeviation() < 0.5 * noisy.standardDeviation())

        let edge = try Image.grid(
            [TestImages.flat(30, width: 100, height: 100), TestImages.flat(220, width: 100, height: 100)], across: 2)
        let kept = try soft.apply(to: edge)
        let left = try kept.cropped(x: 95, y: 40, width: 3, height: 20).mean()
        let right = try kept.cropped(x: 102, y: 40, width: 3, height: 20).mean()
        #expect(right - left > 0.9 * 190, "edge kept: \(left) → \(right)")
    }

    @Test func colorCastScalesEachChannel() throws {
        let cast = try ColorCast(red: 1.2, green: 1, blue: 0.8).apply(to: TestImages.flat(100)).bandMeans()
        #expect(zip(cast, [120.0, 100, 80]).allSatisfy { abs($0 - $1) < 0.01 })
    }
}
