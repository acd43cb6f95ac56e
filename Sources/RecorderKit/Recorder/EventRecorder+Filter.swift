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
    public func setExportFilter(_ filter: (any Filter)?, seed: UInt64) {
        let transform = filter.map { filter in
            let video = VideoLook(filter, seed: seed)
            return ExportTransform(apply: { image, index in try video.apply(to: image, index: index) }, look: video)
        }
        shared.withLock { $0.machine.exportTransform = transform }
    }
}
