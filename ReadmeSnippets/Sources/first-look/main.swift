import FilmKit
import Foundation
import Imaging

let photo = try Image(contentsOf: URL(fileURLWithPath: "in.jpg"))
let look = try FilterRegistry.shared.makeFilter("kodak-portra-400", parameters: ["grain": 0.5])
try look.apply(to: photo, seed: 42).write(to: URL(fileURLWithPath: "out.jpg"))
