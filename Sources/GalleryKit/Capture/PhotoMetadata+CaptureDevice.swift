import CaptureDevices
import Imaging

extension PhotoMetadata {
    /// This metadata with the capture side filled in from the camera in use: its zoom factor
    /// (written as EXIF DigitalZoomRatio) and its lens (LensModel, `CaptureDevice.lensModel`,
    /// such as "back telephoto 77mm").
    /// - Parameter selection: the camera and zoom factor, as a `CameraSelector` chose them.
    /// - Returns: the metadata with `zoomFactor` and `lensModel` set.
    public func capturing(with selection: CameraSelection) -> PhotoMetadata {
        var metadata = self
        metadata.zoomFactor = selection.zoomFactor
        metadata.lensModel = selection.device.lensModel
        return metadata
    }

    /// This metadata with the capture side filled in from a device and the zoom factor it shot at,
    /// brought within the device's zoom range as the camera would have.
    /// - Parameters:
    ///   - device: the camera.
    ///   - zoomFactor: the zoom factor in use.
    /// - Returns: the metadata with `zoomFactor` and `lensModel` set.
    /// - Throws: ``GalleryError/invalidMetadata(_:)`` for a zoom factor that is not finite.
    public func capturing(with device: CaptureDevice, zoomFactor: Double) throws(GalleryError) -> PhotoMetadata {
        guard let clamped = device.clampedZoomFactor(zoomFactor) else {
            throw .invalidMetadata(.zoomNotFinite(zoomFactor))
        }
        var metadata = self
        metadata.zoomFactor = clamped
        metadata.lensModel = device.lensModel
        return metadata
    }
}
