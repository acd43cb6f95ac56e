import ArgumentParser
import FilmKit

/// `filmkit roll load`: a new roll in the camera.
struct RollLoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "Load a new roll of film.",
        discussion: "Example: filmkit roll load Léto --stock vintage --size 24")

    @OptionGroup var options: RollLibraryOptions

    @Option(help: "The film stock: a registered filter name (see `filmkit list`).")
    var stock: String

    @Option(help: "Exposures on the roll: 12, 24 or 36.")
    var size: Int = 36

    @Option(help: "The film frame: half-frame, 35mm, 645, 6x6 or 6x7 (it sets the grain).")
    var format: FilmFormat = .thirtyFive

    @Option(help: "A note on the roll (one line, at most 1,000 characters): where, who, what light.")
    var note: String?

    @Argument(help: "The roll's name, unique ignoring case and accents.")
    var name: String

    func validate() throws {
        guard RollSize(exposures: size) != nil else { throw ValidationError("--size must be 12, 24 or 36") }
    }

    func run() throws {
        let camera = try options.camera()
        let size = RollSize(exposures: size) ?? .thirtySix
        let roll = try BlockingTask.run { [name, stock, note, format] in
            try await camera.load(name, stock: stock, size: size, note: note, format: format)
        }
        print("loaded '\(roll.name)': \(roll.stockTitle), \(roll.size.exposures) exposures, \(roll.format.rawValue)")
    }
}
