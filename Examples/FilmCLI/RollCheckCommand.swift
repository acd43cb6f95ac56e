import ArgumentParser
import FilmKit
import Foundation

/// `filmkit roll check`: find damaged files in the library, and with `--repair` mend them.
struct RollCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check the library for damaged files; --repair rebuilds or keeps them aside.",
        discussion: """
            Reads every roll record, shot record and developed photo (against the checksum recorded \
            when it was developed). With --repair, damaged records are rebuilt (from the roll \
            record's backup, or from the shot's own bytes), damaged developed photos are developed \
            again, and what cannot be rebuilt is moved, unchanged, to the library's kept-aside \
            folder. Nothing is ever deleted. Exits with status 1 while damage is left.
            Example: filmkit roll check --repair
            """)

    @OptionGroup var options: RollLibraryOptions

    @Flag(help: "Repair what can be repaired and keep the rest aside.")
    var repair = false

    func run() throws {
        let camera = try repair ? options.camera() : options.readingCamera()
        let report = try BlockingTask.run { [repair] in
            repair ? try await camera.repair() : await camera.check()
        }
        for step in report.repairs {
            print("repaired: \(step)")
        }
        for file in report.keptAside {
            print("kept aside: \(file)")
        }
        guard report.isHealthy else {
            for damage in report.damage {
                let hint = repair ? "" : " (run `filmkit roll check --repair`)"
                FileHandle.standardError.write(Data("Error: \(damage)\(hint)\n".utf8))
            }
            throw ExitCode.failure
        }
        print("the library is whole: \(report.checkedPhotos) developed photos checked")
    }
}
