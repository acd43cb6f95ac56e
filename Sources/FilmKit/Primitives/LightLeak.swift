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

    /// Screens the leaks over the image: `1 − (1 − image)(1 − leak)`, which brightens without clipping.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput()
        guard intensity > 0 else { return input }
        let leak = try leaks(width: input.width, height: input.height, seed: context.seed)
        let inverse = try input.linear(multiply: -1, add: 255)
        let leakInverse = try leak.linear(multiply: -1, add: 255)
        return try inverse.multiplying(by: leakInverse).linear(multiply: -1.0 / 255, add: 255)
    }

    /// The leaks alone, 3-band, 0…255, drawn at low resolution (they are soft) and enlarged.
    func leaks(width: Int, height: Int, seed: UInt64) throws -> Image {
        var random = SplitMix64(seed: seed)
        let step = max(1, Double(min(width, height)) / 128)
        let smallWidth = Int((Double(width) / step).rounded(.up)) + 1
        let smallHeight = Int((Double(height) / step).rounded(.up)) + 1
        let coordinates = try Image.coordinates(width: smallWidth, height: smallHeight)
        var total: Image?
        for _ in 0..<count {
            let shape = LeakShape(random: &random, width: Double(smallWidth), height: Double(smallHeight), size: size)
            let offsets = try coordinates.linear(
                multiply: [1 / shape.radiusX, 1 / shape.radiusY],
                add: [-shape.x / shape.radiusX, -shape.y / shape.radiusY])
            // exp(−2 · ((x − cx)²/rx² + (y − cy)²/ry²)): a soft elliptical glow.
            let glow = try offsets.multiplying(by: offsets).recombined(matrix: [[-2, -2]]).exponential()
            let strength = intensity * shape.brightness * 255
            let coloured = try glow.linear(multiply: shape.color.map { $0 * strength }, add: [0, 0, 0])
            total = try total.map { try $0.adding(coloured) } ?? coloured
        }
        guard let total else { return try Image.solid(width: width, height: height, value: [0, 0, 0]) }
        return try total.cast(to: .uchar).resized(scale: step, kernel: .linear)
            .cropped(x: 0, y: 0, width: width, height: height)
    }
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
