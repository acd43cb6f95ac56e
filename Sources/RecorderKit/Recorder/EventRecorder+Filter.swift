import FilmKit

extension EventRecorder {
    /// Applies a FilmKit filter to every frame of every clip written from now on; `nil` removes it.
    ///
    /// Frames go through FilmKit's ``FilmKit/VideoLook``: frame `n` of a clip is filtered with
    /// `FilterContext(seed: seed).derived(n)`, so random effects such as grain and dust move from
    /// frame to frame as on a real film, while the same clip and seed always give the same pixels;
    /// a film stock is prepared once for the whole clip.
    public func setExportFilter(_ filter: (any Filter)?, seed: UInt64 = 0) {
        guard let filter else {
            exportFrameTransform = nil
            return
        }
        let video = VideoLook(filter, seed: seed)
        exportFrameTransform = { image, index in try video.apply(to: image, index: index) }
    }

    /// Applies the filter registered under `name` (with `parameters`) to every frame of every clip
    /// written from now on, as ``setExportFilter(_:seed:)`` does.
    ///
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` carrying the registry's message for an
    ///   unknown name (with close matches) or a bad parameter.
    public func setExportFilter(
        named name: String,
        parameters: [String: Double] = [:],
        registry: FilterRegistry = .shared,
        seed: UInt64 = 0
    ) throws(RecorderError) {
        do {
            setExportFilter(try registry.makeFilter(name, parameters: parameters), seed: seed)
        } catch {
            throw .invalidConfiguration("export filter: \(error)")
        }
    }
}
