import Foundation
import Locking
import SocialModel

/// A photo processor for tests and previews: fast, deterministic and free of any image library.
///
/// It reads the stand-in uploads ``photo(width:height:)`` makes (a short text naming a size, so a
/// test says how large an upload is) and refuses anything else as unusable. Its "JPEGs" name the
/// size they were made at, which ``dimensions(of:)`` reads back, and follow the same arithmetic
/// as a real processor: bounded sizes keep the aspect ratio and never grow, squares are cut to the
/// shorter side. It knows a fixed set of filter names (matched ignoring case) whose parameters
/// must be within 0…1.
public final class MockPhotoProcessor: PhotoProcessor {
    /// The filter names it knows, in canonical (lower-case) form.
    public let filters: [String]
    private let processed = Locked(0)

    /// A processor knowing `filters`.
    /// - Parameter filters: the filter names it accepts.
    public init(filters: [String] = ["black-and-white", "vintage"]) {
        self.filters = filters.map { $0.lowercased() }
    }

    /// A stand-in upload of a photo of this size.
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    /// - Returns: bytes this processor reads.
    public static func photo(width: Int, height: Int) -> Data {
        Data("MOCKPHOTO \(width)x\(height)".utf8)
    }

    /// The size a stand-in upload or JPEG of this processor names.
    /// - Parameter data: an upload from ``photo(width:height:)`` or a JPEG this processor made.
    /// - Returns: width and height, or `nil` for other bytes.
    public static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        guard let text = String(data: data.prefix(64), encoding: .utf8) else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count >= 2, parts[0] == "MOCKPHOTO" || parts[0] == "MOCKJPEG" else { return nil }
        let size = parts[1].split(separator: "x")
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else {
            return nil
        }
        return (width, height)
    }

    /// How many photos it has processed (or refused), so a test can tell that a call never got this far.
    public var processedCount: Int { processed.withLock { $0 } }

    /// Bounded "JPEGs" of a stand-in upload.
    /// - Parameters:
    ///   - photo: an upload from ``photo(width:height:)``.
    ///   - sizes: the bounds on the longer side.
    ///   - pixelLimit: the largest pixel count accepted.
    ///   - filter: a filter it knows, or `nil`.
    ///   - seed: unused; the output does not depend on it.
    /// - Returns: one stand-in JPEG per bound.
    /// - Throws: `PhotoError.unknownFilter(name:suggestions:)`,
    ///   `PhotoError.invalidFilterParameters(filter:reason:)`, `PhotoError.unusable(reason:)`.
    public func bounded(_ photo: Data, sizes: [Int], pixelLimit: Int, filter: PhotoFilter?, seed: UInt64)
        async throws(PhotoError) -> ProcessedPhoto
    {
        processed.withLock { $0 += 1 }
        let name = try filter.map { filter throws(PhotoError) in try resolve(filter) }
        let (width, height) = try decode(photo, pixelLimit: pixelLimit)
        var jpegs: [Int: Data] = [:]
        for size in sizes {
            let fitted = Self.fitted(width, height, within: size)
            jpegs[size] = Self.jpeg(fitted.width, fitted.height)
        }
        let largest = Self.fitted(width, height, within: sizes.max() ?? max(width, height))
        return ProcessedPhoto(jpegs: jpegs, width: largest.width, height: largest.height, filter: name)
    }

    /// Square "JPEGs" of a stand-in upload.
    /// - Parameters:
    ///   - photo: an upload from ``photo(width:height:)``.
    ///   - sizes: the sides.
    ///   - pixelLimit: the largest pixel count accepted.
    /// - Returns: one stand-in JPEG per side.
    /// - Throws: `PhotoError.unusable(reason:)`.
    public func squares(_ photo: Data, sizes: [Int], pixelLimit: Int) async throws(PhotoError) -> [Int: Data] {
        processed.withLock { $0 += 1 }
        let (width, height) = try decode(photo, pixelLimit: pixelLimit)
        let side = min(width, height)
        return Dictionary(uniqueKeysWithValues: sizes.map { ($0, Self.jpeg(min($0, side), min($0, side))) })
    }

    private func decode(_ photo: Data, pixelLimit: Int) throws(PhotoError) -> (width: Int, height: Int) {
        guard photo.starts(with: Data("MOCKPHOTO ".utf8)), let size = Self.dimensions(of: photo) else {
            throw .unusable(reason: "not a MockPhotoProcessor photo")
        }
        guard size.width.multipliedReportingOverflow(by: size.height).partialValue <= pixelLimit,
            size.width <= pixelLimit, size.height <= pixelLimit
        else { throw .unusable(reason: "\(size.width)×\(size.height) is over the \(pixelLimit)-pixel limit") }
        return size
    }

    private func resolve(_ filter: PhotoFilter) throws(PhotoError) -> String {
        let name = filter.name.lowercased()
        guard filters.contains(name) else {
            throw .unknownFilter(name: filter.name, suggestions: filters.filter { $0.first == name.first })
        }
        for (parameter, value) in filter.parameters.sorted(by: { $0.key < $1.key }) where !(0...1).contains(value) {
            throw .invalidFilterParameters(filter: name, reason: "\(name): \(parameter) = \(value) is out of range 0…1")
        }
        return name
    }

    private static func fitted(_ width: Int, _ height: Int, within bound: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        guard longer > bound else { return (width, height) }
        let scale = Double(bound) / Double(longer)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    private static func jpeg(_ width: Int, _ height: Int) -> Data {
        Data("MOCKJPEG \(width)x\(height)".utf8)
    }
}
