import ArgumentParser
import FilmKit
import Foundation

/// `filmkit roll develop`: the lab.
struct RollDevelopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "develop", abstract: "Develop a full roll, showing progress.",
        discussion: """
            Only a full roll develops; --finish-early first finishes a partly shot roll on purpose. \
            With --delay the photos are held at the lab (none, day, 72h, or a number of hours).
            Example: filmkit roll develop leto --delay 72h
            """)

    @OptionGroup var options: RollLibraryOptions

    @Flag(help: "Finish a partly shot roll first, developing the shots it has.")
    var finishEarly = false

    @Option(help: "How long the lab keeps the photos: none, day, 72h, or hours.")
    var delay: String = "none"

    @Argument(help: "The roll's name.")
    var name: String

    func validate() throws {
        _ = try developmentDelay()
    }

    func run() throws {
        let camera = try options.camera(delay: try developmentDelay())
        let roll = try BlockingTask.run { [name, finishEarly] in
            if finishEarly, try await camera.roll(named: name).state == .loaded {
                try await camera.finishEarly(name)
            }
            return try await camera.develop(name) { step in
                switch step {
                case .started(let frames):
                    Self.emit("developing \(frames) frames")
                case .developed(let frame, let completed, let total):
                    Self.emit("[\(completed)/\(total)] frame \(frame) developed")
                case .finished:
                    break
                }
            }
        }
        if roll.state == .developed {
            Self.emit("'\(roll.name)' developed: \(roll.photos.count) photos")
        } else if let ready = roll.readyDate {
            Self.emit("'\(roll.name)' is at the lab until \(ready.formatted(.iso8601))")
        }
    }

    /// Writes a line at once, unbuffered, so progress shows as it happens even through a pipe.
    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func developmentDelay() throws -> DevelopmentDelay {
        switch delay.lowercased() {
        case "none", "0": return .none
        case "day": return .labDay
        case "72h": return .seventyTwoHours
        default:
            guard let hours = Double(delay), hours >= 0, hours.isFinite else {
                throw ValidationError("--delay takes none, day, 72h or a number of hours, not '\(delay)'")
            }
            return .hours(hours)
        }
    }
}
