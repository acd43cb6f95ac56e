import ArgumentParser

/// `filmkit roll`: load a film, shoot it, develop it, browse and export the photos.
struct RollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roll", abstract: "Shoot on simulated film: load a roll, shoot, develop, export.",
        discussion: """
            Example:
              filmkit roll load Léto --stock vintage --size 12
              filmkit roll shoot leto a.jpg b.jpg c.jpg --note "Vltava at dusk"
              filmkit roll note leto --frame 2 "Ana on the bridge"
              filmkit roll show leto
              filmkit roll develop leto --finish-early
              filmkit roll export leto ~/Pictures/leto
              filmkit roll check --repair
            """,
        subcommands: [
            RollLoadCommand.self, RollShootCommand.self, RollDevelopCommand.self, RollListCommand.self,
            RollShowCommand.self, RollNoteCommand.self, RollExportCommand.self, RollDeleteCommand.self,
            RollCheckCommand.self,
        ]
    )
}
