import Imaging

extension Image {
    /// This image as 3-band 8-bit sRGB of exactly `size`: scaled to fit, centred, with black bars
    /// where the aspect ratio differs.
    func fitted(to size: FrameSize) throws(ImagingError) -> Image {
        let image = try normalizedToSRGB()
        guard image.width != size.width || image.height != size.height else { return image }
        let scale = min(Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        let width = min(size.width, max(1, Int((Double(image.width) * scale).rounded())))
        let height = min(size.height, max(1, Int((Double(image.height) * scale).rounded())))
        let scaled = try image.resized(width: width, height: height)
        guard width != size.width || height != size.height else { return scaled }
        return try scaled.embedded(
            x: (size.width - width) / 2, y: (size.height - height) / 2, width: size.width, height: size.height)
    }
}
