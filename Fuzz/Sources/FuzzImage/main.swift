import Foundation
import Imaging

/// 1 megapixel: a fuzzer's small inputs may declare up to this many pixels, so that each run
/// stays short (the SDK's own limits are larger; the code paths are the same).
let options = Image.LoadOptions(pixelLimit: 1 << 20, autorotate: true)

/// Loads encoded bytes under the strict policy and decodes every pixel: only typed errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(UnsafeRawBufferPointer(start: start, count: count))
    guard let image = try? Image(data: data, options: options) else { return 0 }
    _ = try? image.pixels()
    _ = image.exifData
    return 0
}
