import ArgumentParser
import FilmKit
import Foundation

/// `filmkit roll show`: one roll in detail, with its frames and notes.
struct RollShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Show one roll: its stock, state, dates and note, and each frame with its exposure compensation and note.")

    @OptionGroup var options: RollLibraryOptions

    @Argument(help: "The roll's name, ignoring case and accents.")
    var name: String

    func run() throws {
        let camera = try options.readingCamera()
        let roll = try BlockingTask.run { [name] in try await camera.roll(named: name) }
        print("\(roll.name)\t\(roll.stockTitle)\t\(roll.state.rawValue)\t\(RollListCommand.status(of: roll))")
        print("loaded\t\(roll.loadedDate.formatted(.iso8601))")
        if let note = roll.note { print("note\t\(note)") }
        for shot in roll.shots {
            let exposure = shot.metadata.exposureCompensation.map { "\t\($0 > 0 ? "+" : "")\($0) EV" } ?? ""
            let note = roll.note(forFrame: shot.frame).map { "\t\($0)" } ?? ""
            print("  \(shot.frame)\t\(shot.metadata.captureDate.formatted(.iso8601))\(exposure)\(note)")
        }
    }
}
