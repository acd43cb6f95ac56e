import Foundation

/// Work decided under the lock and done outside it: clips to write, buffered files to delete,
/// waiters to wake.
struct Settlement {
    var exports: [ExportJob] = []
    var packetExports: [PacketExportJob] = []
    var deletions: [URL] = []
    var failures: [RecorderError] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
}

extension EventRecorder {
    /// Brings the core up to date after any change: starts the clips whose frames (or groups of
    /// pictures) have all arrived, evicts what no clip can need, and wakes ``capturedSegments()``
    /// callers when nothing is in progress.
    func settle(_ core: inout RecorderCore) -> Settlement {
        var work = Settlement()
        // Clips wait for their audio as for their frames.
        for clip in core.planner.takeReady(committedThrough: min(core.settledThrough, core.audioSettledThrough)) {
            core.exporting[clip.id] = clip.start
            work.exports.append(makeJob(for: clip, core: core))
        }
        let motion = core.configuration.motionTrigger != nil
        let passthrough = core.passthrough
        let ready = core.packetPlanner.takeReady { end in
            !motion || passthrough.motionAnalysed >= (passthrough.motionMarks[end] ?? passthrough.motionHanded)
        }
        for clip in core.packetPlanner.takeEmpty() {
            work.failures.append(.noFramesInWindow(eventTimes: clip.events.map(PacketTimeline.seconds)))
        }
        for clip in ready {
            let start = clip.startGroup ?? 0
            core.exportingGroups[clip.id] = start
            let groups = (start..<(clip.endGroup ?? start)).compactMap { core.packets[$0] }
            let audio = groups.first.flatMap { first in
                clip.configuration.audio == nil
                    ? nil
                    : core.audio.window(
                        from: PacketTimeline.seconds(first.startPTS) - 1,
                        to: PacketTimeline.seconds(groups.last?.endPTS ?? first.startPTS) + 1)
            }
            let following = clip.endGroup.flatMap { core.packets[$0] }
            work.packetExports.append(
                PacketExportJob(
                    clip: clip, groups: groups, files: groups.compactMap { core.directory?.url(forGroup: $0.number) },
                    generation: core.generation, transform: core.exportTransform, audio: audio,
                    followingKeyPTS: following?.followsGap == false ? clip.endKeyPTS : nil))
        }
        if let directory = core.directory {
            work.deletions = core.index.evict(below: core.retainFrom).map { directory.url(for: $0) }
            let evicted = core.packets.evict(below: core.retainGroupsFrom)
            work.deletions += evicted.map { directory.url(forGroup: $0) }
            for group in evicted { core.passthrough.motionMarks[group] = nil }
        }
        core.audio.evict(before: core.audioRetainFrom)
        let evictedBelow = core.index.evictedBelow
        core.gaps.removeAll { $0.upperBound <= evictedBelow }
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
        for job in work.packetExports {
            exportQueue.async { self.export(job) }
        }
        for failure in work.failures {
            report(failure)
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

    /// A clip of decoded frames: the slots that hold frames, on their grid positions. Slots the
    /// timeline skipped (a gap) are left out: at the clip's ends they shorten it, inside it they
    /// become gaps. A slot whose frame failed to reach the disk repeats its neighbour instead, so
    /// the clip keeps its frame count and timing.
    private func makeJob(for clip: PlannedClip, core: RecorderCore) -> ExportJob {
        let configuration = clip.configuration
        let rate = Double(configuration.framerate.rawValue)
        let recorded = (clip.start..<clip.end).filter { core.index.time(of: $0) != nil }
        let first = recorded.first ?? clip.start
        let last = recorded.last ?? clip.start
        let stored = recorded.map { core.index.isStored($0) ? core.directory?.url(for: $0) : nil }
        let firstStored = stored.compactMap { $0 }.first
        var frames: [(url: URL, position: Int64)] = []
        var lastStored: URL?
        for (slot, url) in zip(recorded, stored) {
            lastStored = url ?? lastStored
            if let chosen = lastStored ?? firstStored { frames.append((chosen, Int64(slot - first))) }
        }
        let gaps = core.gaps.compactMap { gap -> CaptureGap? in
            let lower = max(gap.lowerBound, first)
            let upper = min(gap.upperBound, last)
            guard lower < upper else { return nil }
            return CaptureGap(offset: Double(lower - first) / rate, duration: Double(upper - lower) / rate)
        }
        let truncated =
            clip.start > clip.requestedStart || clip.end < clip.requestedEnd || first > clip.start
            || last < clip.end - 1 || !gaps.isEmpty
        let audio =
            configuration.audio == nil
            ? nil : core.audio.clip(from: Double(first) / rate, to: Double(last + 1) / rate)
        return ExportJob(
            clip: clip,
            frames: frames,
            startTime: core.index.time(of: first) ?? 0,
            eventTimes: clip.eventTimes.sorted(),
            eventOffsets: clip.events.sorted().map { Double($0 - first) / rate },
            gaps: gaps,
            isTruncated: truncated,
            generation: core.generation,
            transform: core.exportTransform,
            audio: audio)
    }
}
