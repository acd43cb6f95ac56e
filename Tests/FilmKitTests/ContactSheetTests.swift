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

    /// The original first, then every stock of the registry in its order, each labelled and each
    /// the stock's own rendering of the photo with the sheet's seed.
    @Test func theOriginalThenEveryStockOfTheRegistryInOrder() throws {
        let registry = FilterRegistry()
        let photo = try Image(contentsOf: Samples.url("coffee.png"))
        let sheet = try ContactSheet.everyStock(of: photo, registry: registry, seed: 3, layout: Self.layout)
        let names = registry.names(in: .stock)
        #expect(names.count == FilmStock.builtIn.count)
        let rows = (names.count + 1 + Self.layout.columns - 1) / Self.layout.columns
        #expect(sheet.width == 2 * 8 + 5 * 150 + 4 * 8)
        #expect(sheet.height == 2 * 8 + rows * (100 + Self.labelHeight) + (rows - 1) * 8)

        let fitted = { (image: Image) in try image.resized(width: 150, height: 100) }
        #expect(try meanDifference(cell(0, of: sheet), fitted(photo)) < 1, "the original comes first")
        var cells: [Image] = []
        for (offset, name) in names.enumerated() {
            let cell = try cell(offset + 1, of: sheet)
            let rendered = try fitted(registry.makeFilter(name).apply(to: photo, seed: 3))
            #expect(try meanDifference(cell, rendered) < 1, "cell \(offset + 1) is \(name) with seed 3")
            #expect(try meanDifference(cell, fitted(photo)) > 2, "\(name) changes the photo")
            cells.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            for other in cells[(index + 1)...] {
                #expect(try meanDifference(cell, other) > 0.5, "stocks render differently")
            }
        }
        for index in 0...names.count {
            #expect(try caption(index, of: sheet).maximum() > 150, "cell \(index) has its label")
        }
        #expect(
            try ContactSheet.everyStock(of: photo, registry: registry, seed: 3, layout: Self.layout)
                .encoded(as: .png()) == sheet.encoded(as: .png()))
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
