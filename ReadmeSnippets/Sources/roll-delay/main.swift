import FilmKit
import Foundation

let configuration = Camera.Configuration(developmentDelay: .hours(72), clock: SystemRollClock())
let camera = try Camera(
    store: FileRollStore(folder: URL(fileURLWithPath: "Rolls")), registry: .shared, configuration: configuration)
