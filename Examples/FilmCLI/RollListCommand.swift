import ArgumentParser
import FilmKit
import Foundation

/// `filmkit roll list`: the rolls, optionally searched by name.
struct RollListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the rolls; --search finds names and notes ignoring case and accents.",
        discussion: "One line a roll: name, stock, state, progress, and its note when it has one.")

    @OptionGroup var options: RollLibraryOptions

    @Option(help: "Only rolls whose name or notes contain this (\"leto\" finds \"Léto\").")
    var search: String?

    @Flag(help: "Only the developed rolls, whose photos can be seen.")
    var developed = false

    @Flag(help: "List each developed roll's photos too.")
    var photos = false

    func run() throws {
        let camera = try options.readingCamera()
        let (rolls, photosByRoll, damage) = try BlockingTask.run { [search, developed, photos] in
            let rolls = await camera.search(search ?? "").filter { !developed || $0.state == .developed }
            var photosByRoll: [UUID: [DevelopedPhoto]] = [:]
            for roll in rolls where photos && roll.state == .developed {
                photosByRoll[roll.id] = try await camera.photos(of: roll.name)
            }
            return (rolls, photosByRoll, await camera.damage())
        }
        for roll in rolls {
            print(
                "\(roll.name)\t\(roll.stockTitle)\t\(roll.state.rawValue)\t\(Self.status(of: roll))"
                    + (roll.note.map { "\t\($0)" } ?? ""))
            for photo in photosByRoll[roll.id] ?? [] {
                print("  \(photo.frame)\t\(photo.metadata.captureDate.formatted(.iso8601))\t\(photo.imageDescription)")
            }
        }
        // A damaged roll is never hidden: one line each on standard error, and a failing status.
        guard damage.isEmpty else {
            for item in damage {
                FileHandle.standardError.write(Data("Error: \(item) (run `filmkit roll check --repair`)\n".utf8))
            }
            throw ExitCode.failure
        }
    }

    /// Where the roll is, in a few words.
    static func status(of roll: Roll) -> String {
        switch roll.state {
        case .loaded: "\(roll.shots.count) of \(roll.size.exposures) shot, \(roll.exposuresLeft) left"
        case .full: "\(roll.shots.count) of \(roll.size.exposures) shot, ready to develop"
        case .developing: roll.readyDate.map { "at the lab until \($0.formatted(.iso8601))" } ?? "developing"
        case .developed: "\(roll.photos.count) photos"
        }
    }
}
