import CExifShim

/// libexif declares its GPS tags as plain integer macros; these give them the `ExifTag` type.
enum GPSTag {
    static let versionID = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_VERSION_ID))
    static let latitudeRef = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_LATITUDE_REF))
    static let latitude = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_LATITUDE))
    static let longitudeRef = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_LONGITUDE_REF))
    static let longitude = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_LONGITUDE))
    static let altitudeRef = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_ALTITUDE_REF))
    static let altitude = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_ALTITUDE))
    static let timeStamp = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_TIME_STAMP))
    static let dateStamp = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_DATE_STAMP))
    static let mapDatum = ExifTag(rawValue: UInt32(EXIF_TAG_GPS_MAP_DATUM))
}
