import ArgumentParser
import FilmKit
import Foundation

/// The `--library` option every `roll` command takes, and the camera it opens.
struct RollLibraryOptions: ParsableArguments {
    @Option(help: "The folder holding the rolls.")
    var library: String = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".analogkit/rolls")
        .path

    /// A camera over the library, after repairing what an interrupted run left.
    func camera(delay: DevelopmentDelay = .none) throws -> Camera {
        try Camera(
            store: FileRollStore(folder: URL(fileURLWithPath: library)), registry: .shared,
            configuration: Camera.Configuration(developmentDelay: delay))
    }

    /// A camera that only reads the library, for the commands that change nothing in it: they
    /// work on read-only media, and beside other readers.
    func readingCamera() throws -> Camera {
        try Camera(store: FileRollStore(readingFolder: URL(fileURLWithPath: library)), registry: .shared)
    }
}
