import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// Real photos the libvips photo tests share.
enum PhotoFixtures {
    /// A small grey JPEG, cheap to process; made once.
    static let plainPhoto: Data = {
        // A fixed, valid image: if libvips could not encode it, every photo test would fail loudly.
        (try? TestImages.flat(100, width: 40, height: 30).encoded(as: .jpeg(quality: 90))) ?? Data()
    }()

    /// A 120×80 JPEG whose EXIF holds a GPS position and orientation 6 (turn 90° clockwise).
    static func geotaggedRotatedPhoto() async throws -> Data {
        try await geotaggedPhoto(extraTags: ["-Orientation#=6"])
    }

    /// A 120×80 JPEG with a GPS position (and any other tags given) written into its EXIF by exiftool.
    static func geotaggedPhoto(extraTags: [String] = []) async throws -> Data {
        let directory = try TemporaryDirectory("geotagged-photo")
        defer { directory.remove() }
        let file = directory.file("geo.jpg")
        try TestImages.flat(128, width: 120, height: 80).write(to: file)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"),
            [
                "-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                "-GPSLongitudeRef=E",
            ] + extraTags + [file.path])
        #expect(result.status == 0, "exiftool: \(result.error)")
        return try Data(contentsOf: file)
    }
}
