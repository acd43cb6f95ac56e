import FileSafety
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

    /// The largest stock file read: a stock is a few kilobytes of JSON, so 1 MiB is far more
    /// than any needs. A larger file is refused before it is read.
    public static let maximumFileSize = 1 << 20

    /// Reads and validates one stock file.
    ///
    /// The file is read in chunks and refused as soon as it passes ``maximumFileSize`` (before
    /// reading at all when its size is known), so a huge or endless file costs neither time nor
    /// memory. The path is used byte for byte.
    /// - Parameter url: the stock's JSON file.
    /// - Throws: ``FilmStockError/unreadable(path:reason:)``, and the errors of ``init(json:source:)``.
    public init(contentsOf url: URL) throws(FilmStockError) {
        let data: Data
        do {
            data = try FileSystemPath.read(url, limit: Self.maximumFileSize)
        } catch {
            throw .unreadable(path: FileSystemPath.displayed(url.path), reason: .system(error.reason))
        }
        try self.init(json: data, source: url.lastPathComponent)
    }

    /// Reads every `.json` stock in a folder, sorted by id.
    ///
    /// - Throws: ``FilmStockError/unreadable(path:reason:)`` if the folder or a file cannot be read;
    ///   ``FilmStockError/malformed(source:reason:)``, ``FilmStockError/valueOutOfRange(stock:field:value:range:)`` or
    ///   ``FilmStockError/invalid(stock:reason:)`` for the first file that is not a valid stock.
    public static func load(folder: URL) throws(FilmStockError) -> [FilmStock] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension.lowercased() == "json" }
        } catch {
            throw .unreadable(path: folder.path, reason: .system(error.localizedDescription))
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
    ///
    /// - Throws: ``FilmStockError`` if the stock does not ``FilmStock/validate()``; ``FilterError/duplicateName(_:)``
    ///   if its id is taken and `replacing` is `false`.
    public func registerStock(_ stock: FilmStock, replacing: Bool = false) throws {
        try stock.validate()
        try register(stock.filterDescription, replacing: replacing) { parameters in
            StockLook(
                stock: stock, grainScale: parameters["grain"], halationScale: parameters["halation"],
                vignette: parameters["vignette"])
        }
    }

    /// Registers every stock file in a folder; returns the stocks registered.
    ///
    /// - Throws: ``FilmStockError`` as ``FilmStock/load(folder:)`` does, before anything is registered;
    ///   ``FilterError/duplicateName(_:)`` as ``registerStock(_:replacing:)`` does.
    @discardableResult
    public func registerStocks(in folder: URL, replacing: Bool = false) throws -> [FilmStock] {
        let stocks = try FilmStock.load(folder: folder)
        for stock in stocks {
            try registerStock(stock, replacing: replacing)
        }
        return stocks
    }
}
