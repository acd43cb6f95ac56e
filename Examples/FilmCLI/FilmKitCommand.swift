import ArgumentParser
import FilmKit
import Imaging

/// `filmkit`: film looks from the command line.
@main
struct FilmKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filmkit",
        abstract: "Analog film looks for photos, on libvips.",
        subcommands: [ListCommand.self, ApplyCommand.self, RollCommand.self]
    )

    /// Parses the arguments byte for byte: `CommandLine.arguments` would replace the bytes of a
    /// file name that are not UTF-8, and the file would be looked for (or written) under another name.
    static func main() {
        main(Array(FileSystemPath.arguments.dropFirst()))
    }
}
