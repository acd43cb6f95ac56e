import Foundation

/// What to do with an arriving packet of a passthrough recording.
enum PacketAdmission {
    /// Write it at `offset` in the file of group `group`; `startsGroup` when it is the key frame
    /// that began the group; `motionMark` when motion detection is to analyse it.
    case write(group: Int, offset: Int, layout: BufferLayout, motionMark: Int?, startsGroup: Bool)
    /// Drop it (paused, or waiting for a key frame).
    case skip
    /// The recorder stopped: end the recording from the source.
    case stop
}

extension RecorderStateMachine {
    /// A packet arrived: where it goes. `isKey`, `pts` and `parameters` are the packet's; `size`
    /// its byte count.
    mutating func packetArrived(size: Int, pts: Int64, isKey: Bool, parameters: StreamParameters) -> PacketAdmission {
        switch state {
        case .none: return .stop
        case .paused:
            // The clip keeps the camera's timestamps, so paused time shows as a gap.
            endOpenGroup()
            return .skip
        case .recording: break
        }
        guard let layout, mode != .decoded else { return .stop }
        mode = .passthrough
        inputEnded = false
        passthrough.sourceTime = max(passthrough.sourceTime ?? pts, pts)
        let open = packets.openGroup
        let changed = open.map { !$0.parameters.isCompatible(with: parameters) } ?? false
        let startsGroup = isKey || changed
        if startsGroup {
            // A new group needs a key frame; after a change of parameters, wait for one.
            guard isKey else {
                endOpenGroup()
                return .skip
            }
            let number = passthrough.nextGroup
            passthrough.nextGroup += 1
            let followsGap = passthrough.interrupted || (open == nil && number != passthrough.firstGroup)
            packets.startGroup(
                PacketGroup(number: number, parameters: parameters, startPTS: pts, followsGap: followsGap))
            passthrough.interrupted = false
            passthrough.motionMarks[number] = passthrough.motionHanded
            if number == passthrough.firstGroup { passthrough.startPTS = pts }
            packetPlanner.groupStarted(number, at: pts)
        } else if open == nil {
            return .skip
        }
        guard let (group, offset) = packets.reserve(size) else { return .skip }
        passthrough.newestPTS = max(passthrough.newestPTS ?? pts, pts)
        var mark: Int?
        if configuration.motionTrigger != nil {
            mark = passthrough.motionHanded
            passthrough.motionHanded += 1
        }
        return .write(group: group, offset: offset, layout: layout, motionMark: mark, startsGroup: startsGroup)
    }

    /// The packet `record` of `group` was written (`failed`: it was not, and the group's file
    /// lacks it). Clips end, and groups leave the buffer, only where a group begins or ends: the
    /// packets in between change nothing to settle, and give `nil`.
    mutating func packetStored(_ record: PacketRecord, group: Int, startedGroup: Bool, failed: Bool)
        -> RecorderActions?
    {
        if failed {
            // The next key frame starts afresh.
            endOpenGroup()
        } else {
            _ = packets.commit(record, group: group)
        }
        return failed || startedGroup ? settle() : nil
    }

    /// The live source was lost: the open group ends, the next one follows a gap; the next
    /// decoded frame starts after a gap too.
    mutating func sourceLost() {
        endOpenGroup()
        sourceInterrupted = true
    }

    /// A packet of a passthrough recording was damaged and dropped: the open group ends before
    /// it; the next key frame starts a group after a gap.
    mutating func packetDropped() {
        endOpenGroup()
    }

    /// The live source is lost and its timeline has reached `now`: passthrough clips whose end
    /// has passed are written with what they have.
    mutating func sourceIdle(now: Int64) -> RecorderActions? {
        if state != .none, mode == .passthrough { passthrough.sourceTime = max(passthrough.sourceTime ?? now, now) }
        guard packets.openGroup == nil, !packetPlanner.pending.isEmpty else { return nil }
        packetPlanner.timePassed(now, nextGroup: passthrough.nextGroup)
        return settle()
    }

    /// Motion detection analysed the packet at `pts` (in order); `motion` marks an event there.
    mutating func packetAnalysed(pts: Int64, motion: Bool) -> RecorderActions {
        passthrough.motionAnalysed += 1
        passthrough.motionAnalysedPTS = max(passthrough.motionAnalysedPTS ?? pts, pts)
        // An event from a packet of an earlier session (analysed late) has no clip to go to.
        if motion, state == .recording, pts >= passthrough.startPTS ?? .max {
            addPacketEvent(at: pts)
            if inputEnded { cutPendingClips() }
        }
        return settle()
    }

    /// Ends the open group of pictures of a passthrough recording: the next key frame starts a
    /// group after a gap (the source was lost or paused, or a packet could not be kept). The
    /// open segment of a continuous recording closes too.
    mutating func endOpenGroup() {
        packets.closeOpenGroup()
        passthrough.interrupted = true
        interruptContinuous()
    }

    /// Marks an event of a passthrough recording at `time`.
    mutating func addPacketEvent(at time: Int64) {
        let floor = max(passthrough.firstGroup, packets.evictedBelow)
        let start =
            packets.group(startingAtOrBefore: time - PacketTimeline.ticks(configuration.backwardOffset), floor: floor)
            ?? floor
        let packets = packets
        packetPlanner.addEvent(at: time, startGroup: start, configuration: configuration) { packets[$0]?.startPTS }
    }
}
