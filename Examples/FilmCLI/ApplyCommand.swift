import ArgumentParser
import FilmKit
import Foundation
import Imaging

/// `filmkit apply`: one filter, a user's lookup table or a user's film stock on one photo.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply a registered filter, a lookup table or a film stock file to a photo.",
        discussion: """
            Give exactly one of --filter, --lut and --stock.
            Examples:
              filmkit apply --filter vintage --param grain=0.5 --seed 7 in.jpg out.jpg
              filmkit apply --lut Kodachrome.cube --param intensity=0.8 in.jpg out.jpg
              filmkit apply --stock my-film.json --param grain=0.5 in.jpg out.jpg
              filmkit apply --filter ilford-hp5-plus --format 6x7 in.jpg out.jpg
              filmkit apply --filter kodak-portra-400 --color display-p3 in.heic out.jpg
            """)

    @Option(help: "The filter's registered name (see `filmkit list`).")
    var filter: String?

    @Option(help: "A lookup table to apply: a .cube file or a HaldCLUT image (parameter: intensity).")
    var lut: String?

    @Option(help: "A film stock JSON file to apply (parameters: grain, halation, vignette).")
    var stock: String?

    @Option(name: .customLong("param"), help: "A parameter as key=value; repeat for several.")
    var parameters: [String] = []

    @Option(help: "The seed for grain, leaks and other random effects.")
    var seed: UInt64 = 0

    @Option(
        help: """
            The film frame the photo is taken on, which sets the grain's size and strength: \
            \(FilmFormat.allCases.map(\.rawValue).joined(separator: ", ")).
            """)
    var format: FilmFormat = .thirtyFive

    @Option(help: "JPEG or WebP quality, 1…100.")
    var quality: Int = 90

    @Option(
        help: """
            The colour space written, with its profile embedded: srgb (for every screen) or \
            display-p3 (for wide-gamut screens).
            """)
    var color: OutputSpace = .srgb

    @Argument(help: "The photo to read.")
    var input: String

    @Argument(help: "Where to write the result; the format follows the extension (jpg, png, tif, webp).")
    var output: String

    func validate() throws {
        guard [filter, lut, stock].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --filter, --lut and --stock")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1…100") }
        _ = try parsedParameters()
    }

    func run() throws {
        let outputURL = URL(fileURLWithPath: output)
        var encoding = try Image.EncodedFormat(pathExtension: outputURL.pathExtension)
        switch encoding {
        case .jpeg: encoding = .jpeg(quality: quality)
        case .webp: encoding = .webp(quality: quality)
        case .png, .tiff: break
        }
        let look = try makeLook()
        // A look that reads in order streams from a sequentially decoded file (decoding, the look
        // and encoding overlap, as in `vips copy`); a photo that must be turned upright is read whole.
        let inputURL = URL(fileURLWithPath: input)
        let upright = try Image(contentsOf: inputURL, options: .init(autorotate: false)).orientation == 1
        let photo = try Image(contentsOf: inputURL, options: .init(sequential: look.readsInputSequentially && upright))
        try look.apply(to: photo, seed: seed, format: format)
            .write(to: outputURL, as: encoding, color: color.outputColor)
    }

    /// The filter to apply: a registered one, or the user's table or stock in a registry of its own
    /// (so that a user's stock may share a built-in's name).
    private func makeLook() throws -> any Filter {
        if let filter {
            return try FilterRegistry.shared.makeFilter(filter, textParameters: parsedParameters())
        }
        let registry = FilterRegistry(includingBuiltIns: false)
        let name: String
        if let lut {
            name = "lut"
            try registry.registerLUT(contentsOf: URL(fileURLWithPath: lut), name: name)
        } else {
            let stock = try FilmStock(contentsOf: URL(fileURLWithPath: stock ?? ""))
            try registry.registerStock(stock)
            name = stock.id
        }
        return try registry.makeFilter(name, textParameters: parsedParameters())
    }

    private func parsedParameters() throws -> [String: String] {
        var values: [String: String] = [:]
        for pair in parameters {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--param takes key=value, got '\(pair)'")
            }
            values[parts[0]] = parts[1]
        }
        return values
    }
}

/// The colour spaces `filmkit apply --color` offers.
enum OutputSpace: String, ExpressibleByArgument, CaseIterable {
    case srgb
    case displayP3 = "display-p3"

    var outputColor: OutputColor {
        switch self {
        case .srgb: .sRGB
        case .displayP3: .displayP3
        }
    }
}

// Also used by `filmkit roll load --format`: declared once for the whole tool.
extension FilmFormat: ExpressibleByArgument {}
