import FilmKit
import Foundation
import GalleryKit

let rolls = URL(fileURLWithPath: "Rolls")                                      // where rolls are kept
let jpeg = try Data(contentsOf: URL(fileURLWithPath: "shot.jpg"))              // one exposure
let photos = URL(fileURLWithPath: "Léto")                                      // a folder to export to
let camera = try Camera(store: FileRollStore(folder: rolls), registry: .shared)
try await camera.load("Léto", stock: "kodak-portra-400", size: .twentyFour)
try await camera.shoot(encoded: jpeg, on: "leto", metadata: ShotMetadata(captureDate: .now))
try await camera.finishEarly("leto")
for try await step in camera.develop("leto") { print(step.fractionCompleted) }
try await camera.export("leto", to: FolderExportDestination(folder: photos))
let gallery = try GalleryLibrary(directory: URL(fileURLWithPath: "Gallery"))  // GalleryKit
let album = try await gallery.createLocation(named: "Léto", kind: .album)
try await camera.export("leto", to: LocationExportDestination(library: gallery, locationID: album.id))
