import ArgumentParser
import FilmKit
import Foundation
import Imaging

/// `filmkit roll export`: copy developed photos to a folder.
struct RollExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a developed roll, or one photo of it, to a folder.",
        discussion: "Existing files are never replaced. Example: filmkit roll export leto ~/Pictures/leto --frame 3")

    @OptionGroup var options: RollLibraryOptions

    @Option(help: "Export only this frame.")
    var frame: Int?

    @Argument(help: "The roll's name.")
    var name: String

    @Argument(help: "The folder to write into (created when missing).")
    var folder: String

    func run() throws {
        let camera = try options.readingCamera()
        let destination = FolderExportDestination(folder: URL(fileURLWithPath: folder))
        let count = try BlockingTask.run { [name, frame] in
            if let frame {
                try await camera.export(frame: frame, of: name, to: destination)
                return 1
            }
            return try await camera.export(name, to: destination).count
        }
        print("exported \(count) photo\(count == 1 ? "" : "s") to \(FileSystemPath.displayed(folder))")
    }
}
