import ArgumentParser
import FilmKit

/// `filmkit`: film looks from the command line.
@main
struct FilmKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filmkit",
        abstract: "Analog film looks for photos, on libvips.",
        subcommands: [ListCommand.self, ApplyCommand.self, RollCommand.self]
    )
}
