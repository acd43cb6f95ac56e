import Foundation

/// Work decided under the lock and done outside it: clips to write, frame files to delete,
/// waiters to wake.
struct Settlement {
    var exports: [ExportJob] = []
    var deletions: [URL] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
}

extension EventRecorder {
    /// Brings the core up to date after any change: starts the clips whose frames have all
    /// arrived, evicts the frames no clip can need, and wakes ``capturedSegments()`` callers
    /// when nothing is in progress.
    func settle(_ core: inout RecorderCore) -> Settlement {
        var work = Settlement()
        for clip in core.planner.takeReady(committedThrough: core.settledThrough) {
            core.exporting[clip.id] = clip.start
            work.exports.append(makeJob(for: clip, core: core))
        }
        if let directory = core.directory {
            work.deletions = core.index.evict(below: core.retainFrom).map { directory.url(for: $0) }
        }
        if core.isIdle {
            work.waiters = core.idleWaiters
            core.idleWaiters.removeAll()
        }
        return work
    }

    func perform(_ work: Settlement) {
        for url in work.deletions {
            try? FileManager.default.removeItem(at: url)
        }
        for job in work.exports {
            exportQueue.async { self.export(job) }
        }
        for waiter in work.waiters {
            waiter.resume()
        }
    }

    /// Tells the delegate and keeps the error for the next throwing call.
    func report(_ error: RecorderError) {
        let delegate = core.withLock { core in
            if core.unreportedFailure == nil { core.unreportedFailure = error }
            return core.delegate
        }
        delegate?.videoRecorderDidFail(error)
    }

    private func makeJob(for clip: PlannedClip, core: RecorderCore) -> ExportJob {
        var files: [URL] = []
        var lastStored: URL?
        // A slot whose frame failed to reach the disk repeats its neighbour, so the clip keeps its
        // frame count and timing.
        let stored = (clip.start..<clip.end).map { core.index.isStored($0) ? core.directory?.url(for: $0) : nil }
        let firstStored = stored.compactMap { $0 }.first
        for url in stored {
            lastStored = url ?? lastStored
            if let chosen = lastStored ?? firstStored { files.append(chosen) }
        }
        return ExportJob(
            clip: clip,
            frameFiles: files,
            startTime: core.index.time(of: clip.start) ?? 0,
            eventTimes: clip.eventTimes.sorted(),
            generation: core.generation,
            transform: core.exportTransform)
    }
}
