import Foundation
import Imaging

/// Dust specks and scratches as a scanned negative shows them: dust blocks light on the negative
/// and prints as white specks; scratches print light or dark. Placed by the seed.
public struct DustAndScratches: ConfigurableFilter {
    /// How much dust, 0…1 (1 is about 80 specks).
    public var dust: Double
    /// How many scratches.
    public var scratches: Int

    /// Creates the filter.
    public init(dust: Double = 0.3, scratches: Int = 2) {
        self.dust = dust
        self.scratches = scratches
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "dust", category: .texture, summary: "Seeded dust specks and scratches.",
        parameters: [
            .number("dust", default: 0.3, in: 0...1, "how much dust"),
            .integer("scratches", default: 2, in: 0...8, "how many scratches"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(dust: parameters["dust"], scratches: parameters.integer("scratches"))
    }

    /// Adds the marks.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput()
        var random = SplitMix64(seed: context.seed)
        let short = Double(input.shortSide)
        let width = Double(input.width)
        let height = Double(input.height)
        var light: [(x: Int, y: Int, width: Int, height: Int)] = []
        var dark: [(x: Int, y: Int, width: Int, height: Int)] = []
        for _ in 0..<Int((dust * 80).rounded()) {
            let size = max(1, Int(short * random.uniform(0.0008...0.004)))
            let aspect = random.uniform(0.5...2)
            light.append(
                (
                    Int(random.uniform(0...width)), Int(random.uniform(0...height)), size,
                    max(1, Int(Double(size) * aspect))
                ))
        }
        for _ in 0..<scratches {
            let thickness = max(1, Int(short * 0.0006))
            let length = Int(height * random.uniform(0.3...1))
            let scratch = (
                Int(random.uniform(0...width)), Int(random.uniform(0...(height - Double(length)))), thickness, length
            )
            if random.next() % 2 == 0 { light.append(scratch) } else { dark.append(scratch) }
        }
        let softness = max(0.4, short * 0.0004)
        func marks(_ rectangles: [(x: Int, y: Int, width: Int, height: Int)]) throws -> Image? {
            guard !rectangles.isEmpty else { return nil }
            return try Image.solid(width: input.width, height: input.height, value: [0])
                .drawingRectangles(rectangles, color: [255]).blurred(sigma: softness)
        }
        var output = input
        if let light = try marks(light) {
            output = try output.adding(light.linear(multiply: 0.85, add: 0))
        }
        if let dark = try marks(dark) {
            output = try output.subtracting(dark.linear(multiply: 0.6, add: 0))
        }
        return output
    }
}
