import FilmKit
import Foundation

let library = URL(fileURLWithPath: "Rolls")
let photos = URL(fileURLWithPath: "Photos")
let jpeg = try Data(contentsOf: URL(fileURLWithPath: "shot.jpg"))

let camera = try Camera(store: FileRollStore(folder: library), registry: .shared)
try await camera.load("Léto", stock: "kodak-portra-400", size: .twentyFour)
try await camera.shoot(encoded: jpeg, on: "leto", metadata: ShotMetadata(captureDate: Date()))
try await camera.finishEarly("leto")
for try await step in camera.develop("leto") {
    print(step.fractionCompleted)
}
try await camera.export("leto", to: FolderExportDestination(folder: photos))
