import Imaging

extension Image {
    /// The form every FilmKit filter works on: the working space (3-band sRGB without alpha, see
    /// ``Imaging/Image/normalizedToSRGB()``). Float samples from an earlier filter are kept, so a
    /// chain rounds to 8 bits only once, when it is encoded.
    func filmInput() throws(ImagingError) -> Image {
        if isInWorkingSpace { return self }
        return try normalizedToSRGB()
    }

    /// Rec. 709 luma scaled to 0…1, one float band: where a pixel sits between black and white.
    func luma() throws(ImagingError) -> Image {
        try recombined(matrix: [[0.2126 / 255, 0.7152 / 255, 0.0722 / 255]])
    }

    /// The image's short side, which film effects scale with so they look the same at any
    /// resolution (a 35 mm frame is 24 mm high whatever the scan's pixel count).
    var shortSide: Int { min(width, height) }

    /// 8-bit samples, for operations such as lookup tables that index by value.
    func asUChar() throws(ImagingError) -> Image {
        format == .uchar ? self : try cast(to: .uchar)
    }
}
