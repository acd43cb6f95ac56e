import FilmKit
import Foundation

try FilterRegistry.shared.registerLUT(contentsOf: URL(fileURLWithPath: "Kodachrome.cube"))  // or a HaldCLUT PNG
let stamp = try DateStamp(year: 1998, month: 7, day: 24)          // orange seven-segment LEDs
let frame = FilmBorder(edgeText: "KODAK GOLD 200", frameNumber: 12)
let look = try FilterRegistry.shared.makeFilter("kodak-gold-200")
    .then(DustAndScratches(dust: 0.6, scratches: 3)).then(stamp).then(frame)
