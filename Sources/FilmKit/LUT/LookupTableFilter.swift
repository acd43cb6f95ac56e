import Foundation
import Imaging

/// Applies a colour lookup table: a 1D table as one curve per channel, a 3D table with
/// tetrahedral interpolation (which, unlike trilinear, keeps greys grey), blended with the original
/// by `intensity`, in one streaming pass over the pixels (the film pass's colour stages).
public struct LookupTableFilter: Filter {
    /// The table.
    public var table: ColorLookupTable
    /// 0 leaves the image as it was, 1 applies the table fully.
    public var intensity: Double

    /// Creates the filter.
    public init(table: ColorLookupTable, intensity: Double = 1) {
        self.table = table
        self.intensity = intensity
    }

    /// Maps the image through the table.
    /// - Parameters:
    ///   - image: the photo.
    ///   - context: unused: a table has no random effects.
    /// - Returns: the mapped image.
    /// - Throws: ``FilterError/parameterOutOfRange(filter:parameter:value:minimum:maximum:)`` for
    ///   an intensity outside 0…1 (NaN included), and the image's errors.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try stepPass().apply(to: image, context: context)
    }

    /// `true`: the table is applied in the film pass, which reads its input top to bottom (see
    /// ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that applies the table: a 3D table as the pass's table stage, a 1D one as its
    /// curves (each level's entry mixed with the level by `intensity`).
    var pass: FilmPass {
        guard !table.isThreeDimensional else { return FilmPass(table: FilmPass.Table(table, intensity: intensity)) }
        let samples = table.samples
        let size = table.size
        let curves = (0..<3).map { channel in
            (0..<256).map { level -> Double in
                // Single precision, as the 3D stage: the domain was checked in it.
                let low = Float(table.domainMin[channel])
                let span = Float(table.domainMax[channel]) - low
                let domain = (Float(level) / 255 - low) / span
                let position = domain.isNaN ? 0 : min(max(domain, 0), 1) * Float(size - 1)
                let lower = min(Int(position), size - 2)
                let fraction = Double(position) - Double(lower)
                let value =
                    samples[lower * 3 + channel] * (1 - fraction) + samples[(lower + 1) * 3 + channel] * fraction
                // An 8-bit result cannot go beyond 0…1.
                let mapped = 255 * min(max(value.isNaN ? 0 : value, 0), 1)
                return Double(level) * (1 - intensity) + mapped * intensity
            }
        }
        return FilmPass(curves: curves)
    }
}

extension FilterRegistry {
    /// Registers a lookup table under `name` in the `lut` category, with an `intensity` parameter.
    ///
    /// - Throws: ``FilterError/duplicateName(_:)`` if the name is taken and `replacing` is `false`,
    ///   ``FilterError/invalidName(_:)`` if `name` is not a filter name.
    public func registerLUT(_ table: ColorLookupTable, name: String, replacing: Bool = false) throws(FilterError) {
        let description = FilterDescription(
            name: name, category: .lut, summary: "Lookup table\(table.title.map { " “\($0)”" } ?? "").",
            parameters: [.number("intensity", default: 1, in: 0...1, "0 original, 1 the table fully")],
            title: table.title ?? name)
        try register(description, replacing: replacing) { LookupTableFilter(table: table, intensity: $0["intensity"]) }
    }

    /// Reads a `.cube` file or a HaldCLUT image and registers it under `name` (by default the file's name).
    ///
    /// - Throws: ``LUTError`` if the `.cube` file cannot be read or is malformed (naming the line), `ImagingError` if
    ///   a HaldCLUT image cannot be loaded, ``FilterError`` as ``registerLUT(_:name:replacing:)`` does.
    @discardableResult
    public func registerLUT(contentsOf url: URL, name: String? = nil, replacing: Bool = false) throws
        -> ColorLookupTable
    {
        let table =
            url.pathExtension.lowercased() == "cube"
            ? try ColorLookupTable(cubeFile: url) : try ColorLookupTable(haldCLUT: Image(contentsOf: url))
        try registerLUT(table, name: name ?? url.deletingPathExtension().lastPathComponent, replacing: replacing)
        return table
    }
}
