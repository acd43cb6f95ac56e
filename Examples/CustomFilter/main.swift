// Writing a filter of your own with the public Image API and registering it: one call, no change
// to the SDK.
//
//     swift run custom-filter Examples/Samples/coffee.png out/cross-processed.jpg
import FilmKit
import Foundation
import Imaging

/// Cross-processing: slide film developed in negative chemistry. Greens and yellows go vivid,
/// shadows turn blue-green, highlights yellow. Built from whole-image operations, so libvips runs
/// it in parallel and in little memory.
struct CrossProcess: ConfigurableFilter {
    var strength: Double

    static let description = FilterDescription(
        name: "cross-process", category: "look",
        summary: "Slide film in negative chemistry: vivid greens, blue-green shadows, yellow highlights.",
        parameters: [.number("strength", default: 0.7, in: 0...1, "how far to push the colours")])

    init(parameters: FilterParameters) {
        strength = parameters["strength"]
    }

    func apply(to image: Image, context: FilterContext) throws -> Image {
        // Per-channel curves: red and green steepened, blue flattened and lifted.
        let curves = [1.0 + 0.6 * strength, 1.0 + 0.4 * strength, 1.0 - 0.4 * strength].map { contrast in
            (0..<256).map { index -> Double in
                let x = Double(index) / 255
                let rising = pow(x, contrast)
                return 255 * rising / (rising + pow(1 - x, contrast))
            }
        }
        let lifted = try image.normalizedToSRGB().mapped(through: Image.lookupTable(curves))
        return try lifted.linear(multiply: [1, 1, 1 - 0.3 * strength], add: [0, 0, 40 * strength])
    }
}

/// A per-pixel filter through raw pixel access: a sepia tone written sample by sample.
struct PixelSepia: Filter {
    func apply(to image: Image, context: FilterContext) throws -> Image {
        var pixels = try image.normalizedToSRGB().pixels()
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let grey =
                    0.3 * Double(pixels[x, y, 0]) + 0.59 * Double(pixels[x, y, 1]) + 0.11 * Double(pixels[x, y, 2])
                pixels[x, y, 0] = UInt8(min(255, grey * 1.07))
                pixels[x, y, 1] = UInt8(min(255, grey * 0.87))
                pixels[x, y, 2] = UInt8(min(255, grey * 0.68))
            }
        }
        return try Image(pixels: pixels)
    }
}

let usage = """
    usage: custom-filter INPUT OUTPUT

    Registers two filters of its own (cross-process and pixel-sepia), writes INPUT cross-processed
    to OUTPUT, and INPUT in sepia with grain beside it as OUTPUT's name with .sepia.jpg.

    options:
      -h, --help   Show this help and exit.
    """
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
// A file whose name starts with "-" is given as ./-name, so a mistyped option is never a file.
guard arguments.count == 2, arguments.allSatisfy({ !$0.hasPrefix("-") }), let input = arguments.first,
    let output = arguments.last
else {
    FileHandle.standardError.write(
        Data("custom-filter: expected INPUT and OUTPUT, not \(arguments.joined(separator: " "))\n\(usage)\n".utf8))
    exit(64)
}
do {
    let registry = FilterRegistry.shared
    try registry.register(CrossProcess.self)
    try registry.register(PixelSepia(), name: "pixel-sepia", category: "look", summary: "Sepia, pixel by pixel.")

    let photo = try Image(contentsOf: URL(fileURLWithPath: input))
    let crossed = try registry.makeFilter("cross-process", parameters: ["strength": 0.8]).apply(to: photo)
    try crossed.write(to: URL(fileURLWithPath: output))
    // Custom filters compose with the built-in ones like any other.
    let sepiaGrain = try registry.makeFilter("pixel-sepia").then(registry.makeFilter("grain"))
    let sepiaURL = URL(fileURLWithPath: output).deletingPathExtension().appendingPathExtension("sepia.jpg")
    try sepiaGrain.apply(to: photo, seed: 3).write(to: sepiaURL)
    print("wrote \(output) and \(sepiaURL.path)")
} catch {
    FileHandle.standardError.write(Data("custom-filter: \(error)\n".utf8))
    exit(1)
}
