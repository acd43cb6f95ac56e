import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RecorderShell {
    /// Queues the segment work the machine decided since the last call (under the lock, so
    /// that it is done in the order decided).
    mutating func queueSegmentWork() {
        let work = machine.takeSegmentWork()
        guard !work.isEmpty else { return }
        segmentWriter?.enqueue(work)
    }
}

extension EventRecorder {
    /// At a start with ``RecorderConfiguration/continuousRecording`` set: creates its directory
    /// and the writer of its segments (outside the lock; the scan of the directory follows in
    /// ``scanStoredClips()``).
    func prepareContinuousRecording(_ configuration: RecorderConfiguration) throws(RecorderError) {
        guard let setting = configuration.continuousRecording else {
            shared.withLock { $0.machine.configureContinuous() }
            return
        }
        try BufferDirectory.create(setting.directory)
        // The last session's closes are done before the scan looks at the directory.
        shared.withLock { $0.segmentWriter }?.drain()
        shared.withLock { shell in
            shell.machine.configureContinuous()
            if shell.segmentWriter == nil {
                shell.segmentWriter = SegmentFileWriter(
                    failed: { [weak self] url, error in self?.segmentFailed(url, error) },
                    deleted: { [weak self] url in self?.confirmDeleted([url]) },
                    awaitDeletions: { [weak self] batch in self?.awaitDeletions(through: batch) })
            }
        }
    }

    /// A segment could not be written: it leaves the index, and the failure is reported.
    private func segmentFailed(_ url: URL, _ error: RecorderError) {
        send { shell in
            shell.machine.segmentFailed(url)
            return shell.machine.failed(error)
        }
    }

    /// What the continuous recording holds between two times: the segments that overlap them
    /// (the one being written included, without a file yet) and the gaps no segment covers. It
    /// waits for the files of segments already closed to be finished, so each listed file exists
    /// (until the storage budget purges it).
    ///
    /// - Parameters:
    ///   - from: the start of the range.
    ///   - to: its end (after `from`).
    /// - Returns: the segments, oldest first, and the gaps.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` when continuous recording is off
    ///   (``RecorderConfiguration/continuousRecording`` is `nil`, or the recorder has not started
    ///   with it yet); ``RecorderError/emptyRange(from:to:)`` unless `from` is before `to`.
    public func continuousCoverage(from: Date, to: Date) throws(RecorderError) -> RecordingCoverage {
        shared.withLock { $0.segmentWriter }?.drain()
        return try shared.withLock { shell throws(RecorderError) in
            try shell.machine.continuousCoverage(from: from.timeIntervalSince1970, to: to.timeIntervalSince1970)
        }
    }

    /// Writes a range of the continuous recording as one MP4 clip in the output directory,
    /// without re-encoding: its packets are copied from the segments, from the key frame at or
    /// before `from` (so the clip may begin up to a group of pictures early; where there is no
    /// footage at `from`, at the first after it) up to `to` (the last packet whose decoding time
    /// is before `to`). Only finished segments are read: footage in the segment still being
    /// written is not exported until it closes.
    ///
    /// The clip's ``CapturedVideoSegment/startTime`` is seconds since 1970; the stretches with
    /// no footage are its ``CapturedVideoSegment/gaps`` (the frame before a gap stays on screen
    /// through it); it is ``CapturedVideoSegment/isTruncated`` when it starts after `from`,
    /// ends before `to`, has gaps, or stops where the stream's parameters changed. It counts in
    /// the ``StorageBudget`` as an event clip, and the segments it reads are not purged while it
    /// is written. It is not told to the delegate or ``finishedSegments()`` (it is no event's
    /// clip). Segments hold no audio.
    ///
    /// - Parameters:
    ///   - from: the start of the range.
    ///   - to: its end (after `from`).
    /// - Returns: the published clip.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` when continuous recording is off;
    ///   ``RecorderError/emptyRange(from:to:)`` unless `from` is before `to`;
    ///   ``RecorderError/noFootage(from:to:)`` when no finished segment overlaps the range;
    ///   ``RecorderError/video(_:)`` or ``RecorderError/storageFailed(path:message:)`` when a
    ///   segment cannot be read or the clip written.
    public func exportContinuous(from: Date, to: Date) async throws(RecorderError) -> CapturedVideoSegment {
        let id = UUID()
        let lower = from.timeIntervalSince1970
        let upper = to.timeIntervalSince1970
        let (plan, writer, output, room) = try shared.withLock { shell throws(RecorderError) in
            let plan = try shell.machine.beginContinuousExport(id: id, from: lower, to: upper)
            let room = shell.delivery(of: shell.machine.reserveContinuousExport(id: id, plan: plan))
            return (plan, shell.segmentWriter, shell.machine.configuration.outputDirectory, room)
        }
        let name = Self.clipName(format: .mp4, id: id)
        let final = output.appendingPathComponent(name)
        let partial = output.appendingPathComponent(
            BufferDirectory.partialPrefix + name + BufferDirectory.partialSuffix)
        let requested = PacketTimeline.ticks(lower)..<PacketTimeline.ticks(upper)
        let outcome = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                // Room for the clip is made before it is written.
                self.perform(room)
                // The closes of the planned segments are done before they are read.
                writer?.drain()
                continuation.resume(
                    returning: Result { () throws(RecorderError) -> CapturedVideoSegment in
                        let clip = try ContinuousClipWriter(plan: plan, requested: requested)
                            .write(to: partial.path, id: id, url: final)
                        try Self.moveIntoPlace(partial, final)
                        return clip
                    })
            }
        }
        let bytes = (try? outcome.get()).map { Self.fileBytes(at: $0.url) } ?? 0
        let now = shared.withLock { $0.clock }().timeIntervalSince1970
        shared.withLock { shell in
            shell.machine.continuousExportFinished(id: id)
            if case .success(let clip) = outcome {
                shell.machine.storage.add(
                    StoredClip(id: nil, url: clip.url, bytes: bytes, time: now, isEventClip: true))
            }
        }
        switch outcome {
        case .success(let clip):
            checkStorageBudget()
            return clip
        case .failure(let error):
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Flushes a written file and renames it to its final name.
    private static func moveIntoPlace(_ partial: URL, _ final: URL) throws(RecorderError) {
        let descriptor = open(partial.path, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard rename(partial.path, final.path) == 0 else {
            throw .storageFailed(path: final.path, message: String(cString: strerror(errno)))
        }
    }
}
