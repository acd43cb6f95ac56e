import CVips
import CVipsShim

extension Image {
    /// The mean of all samples of all bands.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func mean() throws(ImagingError) -> Double {
        try statistic("avg", akv_avg)
    }

    /// The standard deviation of all samples of all bands.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func standardDeviation() throws(ImagingError) -> Double {
        try statistic("deviate", akv_deviate)
    }

    /// The smallest sample.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func minimum() throws(ImagingError) -> Double {
        try statistic("min", akv_min)
    }

    /// The largest sample.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func maximum() throws(ImagingError) -> Double {
        try statistic("max", akv_max)
    }

    /// The mean of each band separately.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func bandMeans() throws(ImagingError) -> [Double] {
        try (0..<bands).map { band throws(ImagingError) in try extractingBands(band).mean() }
    }

    private func statistic(
        _ name: String,
        _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<Double>) -> Int32
    ) throws(ImagingError) -> Double {
        var value = 0.0
        guard withExtendedLifetime(self, { body(pointer, &value) }) == 0 else {
            throw VipsRuntime.pipelineError(operation: name, sources: handle.sources)
        }
        return value
    }
}
