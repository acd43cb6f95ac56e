import Foundation
import FuzzDriver
import Imaging

/// 65 536 pixels (256 × 256): a fuzzer's small inputs may declare up to this many, so that a run
/// takes about a millisecond (the SDK's own limits are larger; the code paths are the same).
let options = Image.LoadOptions(pixelLimit: 1 << 16, autorotate: true)

// Every input is new: libvips' operation cache would only hold on to them.
ImagingDiagnostics.setOperationCacheLimit(0)

/// Loads encoded bytes under the strict policy and decodes every pixel: only typed errors.
func fuzzImage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(UnsafeRawBufferPointer(start: start, count: count))
    guard let image = try? Image(data: data, options: options) else { return 0 }
    _ = try? image.pixels()
    _ = image.exifData
    return 0
}

exit(FuzzDriver.run(fuzzImage))
