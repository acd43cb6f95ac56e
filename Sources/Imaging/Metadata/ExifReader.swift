import CExifShim
import Foundation

/// Reads ``PhotoMetadata`` back out of an EXIF block (through libexif).
package enum ExifReader {
    /// The metadata in `exif`; fields the block lacks keep `PhotoMetadata`'s defaults, and a
    /// missing capture date becomes `fallbackDate`.
    package static func metadata(from exif: [UInt8], fallbackDate: Date) -> PhotoMetadata {
        var metadata = PhotoMetadata(captureDate: fallbackDate, timeZone: .current, software: nil)
        guard let block = ExifBlock(parsing: exif) else { return metadata }
        if let orientation = block.numbers(EXIF_IFD_0, EXIF_TAG_ORIENTATION).first, (1...8).contains(orientation) {
            metadata.orientation = Int(orientation)
        }
        metadata.make = block.ascii(EXIF_IFD_0, EXIF_TAG_MAKE)
        metadata.model = block.ascii(EXIF_IFD_0, EXIF_TAG_MODEL)
        metadata.software = block.ascii(EXIF_IFD_0, EXIF_TAG_SOFTWARE)
        metadata.description = block.ascii(EXIF_IFD_0, EXIF_TAG_IMAGE_DESCRIPTION)
        metadata.lensModel = block.ascii(EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL)
        if let zoom = block.numbers(EXIF_IFD_EXIF, EXIF_TAG_DIGITAL_ZOOM_RATIO).first, zoom > 0 {
            metadata.zoomFactor = zoom
        }
        if let text = block.ascii(EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL)
            ?? block.ascii(EXIF_IFD_0, EXIF_TAG_DATE_TIME),
            let (date, zone) = parseDate(
                text,
                subSeconds: block.ascii(EXIF_IFD_EXIF, EXIF_TAG_SUB_SEC_TIME_ORIGINAL),
                offset: block.ascii(EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME_ORIGINAL))
        {
            metadata.captureDate = date
            metadata.timeZone = zone
        }
        metadata.gps = gps(in: block)
        return metadata
    }

    private static func gps(in block: ExifBlock) -> GPSCoordinate? {
        let latitude = block.numbers(EXIF_IFD_GPS, GPSTag.latitude)
        let longitude = block.numbers(EXIF_IFD_GPS, GPSTag.longitude)
        guard latitude.count == 3, longitude.count == 3 else { return nil }
        let south = block.ascii(EXIF_IFD_GPS, GPSTag.latitudeRef)?.uppercased() == "S"
        let west = block.ascii(EXIF_IFD_GPS, GPSTag.longitudeRef)?.uppercased() == "W"
        let lat = (latitude[0] + latitude[1] / 60 + latitude[2] / 3600) * (south ? -1 : 1)
        let lon = (longitude[0] + longitude[1] / 60 + longitude[2] / 3600) * (west ? -1 : 1)
        var altitude = block.numbers(EXIF_IFD_GPS, GPSTag.altitude).first
        if let value = altitude, block.numbers(EXIF_IFD_GPS, GPSTag.altitudeRef).first == 1 {
            altitude = -value
        }
        return try? GPSCoordinate(latitude: lat, longitude: lon, altitude: altitude)
    }

    /// `YYYY:MM:DD HH:MM:SS` in the offset's zone (the current zone when EXIF gives none).
    static func parseDate(_ text: String, subSeconds: String?, offset: String?) -> (Date, TimeZone)? {
        let numbers = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        var zone = TimeZone.current
        if let offset, let parsed = parseOffset(offset) { zone = parsed }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5])
        guard var date = calendar.date(from: parts) else { return nil }
        if let subSeconds, let digits = Int(subSeconds), !subSeconds.isEmpty {
            date += Double(digits) / pow(10, Double(subSeconds.count))
        }
        return (date, zone)
    }

    private static func parseOffset(_ text: String) -> TimeZone? {
        let sign: Int = text.hasPrefix("-") ? -1 : 1
        let parts = text.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard text.first == "+" || text.first == "-", parts.count == 2 else { return nil }
        return TimeZone(secondsFromGMT: sign * (parts[0] * 3600 + parts[1] * 60))
    }
}
