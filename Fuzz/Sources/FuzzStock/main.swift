import FilmKit
import Foundation
import FuzzDriver
import Imaging

let probe = try! Image.solid(width: 8, height: 8, value: [30, 128, 220])

/// Decodes stock JSON; a stock that validates must register and develop a small image.
func fuzzStock(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    guard let stock = try? FilmStock(json: Data(UnsafeRawBufferPointer(start: start, count: count))) else { return 0 }
    do {
        let registry = FilterRegistry(includingBuiltIns: false)
        try registry.registerStock(stock)
        _ = try registry.makeFilter(stock.id).apply(to: probe, seed: 1).pixels()
    } catch {
        fatalError("a stock that validated does not develop: \(error)")
    }
    return 0
}

exit(FuzzDriver.run(fuzzStock))
