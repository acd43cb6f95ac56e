/// How fast ``EventRecorder/record(from:pacing:)`` pulls frames.
public enum Pacing: Sendable, Hashable {
    /// As fast as frames can be made and stored (files, tests, benchmarks).
    case asFastAsPossible
    /// At the pace of the frames' timestamps, as a live camera delivers them.
    case realTime
}

extension EventRecorder {
    /// Pulls frames from `source` and pushes them until the source ends, the recorder stops, or
    /// the task is cancelled. Frames pulled while paused are dropped, as a camera's would be.
    ///
    /// - Returns: the number of frames pulled.
    /// - Throws: ``RecorderError/source(_:)`` when the source fails, and whatever ``push(_:)``
    ///   throws except ``RecorderError/notRecording(state:)``, which ends the loop.
    @discardableResult
    public func record<Source: FrameSource>(from source: inout Source, pacing: Pacing = .asFastAsPossible)
        async throws(RecorderError) -> Int
    {
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
        return count
    }
}
