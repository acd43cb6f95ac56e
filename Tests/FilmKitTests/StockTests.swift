import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Film stocks")
struct StockTests {
    static let stocks = FilmStock.builtIn

    @Test func atLeastADozenRealStocksAreRegisteredWithTheirSources() throws {
        #expect(Self.stocks.count >= 12)
        let registered = FilterRegistry.shared.names(in: .stock)
        for stock in Self.stocks {
            #expect(registered.contains(stock.id))
            #expect(stock.sources.contains("ISO"), "\(stock.id) names where its speed comes from")
            #expect(try FilterRegistry.shared.description(of: stock.id).title == stock.name)
        }
        for id in ["kodak-portra-400", "kodak-ektar-100", "fujifilm-velvia-50", "kodak-tri-x-400", "cinestill-800t"] {
            #expect(registered.contains(id))
        }
    }

    /// A grey wedge through the stock's tone and colour (no grain, halation or vignette) matches
    /// the stock's curves within 1.5 levels, rises monotonically, lifts black and holds white back.
    @Test(arguments: stocks)
    func stepWedgeFollowsTheStocksCurve(stock: FilmStock) throws {
        let look = StockLook(stock: stock, grainScale: 0, halationScale: 0, vignette: 0)
        let output = try look.apply(to: TestImages.stepWedge())
        let steps = try (0..<11).map { try TestImages.step($0, of: output).bandMeans() }
        for (index, measured) in steps.enumerated() {
            let expected = look.expectedGrey((255 * Double(index) / 10).rounded())
            for channel in 0..<3 {
                #expect(abs(measured[channel] - expected[channel]) < 1.5, "step \(index) channel \(channel)")
            }
        }
        for channel in 0..<3 {
            let levels = steps.map { $0[channel] }
            #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 < $1 }, "channel \(channel): \(levels)")
        }
        let blacks = [stock.curve.red.black, stock.curve.green.black, stock.curve.blue.black]
        let whites = [stock.curve.red.white, stock.curve.green.white, stock.curve.blue.white]
        let darkest = steps[0].reduce(0, +) / 3
        let brightest = steps[10].reduce(0, +) / 3
        #expect(darkest >= 255 * blacks.reduce(0, +) / 3 - 1 && darkest > 2)
        #expect(brightest <= 255 * whites.reduce(0, +) / 3 + 1 && brightest < 253)
    }

