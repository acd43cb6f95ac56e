import ArgumentParser
import FilmKit

/// `filmkit roll delete`: remove a roll and its files.
struct RollDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a roll with all its shots and photos.")

    @OptionGroup var options: RollLibraryOptions

    @Argument(help: "The roll's name.")
    var name: String

    func run() throws {
        let camera = try options.camera()
        let name = try BlockingTask.run { [name] in
            let roll = try await camera.roll(named: name)
            try await camera.delete(roll.name)
            return roll.name
        }
        print("deleted '\(name)'")
    }
}
