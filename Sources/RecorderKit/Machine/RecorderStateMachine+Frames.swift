import Foundation

/// Where a decoded frame goes: its slots on the timeline, and how to store it.
struct FrameReservation: Sendable {
    /// The order of reservations, which motion detection follows.
    let sequence: Int
    let slots: [Int]
    let size: FrameSize
    let quality: Int
    let layout: BufferLayout
    let detectsMotion: Bool
}

/// What becomes of an arriving frame.
enum FrameAdmission {
    /// Store it in these slots.
    case reserve(FrameReservation)
    /// Not stored.
    case skip(FrameDisposition)
}

extension RecorderStateMachine {
    /// A decoded frame of `size` with timestamp `time` arrived: its slots, or why it is not
    /// stored. `consumesFailure`: a background failure not yet reported is thrown here.
    mutating func frameArrived(time: Double, size: FrameSize, consumesFailure: Bool) throws(RecorderError)
        -> FrameAdmission
    {
        if consumesFailure, let failure = takeUnreportedFailure() { throw failure }
        switch state {
        case .none: throw .notRecording(state: .none)
        case .paused: return .skip(.ignoredWhilePaused)
        case .recording: break
        }
        if !time.isFinite || lastTimestamp.map({ time <= $0 }) == true {
            throw .nonMonotonicTimestamp(previous: lastTimestamp ?? -.infinity, got: time)
        }
        let expected = configuration.recordSize
        if configuration.frameConversion == .refuse, size != expected {
            throw .frameSizeMismatch(expected: expected, got: size)
        }
        guard let layout else { throw .notRecording(state: state) }
        // One session keeps one kind of ring buffer.
        guard mode != .passthrough else {
            throw .invalidTransition(action: "push a frame into a passthrough recording", state: state)
        }
        mode = .decoded
        inputEnded = false
        let rate = Double(configuration.framerate.rawValue)
        var slots = [nextSlot]
        if let anchor {
            // Slots after the newest one that the timestamp maps to (1 is the next slot), in
            // Double so that any finite timestamp is safe to compare.
            let newest = nextSlot - 1
            let ahead = ((time - anchor.time) * rate).rounded() - Double(newest - anchor.slot)
            let step = time - (lastTimestamp ?? time)
            let lost = sourceInterrupted
            sourceInterrupted = false
            if configuration.frameConversion == .refuse, ahead != 1, !lost {
                throw .frameRateMismatch(expected: configuration.framerate.rawValue, timestampStep: step)
            }
            if ahead <= 0, !lost {
                lastTimestamp = time
                return .skip(.dropped)
            }
            if ahead - 1 <= rate, !lost {
                slots = Array(nextSlot...(newest + Int(ahead)))
            } else {
                // Over a second missing, or the source was lost: a gap, not a slow source. Its
                // slots stay empty (no frame is invented for them) and the timeline restarts after
                // them. Past the longest clip a longer gap changes nothing, so it is capped there.
                let skipped = Int(min(max(ahead - 1, 0), Double(configuration.maximumClipFrames + 1)))
                if skipped > 0 {
                    gaps.append(nextSlot..<(nextSlot + skipped))
                    arrived.formUnion(nextSlot..<(nextSlot + skipped))
                    nextSlot += skipped
                }
                slots = [nextSlot]
                self.anchor = (time, nextSlot)
            }
        } else {
            self.anchor = (time, nextSlot)
        }
        let anchor = self.anchor ?? (time, nextSlot)
        for slot in slots {
            index.reserve(slot: slot, time: anchor.time + Double(slot - anchor.slot) / rate)
        }
        nextSlot = slots[slots.count - 1] + 1
        lastTimestamp = time
        framesInFlight += 1
        reservations += 1
        return .reserve(
            FrameReservation(
                sequence: reservations - 1, slots: slots, size: expected, quality: configuration.bufferJPEGQuality,
                layout: layout, detectsMotion: configuration.motionTrigger != nil))
    }

    /// The frame of `reservation` was stored in the slots `written` (`byteCount` bytes each; the
    /// others failed). With motion detection it is done only once analysed.
    mutating func frameStored(_ reservation: FrameReservation, written: [Int], byteCount: Int) -> RecorderActions {
        var late: [(url: URL, bytes: Int64)] = []
        for slot in written where !index.commit(slot: slot, byteCount: byteCount) {
            late.append((reservation.layout.url(for: slot), Int64(byteCount)))
        }
        if configuration.storageBudget != nil {
            // Admitted when it was compressed (frameEncoded), counted by the index from now on.
            storage.admittedFrameBytes = max(0, storage.admittedFrameBytes - Int64(byteCount * reservation.slots.count))
        }
        arrived.formUnion(reservation.slots)
        while arrived.remove(committedThrough + 1) != nil {
            committedThrough += 1
        }
        if !reservation.detectsMotion { framesInFlight -= 1 }
        var actions = settle()
        delete(late, into: &actions)
        return actions
    }

    /// Motion detection analysed a frame (in reservation order) up to `analysedThrough`, finding
    /// motion at the slots `events`.
    mutating func frameAnalysed(analysedThrough: Int?, events: [Int]) -> RecorderActions {
        framesInFlight -= 1
        if let analysed = analysedThrough {
            motionAnalysedThrough = max(motionAnalysedThrough ?? analysed, analysed)
        }
        for event in events where state == .recording && event >= sessionFirstSlot {
            planner.addEvent(
                at: event, time: index.time(of: event) ?? 0, firstAvailable: sessionFirstSlot,
                configuration: configuration)
        }
        if inputEnded { cutPendingClips() }
        return settle()
    }
}
