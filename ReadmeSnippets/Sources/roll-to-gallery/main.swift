import FilmKit
import Foundation
import GalleryKit

let camera = try Camera(store: FileRollStore(folder: URL(fileURLWithPath: "Rolls")), registry: .shared)
let gallery = try GalleryLibrary(directory: URL(fileURLWithPath: "Gallery"))
let album = try await gallery.createLocation(named: "Léto", kind: .album)
try await camera.export("leto", to: LocationExportDestination(library: gallery, locationID: album.id))
