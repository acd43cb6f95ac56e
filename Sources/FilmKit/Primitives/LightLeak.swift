import CFilmKernels
import Foundation
import Imaging

/// Light leaks: soft warm glows near the frame's edges where light crept past a camera's seals,
/// placed at random from the seed.
public struct LightLeak: ConfigurableFilter {
    /// How bright the leaks are, 0…1.
    public var intensity: Double
    /// How many leaks.
    public var count: Int
    /// Their size, as a fraction of the frame's short side.
    public var size: Double

    /// Creates the filter.
    public init(intensity: Double = 0.4, count: Int = 2, size: Double = 0.5) {
        self.intensity = intensity
        self.count = count
        self.size = size
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "light-leak", category: .optics, summary: "Soft warm glows near the edges, placed by the seed.",
        parameters: [
            .number("intensity", default: 0.4, in: 0...1, "brightness of the leaks"),
            .integer("count", default: 2, in: 1...6, "number of leaks"),
            .number("size", default: 0.5, in: 0.1...1.5, "size, as a fraction of the frame's short side"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(intensity: parameters["intensity"], count: parameters.integer("count"), size: parameters["size"])
    }

    /// Screens the leaks over the image: `v + L − v · L / 255` per channel, which brightens without
    /// clipping; the leaks are a stage of the film pass (`AkvFilm.c`), computed per pixel as it
    /// streams.
    ///
    /// - Throws: ``FilterError/parameterOutOfRange(filter:parameter:value:minimum:maximum:)`` for a
    ///   count outside 0…16 or a size that is not positive and finite, and `ImagingError` if a libvips
    ///   operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try check()
        guard intensity > 0, count > 0 else { return try image.filmInput() }
        return try pass.apply(to: image, context: context)
    }

    /// `true`: the leaks are drawn by the film pass, which reads its input top to bottom.
    public var readsInputSequentially: Bool { true }

    /// Refuses a count or size the pass cannot draw.
    func check() throws(FilterError) {
        let most = Int(AKV_LEAK_MAX)
        guard (0...most).contains(count) else {
            throw FilterError.parameterOutOfRange(
                filter: Self.description.name, parameter: "count", value: Double(count), minimum: 0,
                maximum: Double(most))
        }
        guard size > 0, size.isFinite else {
            throw FilterError.parameterOutOfRange(
                filter: Self.description.name, parameter: "size", value: size, minimum: 0,
                maximum: .greatestFiniteMagnitude)
        }
    }

    /// Where the leaks of a `width` × `height` frame fall and how bright they are, from the seed: in
    /// pixels, and levels at a leak's centre per channel. They are placed on a grid of 128 steps
    /// across the short side, as they always were, so a seed keeps its leaks.
    func shapes(width: Int, height: Int, seed: UInt64) -> [(centre: [Double], radius: [Double], levels: [Double])] {
        guard intensity > 0 else { return [] }
        var random = SplitMix64(seed: seed)
        let step = max(1, Double(min(width, height)) / 128)
        let gridWidth = (Double(width) / step).rounded(.up) + 1
        let gridHeight = (Double(height) / step).rounded(.up) + 1
        return (0..<max(0, count)).map { _ in
            let shape = LeakShape(random: &random, width: gridWidth, height: gridHeight, size: size)
            // Grid point g is at pixel (g + 0.5) · step, where an enlargement by `step` puts it.
            return (
                centre: [(shape.x + 0.5) * step, (shape.y + 0.5) * step],
                radius: [shape.radiusX * step, shape.radiusY * step],
                levels: shape.color.map { $0 * intensity * shape.brightness * 255 }
            )
        }
    }
}

extension LightLeak: FilmPassLook {
    /// The film pass that draws the leaks.
    var pass: FilmPass { FilmPass(leaks: self) }
}

/// One leak's place, size and colour, drawn from the random generator.
private struct LeakShape {
    let x: Double
    let y: Double
    let radiusX: Double
    let radiusY: Double
    let color: [Double]
    let brightness: Double

    init(random: inout SplitMix64, width: Double, height: Double, size: Double) {
        let shortSide = min(width, height)
        // Leaks enter from an edge: pick one, then a place along it, just inside or outside the frame.
        let along = random.uniform(0...1)
        let inset = random.uniform(-0.1...0.15)
        switch Int(random.next() % 4) {
        case 0: (x, y) = (along * width, inset * height)
        case 1: (x, y) = (along * width, (1 - inset) * height)
        case 2: (x, y) = (inset * width, along * height)
        default: (x, y) = ((1 - inset) * width, along * height)
        }
        radiusX = size * shortSide * random.uniform(0.6...1.4)
        radiusY = size * shortSide * random.uniform(0.6...1.4)
        // From deep red-orange to amber.
        color = [1, random.uniform(0.3...0.7), random.uniform(0.02...0.2)]
        brightness = random.uniform(0.6...1)
    }
}
