import Foundation
import Imaging

/// Unique file names that sort in capture order: `IMG_20261122_102716_123_1a2b3c4d.jpg`, the
/// capture time in UTC to the millisecond, then 32 random bits.
enum PhotoFileName {
    static func make(capturedAt date: Date, pathExtension: String) -> String {
        let stamp = ExifDate(date, in: TimeZone(identifier: "UTC")!)
        let digits = stamp.dateTime.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: " ", with: "_")
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let padded = String(repeating: "0", count: 8 - random.count) + random
        return "IMG_\(digits)_\(stamp.subSeconds)_\(padded).\(pathExtension)"
    }

    /// A name from `make` that no file in `directory` has yet.
    static func unused(in directory: URL, capturedAt date: Date, pathExtension: String) -> URL {
        while true {
            let url = directory.appendingPathComponent(make(capturedAt: date, pathExtension: pathExtension))
            if !FileManager.default.fileExists(atPath: url.path) { return url }
        }
    }
}
