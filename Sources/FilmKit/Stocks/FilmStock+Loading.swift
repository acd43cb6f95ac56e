import Foundation

extension FilmStock {
    /// The stocks that ship with FilmKit, sorted by id.
    public static let builtIn: [FilmStock] = {
        guard let folder = Bundle.module.url(forResource: "Stocks", withExtension: nil) else {
            preconditionFailure("FilmKit's resource bundle has no Stocks folder")
        }
        do {
            return try load(folder: folder)
        } catch {
            preconditionFailure("a built-in film stock is invalid: \(error)")
        }
    }()

    /// Reads and validates one stock file.
    public init(contentsOf url: URL) throws(FilmStockError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(json: data, source: url.lastPathComponent)
    }

    /// Reads every `.json` stock in a folder, sorted by id.
    public static func load(folder: URL) throws(FilmStockError) -> [FilmStock] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension.lowercased() == "json" }
        } catch {
            throw .unreadable(path: folder.path, reason: error.localizedDescription)
        }
        var stocks: [FilmStock] = []
        for file in files {
            stocks.append(try FilmStock(contentsOf: file))
        }
        return stocks.sorted { $0.id < $1.id }
    }

    /// The registry description of the stock's look.
    var filterDescription: FilterDescription {
        let kind: String =
            switch type {
            case .colorNegative: "colour negative"
            case .slide: "slide"
            case .blackAndWhite: "black-and-white"
            case .cine: "motion-picture"
            }
        return FilterDescription(
            name: id, category: .stock, summary: "\(name): \(kind), ISO \(iso).",
            parameters: [
                .number("grain", default: 1, in: 0...2, "grain: 0 none, 1 as published, 2 double"),
                .number("halation", default: 1, in: 0...2, "halation: 0 none, 1 as the stock, 2 double"),
                .number("vignette", default: vignette, in: 0...1, "how much darker the corners are"),
            ], title: name)
    }
}

extension FilterRegistry {
    /// Registers a stock's look under its id, in the `stock` category, with `grain`, `halation`
    /// and `vignette` parameters.
    public func registerStock(_ stock: FilmStock, replacing: Bool = false) throws {
        try stock.validate()
        try register(stock.filterDescription, replacing: replacing) { parameters in
            StockLook(
                stock: stock, grainScale: parameters["grain"], halationScale: parameters["halation"],
                vignette: parameters["vignette"])
        }
    }

    /// Registers every stock file in a folder; returns the stocks registered.
    @discardableResult
    public func registerStocks(in folder: URL, replacing: Bool = false) throws -> [FilmStock] {
        let stocks = try FilmStock.load(folder: folder)
        for stock in stocks {
            try registerStock(stock, replacing: replacing)
        }
        return stocks
    }
}
