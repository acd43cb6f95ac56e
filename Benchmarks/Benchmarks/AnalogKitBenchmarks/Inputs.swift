import Foundation
import Imaging

/// Camera-sized photos made from a bundled sample at run time, so nothing large is committed.
///
/// An upscaled sample is unrealistically smooth and compresses too well, which would flatter any
/// JPEG round trip; fine noise like a sensor's gives the file a real photo's entropy
/// (about 8 MB for 24 megapixels at quality 92).
enum Inputs {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("analogkit-benchmarks")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Samples/rocket.jpg")

    /// A JPEG of about `megapixels` million pixels (3:2), made once and reused.
    static func photo(megapixels: Int) -> URL {
        let url = folder.appendingPathComponent("photo-\(megapixels)mp.jpg")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        do {
            let source = try Image(contentsOf: sample)
            let width = Int((Double(megapixels) * 1_000_000 * 1.5).squareRoot())
            let height = width * 2 / 3
            let enlarged = try source.resized(width: width, height: height, kernel: .cubic)
            let grain = try Image.noise(width: width, height: height, sigma: 6, seed: 1)
            let photo = try enlarged.adding(grain).cast(to: .uchar)
            try photo.write(to: url, as: .jpeg(quality: 92))
        } catch {
            fatalError("cannot make the benchmark input: \(error)")
        }
        return url
    }
}
