import FilmKit
import Foundation

let rolls = RollLibrary(folder: URL(fileURLWithPath: "Rolls"), registry: .shared)
let camera = try await rolls.camera(for: RollOwner("user-42"))
try await camera.load("Léto", stock: "kodak-portra-400", size: .twentyFour)
