import FilmKit
import Imaging

/// A ``VideoRecorder`` that a host feeds frames: the path a camera callback, a test pattern or a
/// file takes into the recorder, and the look applied to the clips it writes.
///
/// It refines ``VideoRecorder`` rather than extending it, because the reference's protocol (which
/// `DCHVideoRecorder` code is written against) has no frame path, and a recorder fed only by a
/// live camera need not have one. A host that pushes frames holds an `any FrameRecorder`, so that
/// its tests can hand it `MockVideoRecorder` (product `RecorderKitMocks`) instead of an
/// ``EventRecorder``. ``record(from:pacing:)`` is written once, here, on top of ``push(_:)``.
///
/// Recording from a ``LiveVideoSource`` is not part of this protocol: that source is FFmpeg's
/// demuxer itself, and a test double replays its events with `MockVideoRecorder.emit(_:)`.
public protocol FrameRecorder: VideoRecorder {
    /// Adds one frame, as a camera callback would.
    ///
    /// - Parameter frame: the frame; timestamps must increase from frame to frame.
    /// - Returns: what became of the frame: stored, dropped to keep the frame rate, or ignored
    ///   while paused.
    /// - Throws: ``RecorderError/notRecording(state:)`` in state `none`,
    ///   ``RecorderError/nonMonotonicTimestamp(previous:got:)`` for a timestamp that does not
    ///   increase, and the recorder's own failures (see ``EventRecorder/push(_:)``).
    @discardableResult
    func push(_ frame: Frame) throws(RecorderError) -> FrameDisposition

    /// Adds one frame of raw 8-bit pixels (3-band RGB, 4-band RGBA or 1-band grey).
    ///
    /// - Parameters:
    ///   - pixels: the frame's samples.
    ///   - timestamp: seconds on the source's clock; must increase from frame to frame.
    /// - Returns: what became of the frame, as for ``push(_:)``.
    /// - Throws: ``RecorderError/imaging(_:)`` for pixels that do not make an image, and what
    ///   ``push(_:)`` throws.
    @discardableResult
    func push(pixels: PixelBuffer, timestamp: Double) throws(RecorderError) -> FrameDisposition

    /// Applies a FilmKit filter to every frame of every clip written from now on; `nil` removes it.
    ///
    /// - Parameters:
    ///   - filter: the filter, or `nil` for none.
    ///   - seed: the seed of the filter's random effects; frame `n` of a clip gets
    ///     `FilterContext(seed: seed).derived(n)`.
    func setExportFilter(_ filter: (any Filter)?, seed: UInt64)

    /// Records the audio `source` has decoded since the last call beside the frames;
    /// ``record(from:pacing:)`` calls it after each frame of a source with sound. The default
    /// does nothing: a recorder without sound ignores it.
    ///
    /// - Parameter source: a source with sound, such as a ``VideoFileSource``.
    /// - Throws: ``RecorderError`` when the recorder refuses the audio.
    func pushAudio(from source: some AudioCarryingSource) throws(RecorderError)
}

extension FrameRecorder {
    /// Ignores the source's audio: a recorder without sound.
    ///
    /// - Parameter source: a source with sound.
    /// - Throws: nothing; it is `throws` only to implement the requirement.
    public func pushAudio(from source: some AudioCarryingSource) throws(RecorderError) {}

    /// Applies a FilmKit filter to every frame of every clip written from now on, with seed 0.
    ///
    /// - Parameter filter: the filter, or `nil` for none.
    public func setExportFilter(_ filter: (any Filter)?) {
        setExportFilter(filter, seed: 0)
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
        } catch let error as FilterError {
            throw .invalidConfiguration(.exportFilter(error))
        } catch {
            throw .invalidConfiguration(.exportFilterFailed("\(error)"))
        }
    }

    /// Pulls frames from `source` and pushes them until the source ends, the recorder stops, or
    /// the task is cancelled. Frames pulled while paused are dropped, as a camera's would be.
    ///
    /// - Parameters:
    ///   - source: where the frames come from; it is advanced past every frame pulled.
    ///   - pacing: as fast as possible (files, tests), or at the pace of the frames' timestamps.
    /// - Returns: the number of frames pulled (at least 1).
    /// - Throws: ``RecorderError/notRecording(state:)`` when the recorder is not recording when
    ///   called, ``RecorderError/sourceYieldedNoFrames`` when the source ends before its first
    ///   frame, ``RecorderError/source(_:)`` when the source fails, and whatever ``push(_:)``
    ///   throws except ``RecorderError/notRecording(state:)`` after the first frame, which ends
    ///   the loop (the recorder was stopped).
    @discardableResult
    public func record<Source: FrameSource>(from source: inout Source, pacing: Pacing = .asFastAsPossible)
        async throws(RecorderError) -> Int
    {
        guard currentState != .none else { throw .notRecording(state: .none) }
        let clock = ContinuousClock()
        let started = clock.now
        var firstTimestamp: Double?
        var count = 0
        while !Task.isCancelled, currentState != .none {
            let next: Frame?
            do {
                next = try source.nextFrame()
            } catch {
                throw .source(error)
            }
            guard let frame = next else { break }
            count += 1
            if pacing == .realTime {
                let first = firstTimestamp ?? frame.timestamp
                firstTimestamp = first
                try? await Task.sleep(until: started.advanced(by: .seconds(frame.timestamp - first)), clock: clock)
            }
            do {
                try push(frame)
                // A source with sound: its audio up to this frame goes beside it.
                if let carrier = source as? any AudioCarryingSource { try pushAudio(from: carrier) }
            } catch {
                if case .notRecording = error { break }
                throw error
            }
        }
        // Cancellation before the first pull is the caller's choice, not an empty source.
        if count == 0, !Task.isCancelled, currentState != .none { throw .sourceYieldedNoFrames }
        return count
    }
}

/// How fast ``FrameRecorder/record(from:pacing:)`` pulls frames.
public enum Pacing: Sendable, Hashable {
    /// As fast as frames can be made and stored (files, tests, benchmarks).
    case asFastAsPossible
    /// At the pace of the frames' timestamps, as a live camera delivers them.
    case realTime
}

/// What became of a pushed frame.
public enum FrameDisposition: Sendable, Hashable {
    /// Stored in this many slots: 1, or more when it also fills a gap in the source's timing.
    case stored(slots: Int)
    /// Dropped to keep the configured frame rate (the source is faster).
    case dropped
    /// Ignored because the recorder is paused.
    case ignoredWhilePaused
}
