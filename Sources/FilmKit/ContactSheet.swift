import Imaging

/// Lays out labelled images in a grid on a dark background, as a lab's contact sheet shows a roll.
public struct ContactSheet: Sendable {
    /// One labelled image.
    public struct Cell: Sendable {
        /// The caption under the image.
        public var label: String
        /// The image; it is scaled to fit the cell.
        public var image: Image

        /// Creates a cell.
        public init(label: String, image: Image) {
            self.label = label
            self.image = image
        }
    }

    /// Images per row.
    public var columns: Int
    /// The size of the box each image is fitted into, in pixels.
    public var cellWidth: Int
    /// The height of that box.
    public var cellHeight: Int
    /// The gap between cells and around the sheet.
    public var spacing: Int

    /// Creates a layout.
    public init(columns: Int = 3, cellWidth: Int = 480, cellHeight: Int = 360, spacing: Int = 16) {
        self.columns = columns
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.spacing = spacing
    }

    static let background: [Double] = [24, 24, 24]
    static let ink: [Double] = [235, 225, 205]

    /// Renders the sheet as one 8-bit sRGB image.
    ///
    /// - Parameter cells: The images, in reading order.
    /// - Returns: The sheet.
    /// - Throws: `ImagingError.invalidArgument(_:)` for no cells, no columns or an empty
    ///   cell size; other `ImagingError`s if an image cannot be rendered.
    public func render(_ cells: [Cell]) throws -> Image {
        guard columns > 0, cellWidth > 0, cellHeight > 0, !cells.isEmpty else {
            throw ImagingError.invalidArgument("a contact sheet needs cells and a positive size")
        }
        let labelHeight = max(18, cellWidth / 16)
        let tiles = try cells.map { cell in try tile(cell, labelHeight: labelHeight) }
        let grid = try Image.grid(tiles, across: columns, spacing: spacing, background: Self.background)
        return try grid.embedded(
            x: spacing, y: spacing, width: grid.width + 2 * spacing, height: grid.height + 2 * spacing,
            background: Self.background)
    }

    private func tile(_ cell: Cell, labelHeight: Int) throws -> Image {
        let photo = try cell.image.filmInput().asUChar()
        let scale = min(Double(cellWidth) / Double(photo.width), Double(cellHeight) / Double(photo.height))
        let fitted = try photo.resized(
            width: max(1, Int(Double(photo.width) * scale)), height: max(1, Int(Double(photo.height) * scale)))
        let framed = try fitted.embedded(
            x: (cellWidth - fitted.width) / 2, y: (cellHeight - fitted.height) / 2, width: cellWidth,
            height: cellHeight + labelHeight, background: Self.background)
        let caption = try Self.caption(cell.label, height: labelHeight, maxWidth: cellWidth)
        return try framed.inserting(
            caption, x: (cellWidth - caption.width) / 2, y: cellHeight + (labelHeight - caption.height) / 2)
    }

    /// Light text on the sheet's background, at most `maxWidth` wide.
    static func caption(_ text: String, height: Int, maxWidth: Int) throws -> Image {
        let mask = try Image.text(text, font: "DejaVu Sans \(max(7, height / 2))px", dpi: 72)
        let fitted = mask.width > maxWidth ? try mask.cropped(x: 0, y: 0, width: maxWidth, height: mask.height) : mask
        let gains = zip(ink, background).map { ($0 - $1) / 255 }
        return try fitted.linear(multiply: gains, add: background, toUChar: true)
    }
}

extension ContactSheet {
    /// One photo rendered with every film stock in `registry`, labelled with the stocks' names,
    /// after the original: the quickest way to choose a film.
    ///
    /// - Parameters:
    ///   - photo: The photo.
    ///   - registry: Where the stocks come from; pass `.shared` for the built-in stocks and any
    ///     registered on the shared registry.
    ///   - seed: The seed for every stock's grain.
    ///   - layout: The sheet's grid.
    /// - Returns: The sheet, one cell more than the registry has stocks.
    /// - Throws: ``FilterError`` if a stock cannot be made; `ImagingError` if rendering
    ///   fails or the layout has no columns or an empty cell.
    public static func everyStock(
        of photo: Image,
        registry: FilterRegistry,
        seed: UInt64 = 1,
        layout: ContactSheet = ContactSheet(columns: 5, cellWidth: 360, cellHeight: 250)
    ) throws -> Image {
        var cells = [Cell(label: "original", image: photo)]
        for name in registry.names(in: .stock) {
            let title = try registry.description(of: name).title
            cells.append(Cell(label: title, image: try registry.makeFilter(name).apply(to: photo, seed: seed)))
        }
        return try layout.render(cells)
    }
}