    /// `expectedGrey` runs the film pass's C kernel on one pixel; this holds it to the stock's data
    /// without a second copy of the kernel's rule. A grey passes the colour matrix unchanged (its
    /// rows sum to 1), so each channel is the published curve at the grey moved by the channel's
    /// cast, `255 · curve(x^(1/cast))`: exactly so for black and white (no split tone); for colour
    /// stocks on average over the channels (the split tone's tints have zero mean), and each
    /// channel within the tints' strength of it.
    @Test(arguments: stocks)
    func expectedGreyIsThePublishedCurveMovedByTheCast(stock: FilmStock) {
        let look = StockLook(stock: stock)
        let curves = [stock.curve.red, stock.curve.green, stock.curve.blue]
        let tinting = 255 * (stock.color.shadowTint.strength + stock.color.highlightTint.strength)
        for level in stride(from: 0.0, through: 255, by: 15) {
            let published = (0..<3).map { 255 * curves[$0].value(at: pow(level / 255, 1 / stock.color.cast[$0])) }
            let expected = look.expectedGrey(level)
            for channel in 0..<3 {
                #expect(
                    abs(expected[channel] - published[channel]) <= tinting + 0.01, "level \(level) channel \(channel)")
            }
            let mean = expected.reduce(0, +) / 3
            #expect(abs(mean - published.reduce(0, +) / 3) < 0.01, "level \(level): \(expected) against \(published)")
        }
    }

    @Test func grainRisesWithSpeedAndGranularity() throws {
        let grey = try TestImages.flat(128, width: 600, height: 600)
        func deviation(_ id: String) throws -> Double {
            let look = try FilterRegistry.shared.makeFilter(id, parameters: ["halation": 0, "vignette": 0])
            return try look.apply(to: grey, seed: 4).extractingBands(1).standardDeviation()
        }
        let ids = ["kodak-ektar-100", "kodak-portra-400", "kodak-portra-800", "ilford-delta-3200"]
        let deviations = try ids.map(deviation)
        #expect(zip(deviations, deviations.dropFirst()).allSatisfy { $0 < $1 }, "\(deviations)")
    }

    @Test(arguments: stocks.filter { $0.type == .blackAndWhite })
    func blackAndWhiteStocksGiveEqualChannels(stock: FilmStock) throws {
        let photo = try Image(contentsOf: Samples.url("rocket.jpg"))
        let output = try StockLook(stock: stock).apply(to: photo, seed: 3).cast(to: .uchar).pixels()
        #expect(output.hasEqualChannels)
    }

    @Test func halationGlowsRedAroundABrightDiscAndNowhereElse() throws {
        let disc = try TestImages.flat(0, width: 400, height: 400).inserting(
            TestImages.flat(255, width: 12, height: 12), x: 194, y: 194)
        let stock = try #require(Self.stocks.first { $0.id == "cinestill-800t" })
        let with = try StockLook(stock: stock, grainScale: 0, vignette: 0).apply(to: disc)
        let without = try StockLook(stock: stock, grainScale: 0, halationScale: 0, vignette: 0).apply(to: disc)
        let difference = try with.subtracting(without)
        let near = try difference.cropped(x: 212, y: 194, width: 8, height: 12).bandMeans()
        #expect(near[0] > 10, "red glow next to the disc: \(near)")
        #expect(near[0] > near[1] && near[1] >= near[2])
        let far = try difference.cropped(x: 0, y: 0, width: 60, height: 60)
        #expect(try far.maximum() < 0.5 && far.minimum() > -0.5)

        let antiHalation = try #require(Self.stocks.first { $0.id == "kodak-ektar-100" })
        let weak = try StockLook(stock: antiHalation, grainScale: 0, vignette: 0).apply(to: disc)
            .subtracting(StockLook(stock: antiHalation, grainScale: 0, halationScale: 0, vignette: 0).apply(to: disc))
        #expect(try weak.cropped(x: 212, y: 194, width: 8, height: 12).bandMeans()[0] < near[0] / 4)
    }

    @Test func sameSeedSameBytesPerStock() throws {
        let photo = try Image(contentsOf: Samples.url("chelsea.png"))
        let look = try FilterRegistry.shared.makeFilter("kodak-portra-400")
        let first = try look.apply(to: photo, seed: 10).encoded(as: .png())
        #expect(try look.apply(to: photo, seed: 10).encoded(as: .png()) == first)
        #expect(try look.apply(to: photo, seed: 11).encoded(as: .png()) != first)
    }
}

