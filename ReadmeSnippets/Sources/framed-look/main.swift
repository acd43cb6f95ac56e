import FilmKit
import Foundation
import Imaging

let stamp = try DateStamp(year: 1998, month: 7, day: 24)
let look = try FilterRegistry.shared.makeFilter("kodak-gold-200")
    .then(DustAndScratches(dust: 0.6, scratches: 3))
    .then(stamp)
    .then(FilmBorder(edgeText: "KODAK GOLD 200", frameNumber: 12))
let photo = try Image(contentsOf: URL(fileURLWithPath: "in.jpg"), options: Image.LoadOptions(sequential: true))
try look.apply(to: photo, seed: 7).write(to: URL(fileURLWithPath: "framed.jpg"))
