// Proves that images release their libvips objects: runs loads, filters, encodes, failures and
// pixel round trips, drops every image, empties libvips' operation cache, and then asks libvips
// how many images are still alive. Prints the count; exits 1 if it is not zero.
import FilmKit
import Foundation
import Imaging

let sample = URL(fileURLWithPath: CommandLine.arguments[1])
let iterations = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 20 : 20

func workload() throws {
    let photo = try Image(contentsOf: sample)
    let bytes = try photo.encoded(as: .png())
    for index in 0..<iterations {
        let reloaded = try Image(data: bytes)
        let look = try FilterRegistry.shared.makeFilter(index % 2 == 0 ? "vintage" : "black-and-white")
        _ = try look.apply(to: reloaded, seed: UInt64(index)).encoded(as: .jpeg())
        _ = try Image(pixels: reloaded.pixels()).mean()
        _ = try Image.thumbnail(contentsOf: sample, width: 64)
        _ = try? Image(data: Data("not an image".utf8))
        _ = try? Image(contentsOf: sample, options: .init(pixelLimit: 10))
    }
}

do {
    // The count must see images that are alive, or a zero below would prove nothing.
    let held = try Image(contentsOf: sample)
    let whileHeld = ImagingDiagnostics.liveImageCount
    print("live libvips images while one is held: \(whileHeld)")
    guard whileHeld > 0, held.width > 0 else { exit(3) }
    try workload()
} catch {
    print("workload failed: \(error)")
    exit(2)
}
ImagingDiagnostics.dropOperationCache()
let alive = ImagingDiagnostics.liveImageCount
print("live libvips images after the workload: \(alive)")
exit(alive == 0 ? 0 : 1)