@Suite("Film stocks as data")
struct StockFileTests {
    func json(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(FilmStock.builtIn[0])) as! [String: Any]
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func aUserStockFileRegistersAtRunTimeWithNoCode() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let data = try json {
            $0["id"] = "my-expired-gold"
            $0["name"] = "My Expired Gold"
        }
        try data.write(to: folder.file("expired.json"))
        let registry = FilterRegistry(includingBuiltIns: false)
        let loaded = try registry.registerStocks(in: folder.url)
        #expect(loaded.map(\.id) == ["my-expired-gold"])
        let look = try registry.makeFilter("my-expired-gold", parameters: ["grain": 2])
        #expect(try look.apply(to: TestImages.flat(100, width: 32, height: 32), seed: 1).width == 32)
        #expect(throws: FilterError.duplicateName("my-expired-gold")) { try registry.registerStocks(in: folder.url) }
    }

    @Test func malformedStockFilesGetTypedErrorsNamingTheProblem() throws {
        #expect(throws: FilmStockError.self) { try FilmStock(json: Data("{ not json".utf8), source: "bad.json") }
        let missing = try json { $0.removeValue(forKey: "iso") }
        #expect(throws: FilmStockError.malformed(source: "missing.json", reason: .missingField("iso", parent: nil))) {
            try FilmStock(json: missing, source: "missing.json")
        }
        let wrongType = try json { $0["iso"] = "fast" }
        #expect(throws: FilmStockError.malformed(source: "type.json", reason: .wrongType(path: "iso", expected: "Int")))
        {
            try FilmStock(json: wrongType, source: "type.json")
        }
        let tooGrainy = try json { $0["grain"] = ["printGrainIndex": 500] }
        #expect(
            throws: FilmStockError.valueOutOfRange(
                stock: FilmStock.builtIn[0].id, field: "grain.printGrainIndex", value: 500, range: 20...80)
        ) {
            try FilmStock(json: tooGrainy)
        }
        let bothFigures = try json { $0["grain"] = ["printGrainIndex": 30, "rmsGranularity": 5] }
        #expect(throws: FilmStockError.self) { try FilmStock(json: bothFigures) }
        let inverted = try json {
            var curve = $0["curve"] as! [String: Any]
            curve["red"] = ["black": 0.3, "white": 0.7, "contrast": 1, "toe": 0, "shoulder": 0]
            curve["green"] = ["black": 0.3, "white": 0.7, "contrast": 1, "toe": 0, "shoulder": 0]
            $0["curve"] = curve
            $0["type"] = "black-and-white"
        }
        #expect(
            throws: FilmStockError.invalid(
                stock: FilmStock.builtIn[0].id, reason: .blackAndWhiteCurves)
        ) {
            try FilmStock(json: inverted)
        }
        let message = String(
            describing: FilmStockError.malformed(source: "a.json", reason: .missingField("iso", parent: nil)))
        #expect(message == "a.json is not a valid film stock: missing field 'iso'")
    }

    /// Each built-in stock names its glow's colour; a user file may leave it out and gets its film
    /// type's usual colour; a bad colour is a typed error naming the field.
    @Test func halationColourIsPerStockAndValidated() throws {
        for stock in FilmStock.builtIn {
            let colour = try #require(stock.halation.color, "\(stock.id) names its halation colour")
            if stock.type == .blackAndWhite {
                #expect(colour[0] == colour[1] && colour[1] == colour[2], "\(stock.id) glows grey")
            } else {
                #expect(
                    colour[0] == 1 && colour[0] > colour[1] && colour[1] > colour[2], "\(stock.id) glows red-orange")
            }
        }
        let id = FilmStock.builtIn[0].id
        let unnamed = try FilmStock(json: json { $0["halation"] = ["strength": 0.5, "radius": 0.01] })
        #expect(unnamed.halation.color == nil)
        #expect(unnamed.halation.color(for: .colorNegative) == Halation.glowColor)
        #expect(unnamed.halation.color(for: .blackAndWhite) == [0.6, 0.6, 0.6])
        let tooBright = try json { $0["halation"] = ["strength": 0.5, "radius": 0.01, "color": [1.5, 0.3, 0]] }
        #expect(
            throws: FilmStockError.valueOutOfRange(stock: id, field: "halation.color", value: 1.5, range: 0...1)
        ) {
            try FilmStock(json: tooBright)
        }
        let twoGains = try json { $0["halation"] = ["strength": 0.5, "radius": 0.01, "color": [1, 0.3]] }
        #expect(throws: FilmStockError.invalid(stock: id, reason: .needsThreeGains(field: "halation.color"))) {
            try FilmStock(json: twoGains)
        }
        var notANumber = FilmStock.builtIn[0]
        notANumber.halation.color = [1, .nan, 0]
        #expect(throws: FilmStockError.self) { try notANumber.validate() }
    }

    @Test func unreadableFilesAndFoldersAreTypedErrors() {
        #expect(throws: FilmStockError.self) {
            try FilmStock(contentsOf: URL(fileURLWithPath: "/nonexistent/stock.json"))
        }
        #expect(throws: FilmStockError.self) { try FilmStock.load(folder: URL(fileURLWithPath: "/nonexistent")) }
    }
}
