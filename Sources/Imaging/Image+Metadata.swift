import CVips
import CVipsShim

extension Image {
    /// The EXIF orientation, 1…8 (1 is upright). Images loaded with `autorotate` are upright.
    public var orientation: Int {
        var value: Int32 = 1
        guard vips_image_get_typeof(pointer, "orientation") != 0,
            vips_image_get_int(pointer, "orientation", &value) == 0
        else { return 1 }
        return Int(value)
    }

    /// The raw EXIF block, if the image has one.
    public var exifData: [UInt8]? { blob(named: "exif-data") }

    /// The embedded ICC colour profile, if any.
    public var iccProfile: [UInt8]? { blob(named: "icc-profile-data") }

    /// The EXIF fields libvips decoded, by libvips' names (such as `exif-ifd0-Make`), as text.
    public var exifFields: [String: String] {
        var fields: [String: String] = [:]
        guard let names = vips_image_get_fields(pointer) else { return fields }
        defer { g_strfreev(names) }
        var index = 0
        while let name = names[index] {
            let key = String(cString: name)
            var value: UnsafeMutablePointer<CChar>?
            if key.hasPrefix("exif-ifd"), vips_image_get_as_string(pointer, name, &value) == 0, let value {
                fields[key] = String(cString: value)
                g_free(value)
            }
            index += 1
        }
        return fields
    }

    private func blob(named name: String) -> [UInt8]? {
        guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, name, &data, &length) == 0, let data else { return nil }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: length))
    }
}
