import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to do with an incoming packet, decided under the lock.
private enum PacketPlan {
    /// Write it at `offset` in the file of group `group` of `directory`; `startsGroup` when it is
    /// the key frame that began the group.
    case write(group: Int, offset: Int, directory: BufferDirectory, motionMark: Int?, startsGroup: Bool)
    /// Drop it (paused, or waiting for a key frame).
    case skip
    /// The recorder stopped: end the recording from the source.
    case stop
}

extension EventRecorder {
    /// Adds one packet of a passthrough recording (on the live source's thread): it goes into the
    /// open group of pictures, a key frame starting a new one. Returns `false` once the recorder
    /// has stopped.
    func ingest(_ packet: TimedPacket, writer: PacketFileWriter) -> Bool {
        let size = packet.bytes.count
        let plan = core.withLock { core -> PacketPlan in
            // Background failures (a clip that could not be written) reach the delegate and
            // capturedSegments(); the recording from the source goes on.
            switch core.state {
            case .none: return .stop
            case .paused:
                // The clip keeps the camera's timestamps, so paused time shows as a gap.
                core.endOpenGroup()
                return .skip
            case .recording: break
            }
            guard let directory = core.directory else { return .stop }
            let open = core.packets.openGroup
            let changed = open.map { !$0.parameters.isCompatible(with: packet.parameters) } ?? false
            let startsGroup = packet.isKey || changed
            if startsGroup {
                // A new group needs a key frame; after a change of parameters, wait for one.
                guard packet.isKey else {
                    core.endOpenGroup()
                    return .skip
                }
                let number = core.passthrough.nextGroup
                core.passthrough.nextGroup += 1
                let followsGap = core.passthrough.interrupted || (open == nil && number != core.passthrough.firstGroup)
                core.packets.startGroup(
                    PacketGroup(
                        number: number, parameters: packet.parameters, startPTS: packet.pts, followsGap: followsGap))
                core.passthrough.interrupted = false
                core.passthrough.motionMarks[number] = core.passthrough.motionHanded
                if number == core.passthrough.firstGroup { core.passthrough.startPTS = packet.pts }
                core.packetPlanner.groupStarted(number, at: packet.pts)
            } else if open == nil {
                return .skip
            }
            guard let (group, offset) = core.packets.reserve(size) else { return .skip }
            core.passthrough.newestPTS = max(core.passthrough.newestPTS ?? packet.pts, packet.pts)
            var mark: Int?
            if core.configuration.motionTrigger != nil {
                mark = core.passthrough.motionHanded
                core.passthrough.motionHanded += 1
            }
            return .write(
                group: group, offset: offset, directory: directory, motionMark: mark, startsGroup: startsGroup)
        }
        guard case .write(let group, let offset, let directory, let mark, let startsGroup) = plan else {
            if case .stop = plan { return false }
            return true
        }
        var failure: RecorderError?
        do {
            try writer.write(packet.bytes, group: group, in: directory, at: offset)
        } catch {
            failure = error
        }
        let record = PacketRecord(
            offset: offset, size: size, pts: packet.pts, dts: packet.dts, duration: packet.duration,
            isKey: packet.isKey,
            stream: 0)
        let work = core.withLock { core -> Settlement? in
            if failure != nil {
                // The group's file lacks this packet: end the group here; the next key frame starts afresh.
                core.endOpenGroup()
            } else {
                _ = core.packets.commit(record, group: group)
            }
            // Clips end, and groups leave the buffer, only where a group begins or ends: the
            // packets in between change nothing to settle.
            return failure != nil || startsGroup ? settle(&core) : nil
        }
        if let work { perform(work) }
        if let failure { report(failure) }
        if mark != nil {
            motionAnalyser()?.analyse(
                MotionPacket(
                    data: Data(packet.bytes), pts: packet.pts, dts: packet.dts, isKey: packet.isKey,
                    parameters: packet.parameters, isUsable: failure == nil))
        }
        return true
    }

    /// The live source was lost: the open group ends, the next one follows a gap; the next
    /// decoded frame starts after a gap too.
    func sourceLost() {
        core.withLock { core in
            core.endOpenGroup()
            core.sourceInterrupted = true
        }
    }

    /// A packet of a passthrough recording was damaged and dropped: the open group ends before
    /// it; the next key frame starts a group after a gap.
    func packetDropped() {
        core.withLock { $0.endOpenGroup() }
    }

    /// The live source is lost and the timeline has reached `now`: passthrough clips whose end
    /// has passed are written with what they have.
    func sourceIdle(now: Int64) {
        let work = core.withLock { core -> Settlement? in
            guard core.packets.openGroup == nil, !core.packetPlanner.pending.isEmpty else { return nil }
            core.packetPlanner.timePassed(now, nextGroup: core.passthrough.nextGroup)
            return settle(&core)
        }
        if let work { perform(work) }
    }

    /// Motion detection analysed a packet (in order): counts it and, for motion, marks an event
    /// at its frame.
    func packetAnalysed(pts: Int64, motion: Bool, failure: VideoIOError?) {
        let work = core.withLock { core -> Settlement in
            core.passthrough.motionAnalysed += 1
            core.passthrough.motionAnalysedPTS = max(core.passthrough.motionAnalysedPTS ?? pts, pts)
            // An event from a packet of an earlier session (analysed late) has no clip to go to.
            if motion, core.state == .recording, pts >= core.passthrough.startPTS ?? .max {
                addPacketEvent(at: pts, &core)
            }
            return settle(&core)
        }
        perform(work)
        if let failure { report(.video(failure)) }
    }

    /// Marks an event of a passthrough recording at `time`.
    func addPacketEvent(at time: Int64, _ core: inout RecorderCore) {
        let configuration = core.configuration
        let floor = max(core.passthrough.firstGroup, core.packets.evictedBelow)
        let start =
            core.packets.group(
                startingAtOrBefore: time - PacketTimeline.ticks(configuration.backwardOffset), floor: floor) ?? floor
        let packets = core.packets
        core.packetPlanner.addEvent(at: time, startGroup: start, configuration: configuration) { packets[$0]?.startPTS }
    }
}

/// Writes packets into their groups' files on the live source's thread, keeping the open
/// group's file open between packets.
final class PacketFileWriter {
    private var descriptor: Int32 = -1
    private var group = -1
    private var url = URL(fileURLWithPath: "/")

    deinit {
        closeFile()
    }

    /// Writes `bytes` at `offset` of group `number`'s file in `directory`.
    func write(_ bytes: UnsafeRawBufferPointer, group number: Int, in directory: BufferDirectory, at offset: Int)
        throws(RecorderError)
    {
        // The file's name is made only when a group begins: a packet costs a write, nothing more.
        if number != group {
            closeFile()
            url = directory.url(forGroup: number)
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .storageFailed(path: url.path, message: String(cString: strerror(errno)))
            }
            group = number
        }
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw .storageFailed(
                    path: url.path, message: count < 0 ? String(cString: strerror(errno)) : "short write")
            }
            done += count
        }
    }

    /// Closes the open file (the source was lost, or recording ended).
    func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        group = -1
    }
}
