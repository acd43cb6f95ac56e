import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// EXIF writing and reading (the atomic file writes every kit shares: FileSafetyTests).
@Suite("Metadata")
struct MetadataTests {
    static func jpeg() throws -> Data {
        try TestImages.stepWedge().encoded(as: .jpeg(quality: 90), stripMetadata: true)
    }

    @Test func exifWrittenIntoAJPEGReadsBackAndKeepsThePixels() throws {
        let original = try Self.jpeg()
        let gps = try GPSCoordinate(latitude: -33.4489, longitude: -70.6693, altitude: -3.25)
        let zone = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        let metadata = PhotoMetadata(
            captureDate: Date(timeIntervalSince1970: 1_750_000_000.5), timeZone: zone, gps: gps,
            software: "ImagingTests", description: "Ilford HP5 Plus — frame 3 of 24")
        let exif = try ExifWriter.block(for: metadata, width: 352, height: 32)
        let tagged = try JPEGMetadata.replacingExif(in: original, with: exif)

        let image = try Image(data: tagged)
        #expect(try image.pixels() == Image(data: original).pixels())
        let read = ExifReader.metadata(from: try #require(image.exifData), fallbackDate: Date())
        #expect(read.captureDate == metadata.captureDate)
        #expect(read.timeZone.secondsFromGMT() == zone.secondsFromGMT())
        #expect(read.description == metadata.description)
        #expect(read.software == "ImagingTests")
        #expect(abs((read.gps?.latitude ?? 0) - gps.latitude) < 1e-6)
        #expect(abs((read.gps?.longitude ?? 0) - gps.longitude) < 1e-6)
        #expect(read.gps?.altitude == -3.25)
        #expect(image.exifFields["exif-ifd0-ImageDescription"]?.hasPrefix("Ilford HP5 Plus") == true)
    }

    @Test func insertingIntoAFreshJPEGCopiesItsDataAndDropsAnOldExif() throws {
        let original = try Self.jpeg()
        let first = try ExifWriter.block(
            for: PhotoMetadata(captureDate: Date(timeIntervalSince1970: 1_700_000_000), description: "first"),
            width: 352, height: 32)
        let second = try ExifWriter.block(
            for: PhotoMetadata(captureDate: Date(timeIntervalSince1970: 1_800_000_000), description: "second"),
            width: 352, height: 32)
        let inserted = try JPEGMetadata.insertingExif(into: original, with: first)
        // The compressed data after the header is the encoder's, byte for byte.
        #expect(inserted.count == original.count + first.count + 4)
        #expect(inserted.suffix(original.count - 20) == original.suffix(original.count - 20))
        #expect(try Image(data: inserted).pixels() == Image(data: original).pixels())
        #expect(try Image(data: inserted).exifData == first)

        // Inserting again replaces the EXIF; libjpeg's lossless path gives the same metadata.
        let again = try JPEGMetadata.insertingExif(into: inserted, with: second)
        #expect(again.count == inserted.count - first.count + second.count)
        #expect(try Image(data: again).exifData == second)
        #expect(try Image(data: JPEGMetadata.replacingExif(in: original, with: second)).exifData == second)

        #expect(throws: MetadataError.unreadableJPEG(reason: "not a JPEG (no start-of-image marker)")) {
            try JPEGMetadata.insertingExif(into: Data("GIF89a, not a JPEG".utf8), with: first)
        }
        #expect(throws: MetadataError.unreadableJPEG(reason: "truncated JPEG header")) {
            try JPEGMetadata.insertingExif(into: inserted.prefix(12), with: first)
        }
    }

    @Test func badValuesAndBadJPEGsAreTypedErrors() throws {
        #expect(throws: MetadataError.invalidValue("latitude 91.0 is outside -90…90")) {
            try GPSCoordinate(latitude: 91, longitude: 0)
        }
        #expect(throws: MetadataError.invalidValue("altitude must be a finite number")) {
            try GPSCoordinate(latitude: 0, longitude: 0, altitude: .infinity)
        }
        #expect(throws: MetadataError.invalidValue("orientation 9 is not 1…8")) {
            try ExifWriter.block(for: PhotoMetadata(orientation: 9), width: 1, height: 1)
        }
        let exif = try ExifWriter.block(for: PhotoMetadata(), width: 1, height: 1)
        let truncated = try Self.jpeg().prefix(300)
        #expect {
            try JPEGMetadata.replacingExif(in: truncated, with: exif)
        } throws: { error in
            guard case MetadataError.unreadableJPEG(let reason) = error else { return false }
            return !reason.isEmpty
        }
    }
}
