import FilmKit
import Foundation
import FuzzDriver
import Imaging

/// A small photo-like image, made once.
let probe = try! Image.solid(width: 8, height: 8, value: [30, 128, 220])

/// Parses `.cube` text; a table that parses must apply, and its text must parse again.
func fuzzCube(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let table = try? ColorLookupTable(cube: text) else { return 0 }
    do {
        _ = try LookupTableFilter(table: table, intensity: 0.5).apply(to: probe).pixels()
    } catch {
        fatalError("a table that parsed does not apply: \(error)")
    }
    guard (try? ColorLookupTable(cube: table.cubeText)) != nil else {
        fatalError("the text of a parsed table does not parse again")
    }
    return 0
}

exit(FuzzDriver.run(fuzzCube))
