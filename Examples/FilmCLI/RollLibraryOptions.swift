import ArgumentParser
import FilmKit
import Foundation

/// The `--library` option every `roll` command takes, and the camera it opens.
struct RollLibraryOptions: ParsableArguments {
    @Option(help: "The folder holding the rolls.")
    var library: String = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".analogkit/rolls")
        .path

    @Option(help: "Only this owner's rolls, kept apart in the library (any text, such as a user ID).")
    var owner: String?

    /// A camera over the library (or the owner's part of it), after repairing what an
    /// interrupted run left.
    func camera(delay: DevelopmentDelay = .none) throws -> Camera {
        let folder = URL(fileURLWithPath: library)
        let store =
            try owner.map { try FileRollStore(library: folder, owner: RollOwner($0)) } ?? FileRollStore(folder: folder)
        return try Camera(store: store, registry: .shared, configuration: Camera.Configuration(developmentDelay: delay))
    }

    /// A camera that only reads the library (or the owner's part of it), for the commands that
    /// change nothing in it: they work on read-only media, and beside other readers.
    func readingCamera() throws -> Camera {
        let folder = URL(fileURLWithPath: library)
        let store =
            try owner.map { try FileRollStore(readingLibrary: folder, owner: RollOwner($0)) }
            ?? FileRollStore(readingFolder: folder)
        return try Camera(store: store, registry: .shared)
    }
}
