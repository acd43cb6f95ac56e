import ArgumentParser
import FilmKit
import Foundation
import Imaging

/// `filmkit apply`: one filter on one photo.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply a registered filter to a photo.",
        discussion: "Example: filmkit apply --filter vintage --param grain=0.5 --seed 7 in.jpg out.jpg")

    @Option(help: "The filter's registered name (see `filmkit list`).")
    var filter: String

    @Option(name: .customLong("param"), help: "A parameter as key=value; repeat for several.")
    var parameters: [String] = []

    @Option(help: "The seed for grain, leaks and other random effects.")
    var seed: UInt64 = 0

    @Option(help: "JPEG or WebP quality, 1…100.")
    var quality: Int = 90

    @Argument(help: "The photo to read.")
    var input: String

    @Argument(help: "Where to write the result; the format follows the extension (jpg, png, tif, webp).")
    var output: String

    func validate() throws {
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1…100") }
        _ = try parsedParameters()
    }

    func run() throws {
        let outputURL = URL(fileURLWithPath: output)
        var format = try Image.EncodedFormat(pathExtension: outputURL.pathExtension)
        switch format {
        case .jpeg: format = .jpeg(quality: quality)
        case .webp: format = .webp(quality: quality)
        case .png, .tiff: break
        }
        let look = try FilterRegistry.shared.makeFilter(filter, textParameters: parsedParameters())
        // A look that reads in order streams from a sequentially decoded file (decoding, the look
        // and encoding overlap, as in `vips copy`); a photo that must be turned upright is read whole.
        let inputURL = URL(fileURLWithPath: input)
        let upright = try Image(contentsOf: inputURL, options: .init(autorotate: false)).orientation == 1
        let photo = try Image(contentsOf: inputURL, options: .init(sequential: look.readsInputSequentially && upright))
        try look.apply(to: photo, seed: seed).write(to: outputURL, as: format)
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
