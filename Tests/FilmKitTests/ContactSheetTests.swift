import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Every-stock contact sheet")
struct ContactSheetTests {
    static let layout = ContactSheet(columns: 5, cellWidth: 150, cellHeight: 100, spacing: 8)
    static let labelHeight = 18  // max(18, cellWidth / 16)
    static let background = [24.0, 24.0, 24.0]

    /// The photo area of cell `index` (the coffee sample, 3:2, fills a 150×100 cell).
    func cell(_ index: Int, of sheet: Image) throws -> Image {
        try area(index, of: sheet, caption: false)
    }

    /// The label under cell `index`.
    func caption(_ index: Int, of sheet: Image) throws -> Image {
        try area(index, of: sheet, caption: true)
    }

    func area(_ index: Int, of sheet: Image, caption: Bool) throws -> Image {
        let layout = Self.layout
        let column = index % layout.columns
        let row = index / layout.columns
        return try sheet.cropped(
            x: layout.spacing + column * (layout.cellWidth + layout.spacing),
            y: layout.spacing + row * (layout.cellHeight + Self.labelHeight + layout.spacing)
                + (caption ? layout.cellHeight : 0),
            width: layout.cellWidth, height: caption ? Self.labelHeight : layout.cellHeight)
    }

    /// The root-mean-square difference, in levels.
    func meanDifference(_ a: Image, _ b: Image) throws -> Double {
        let difference = try a.cast(to: .float).subtracting(b.cast(to: .float))
        return try difference.multiplying(by: difference).mean().squareRoot()
    }

    /// What the every-stock test measures on a sheet, each difference in levels.
    struct SheetMeasures: Sendable {
        var names: [String] = []
        var width = 0
        var height = 0
        var originalToPhoto = 0.0
        /// Per stock: the cell against the stock's own rendering, and against the photo.
        var cells: [(name: String, toRendered: Double, toPhoto: Double)] = []
        var closestPair = Double.infinity
        var captionMaxima: [Double] = []
        var sameBytesTwice = false
    }

    /// The original first, then every stock of the registry in its order, each labelled and each
    /// the stock's own rendering of the photo with the sheet's seed.
    @Test func theOriginalThenEveryStockOfTheRegistryInOrder() async throws {
        // Twenty-nine renders and a hundred comparisons: seconds of work, off the cooperative pool.
        let measures = try await offPool { try self.measureEveryStockSheet() }
        #expect(measures.names.count == FilmStock.builtIn.count)
        let rows = (measures.names.count + 1 + Self.layout.columns - 1) / Self.layout.columns
        #expect(measures.width == 2 * 8 + 5 * 150 + 4 * 8)
        #expect(measures.height == 2 * 8 + rows * (100 + Self.labelHeight) + (rows - 1) * 8)
        #expect(measures.originalToPhoto < 1, "the original comes first")
        for (offset, cell) in measures.cells.enumerated() {
            #expect(cell.toRendered < 1, "cell \(offset + 1) is \(cell.name) with seed 3")
            #expect(cell.toPhoto > 2, "\(cell.name) changes the photo")
        }
        #expect(measures.cells.map(\.name) == measures.names)
        #expect(measures.closestPair > 0.5, "stocks render differently")
        #expect(measures.captionMaxima.count == measures.names.count + 1)
        for (index, maximum) in measures.captionMaxima.enumerated() {
            #expect(maximum > 150, "cell \(index) has its label")
        }
        #expect(measures.sameBytesTwice)
    }

    func measureEveryStockSheet() throws -> SheetMeasures {
        let registry = FilterRegistry()
        // At half the sample's size (the cells are smaller still): the sheet renders every stock three
        // times below, seconds of work in a debug build.
        let photo = try Image(contentsOf: Samples.url("coffee.png")).resized(width: 300, height: 200).materialized()
        // Held in memory: every cell below is cropped from it several times, and a lazy sheet would
        // render every stock again for each crop.
        let sheet = try ContactSheet.everyStock(of: photo, registry: registry, seed: 3, layout: Self.layout)
            .materialized()
        var measures = SheetMeasures(names: registry.names(in: .stock), width: sheet.width, height: sheet.height)
        let fitted = { (image: Image) in try image.resized(width: 150, height: 100) }
        let fittedPhoto = try fitted(photo)
        measures.originalToPhoto = try meanDifference(cell(0, of: sheet), fittedPhoto)
        var cells: [Image] = []
        for (offset, name) in measures.names.enumerated() {
            let cell = try cell(offset + 1, of: sheet)
            let rendered = try fitted(registry.makeFilter(name).apply(to: photo, seed: 3))
            measures.cells.append(
                (name, try meanDifference(cell, rendered), try meanDifference(cell, fittedPhoto)))
            cells.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            for other in cells[(index + 1)...] {
                measures.closestPair = min(measures.closestPair, try meanDifference(cell, other))
            }
        }
        measures.captionMaxima = try (0...measures.names.count).map { try caption($0, of: sheet).maximum() }
        measures.sameBytesTwice =
            try ContactSheet.everyStock(of: photo, registry: registry, seed: 3, layout: Self.layout)
            .encoded(as: .png()) == sheet.encoded(as: .png())
        return measures
    }

    @Test func aStockRegisteredOnTheGivenRegistryGetsACellAndTheSharedRegistryIsUntouched() throws {
        let registry = FilterRegistry()
        var stock = try #require(FilmStock.builtIn.first { $0.id == "kodak-portra-400" })
        stock.id = "my-pushed-portra"
        stock.name = "My Pushed Portra"
        try registry.registerStock(stock)
        let photo = try Image(contentsOf: Samples.url("coffee.png"))
        let sheet = try ContactSheet.everyStock(of: photo, registry: registry, layout: Self.layout)
        let cells = FilmStock.builtIn.count + 2
        let rows = (cells + Self.layout.columns - 1) / Self.layout.columns
        #expect(sheet.height == 2 * 8 + rows * (100 + Self.labelHeight) + (rows - 1) * 8)
        #expect(!FilterRegistry.shared.contains("my-pushed-portra"))

        let empty = try ContactSheet.everyStock(
            of: photo, registry: FilterRegistry(includingBuiltIns: false), layout: Self.layout)
        #expect(try meanDifference(cell(0, of: empty), photo.resized(width: 150, height: 100)) < 1)
    }
}
