import FilmKit

extension EventRecorder {
    /// Applies a FilmKit filter to every frame of every clip written from now on; `nil` removes it.
    ///
    /// Frames go through FilmKit's `VideoLook`: frame `n` of a clip is filtered with
    /// `FilterContext(seed: seed).derived(n)`, so random effects such as grain and dust move from
    /// frame to frame as on a real film, while the same clip and seed always give the same pixels;
    /// a film stock is prepared once for the whole clip. A passthrough recording's clips are
    /// decoded and re-encoded for it (at the export settings' size and codec).
    ///
    /// - Parameters:
    ///   - filter: the filter, or `nil` for none.
    ///   - seed: the seed of the filter's random effects.
    public func setExportFilter(_ filter: (any Filter)?, seed: UInt64 = 0) {
        guard let filter else {
            exportFrameTransform = nil
            return
        }
        let video = VideoLook(filter, seed: seed)
        exportFrameTransform = { image, index in try video.apply(to: image, index: index) }
    }

    /// Applies the filter registered under `name` in `registry` (with `parameters`) to every
    /// frame of every clip written from now on, as ``setExportFilter(_:seed:)`` does.
    ///
    /// The registry is the caller's to choose; pass `registry: .shared` for the process-wide one.
    ///
    /// - Parameters:
    ///   - name: the filter's registered name.
    ///   - parameters: the filter's parameters by name.
    ///   - registry: where the name is looked up.
    ///   - seed: the seed of the filter's random effects.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` carrying the registry's message for an
    ///   unknown name (with close matches) or a bad parameter.
    public func setExportFilter(
        named name: String,
        parameters: [String: Double] = [:],
        registry: FilterRegistry,
        seed: UInt64 = 0
    ) throws(RecorderError) {
        do {
            setExportFilter(try registry.makeFilter(name, parameters: parameters), seed: seed)
        } catch {
            throw .invalidConfiguration("export filter: \(error)")
        }
    }
}
