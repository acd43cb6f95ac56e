import CExifShim
import Foundation

/// Turns ``PhotoMetadata`` into an EXIF block (through libexif), ready to put into a JPEG.
package enum ExifWriter {
    /// The EXIF APP1 body for `metadata` on an image of `width`×`height` pixels.
    /// - Throws: ``MetadataError/invalidValue(_:)`` for metadata EXIF cannot record,
    ///   ``MetadataError/exifFailed(_:)`` when libexif fails.
    package static func block(for metadata: PhotoMetadata, width: Int, height: Int) throws(MetadataError) -> [UInt8] {
        let metadata = try metadata.validated()
        let exif = try ExifBlock()
        let date = ExifDate(metadata.captureDate, in: metadata.timeZone)

        try exif.set(EXIF_IFD_0, EXIF_TAG_ORIENTATION, shorts: [UInt16(metadata.orientation)])
        try exif.set(EXIF_IFD_0, EXIF_TAG_DATE_TIME, ascii: date.dateTime)
        if let make = metadata.make { try exif.set(EXIF_IFD_0, EXIF_TAG_MAKE, ascii: make) }
        if let model = metadata.model { try exif.set(EXIF_IFD_0, EXIF_TAG_MODEL, ascii: model) }
        if let software = metadata.software { try exif.set(EXIF_IFD_0, EXIF_TAG_SOFTWARE, ascii: software) }
        if let text = metadata.description { try exif.set(EXIF_IFD_0, EXIF_TAG_IMAGE_DESCRIPTION, ascii: text) }

        // 2.32: the version that defines the OffsetTime tags written below.
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_EXIF_VERSION, undefined: Array("0232".utf8))
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL, ascii: date.dateTime)
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_DIGITIZED, ascii: date.dateTime)
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_SUB_SEC_TIME_ORIGINAL, ascii: date.subSeconds)
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME, ascii: date.offset)
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME_ORIGINAL, ascii: date.offset)
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_PIXEL_X_DIMENSION, longs: [UInt32(clamping: width)])
        try exif.set(EXIF_IFD_EXIF, EXIF_TAG_PIXEL_Y_DIMENSION, longs: [UInt32(clamping: height)])
        if let zoom = metadata.zoomFactor {
            try exif.set(EXIF_IFD_EXIF, EXIF_TAG_DIGITAL_ZOOM_RATIO, rationals: [rational(zoom, denominator: 1000)])
        }
        if let lens = metadata.lensModel { try exif.set(EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL, ascii: lens) }

        if let gps = metadata.gps {
            try writeGPS(gps, capturedAt: metadata.captureDate, into: exif)
        }
        return try exif.serialized()
    }

    private static func writeGPS(_ gps: GPSCoordinate, capturedAt date: Date, into exif: ExifBlock)
        throws(MetadataError)
    {
        try exif.set(EXIF_IFD_GPS, GPSTag.versionID, bytes: [2, 3, 0, 0])
        try exif.set(EXIF_IFD_GPS, GPSTag.latitudeRef, ascii: gps.latitude < 0 ? "S" : "N")
        try exif.set(EXIF_IFD_GPS, GPSTag.latitude, rationals: degreesMinutesSeconds(abs(gps.latitude)))
        try exif.set(EXIF_IFD_GPS, GPSTag.longitudeRef, ascii: gps.longitude < 0 ? "W" : "E")
        try exif.set(EXIF_IFD_GPS, GPSTag.longitude, rationals: degreesMinutesSeconds(abs(gps.longitude)))
        if let altitude = gps.altitude {
            // Reference 1 means below sea level; the altitude itself is unsigned.
            try exif.set(EXIF_IFD_GPS, GPSTag.altitudeRef, bytes: [altitude < 0 ? 1 : 0])
            try exif.set(EXIF_IFD_GPS, GPSTag.altitude, rationals: [rational(abs(altitude), denominator: 100)])
        }
        let utc = ExifDate(date, in: TimeZone(identifier: "UTC")!)
        try exif.set(EXIF_IFD_GPS, GPSTag.dateStamp, ascii: utc.gpsDate)
        try exif.set(EXIF_IFD_GPS, GPSTag.timeStamp, rationals: utc.gpsTime)
        try exif.set(EXIF_IFD_GPS, GPSTag.mapDatum, ascii: "WGS-84")
    }

    /// Degrees, minutes and seconds as rationals, seconds to 1/10 000 (about 3 mm).
    static func degreesMinutesSeconds(_ value: Double) -> [(UInt32, UInt32)] {
        let totalTenThousandths = UInt64((value * 3600 * 10_000).rounded())
        let degrees = totalTenThousandths / (3600 * 10_000)
        let minutes = totalTenThousandths / (60 * 10_000) % 60
        let seconds = totalTenThousandths % (60 * 10_000)
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32(seconds), 10_000)]
    }

    static func rational(_ value: Double, denominator: UInt32) -> (UInt32, UInt32) {
        (UInt32(clamping: Int64((value * Double(denominator)).rounded())), denominator)
    }
}

/// A date as EXIF spells it: local time text, sub-seconds and an offset such as `+02:00`.
package struct ExifDate {
    package let dateTime: String
    package let subSeconds: String
    let offset: String
    let gpsDate: String
    let gpsTime: [(UInt32, UInt32)]

    package init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let (year, month, day) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        let (hour, minute, second) = (parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let millis = min(999, Int((Double(parts.nanosecond ?? 0) / 1_000_000).rounded()))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }
        dateTime = "\(four(year)):\(two(month)):\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
        subSeconds = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        let seconds = timeZone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        offset = "\(sign)\(two(abs(seconds) / 3600)):\(two(abs(seconds) % 3600 / 60))"
        gpsDate = "\(four(year)):\(two(month)):\(two(day))"
        gpsTime = [(UInt32(hour), 1), (UInt32(minute), 1), (UInt32(second * 1000 + millis), 1000)]
    }
}
