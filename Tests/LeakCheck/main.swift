// Proves that images release their libvips objects: runs loads, filters, encodes, failures and
// pixel round trips, drops every image, empties libvips' operation cache, and then asks libvips
// how many images are still alive. Prints the count; exits 1 if it is not zero.
import FilmKit
import Foundation
import Imaging

let usage = """
    usage: imaging-leak-check SAMPLE-IMAGE [ITERATIONS]

    Loads, filters and encodes SAMPLE-IMAGE ITERATIONS times (20), then prints how many libvips
    images are still alive; exits 1 if any are.

    options:
      -h, --help   Show this help and exit.
    """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
guard (1...2).contains(arguments.count), arguments.allSatisfy({ !$0.hasPrefix("-") }),
    arguments.count == 1 || Int(arguments[1]).map({ $0 > 0 }) == true
else {
    FileHandle.standardError.write(
        Data("imaging-leak-check: unexpected \(arguments.joined(separator: " "))\n\(usage)\n".utf8))
    exit(64)
}
let sample = URL(fileURLWithPath: arguments[0])
let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20

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
