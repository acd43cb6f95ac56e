import ArgumentParser
import FilmKit

/// `filmkit roll note`: write, change or remove the note on a roll or on one of its frames.
struct RollNoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Write the note on a roll, or with --frame on one frame; \"\" removes it.",
        discussion: """
            Notes can change until the roll is developed: they go into its photos' EXIF description.
            Example: filmkit roll note leto --frame 3 "Ana on Charles Bridge, overcast"
            """)

    @OptionGroup var options: RollLibraryOptions

    @Option(help: "The frame to write the note on (by default the roll).")
    var frame: Int?

    @Argument(help: "The roll's name.")
    var name: String

    @Argument(help: "The note (one line, at most 1,000 characters); an empty one removes it.")
    var note: String

    func run() throws {
        let camera = try options.camera()
        let roll = try BlockingTask.run { [name, note, frame] in
            if let frame { return try await camera.setNote(note, frame: frame, of: name) }
            return try await camera.setNote(note, on: name)
        }
        let kept = frame.map { roll.note(forFrame: $0) } ?? roll.note
        let target = frame.map { "frame \($0) of '\(roll.name)'" } ?? "'\(roll.name)'"
        print(kept.map { "note on \(target): \($0)" } ?? "no note on \(target)")
    }
}
