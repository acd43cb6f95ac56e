import Foundation

/// A clip that events asked for: a range of frame slots on the recorder's timeline.
struct PlannedClip: Sendable {
    let id = UUID()
    /// The first slot.
    var start: Int
    /// One past the last slot.
    var end: Int
    /// The slots the windows asked for before clamping, to tell whether the clip was truncated.
    var requestedStart: Int
    var requestedEnd: Int
    /// The slots of the events the clip covers, and their timestamps (kept here because an
    /// event's own frame may be evicted before the clip is written).
    var events: [Int]
    var eventTimes: [Double]
    /// The configuration the frames were recorded under.
    let configuration: RecorderConfiguration

    var frameCount: Int { end - start }
}

/// Turns events into clips. This is where the merge rule lives:
///
/// 1. An event at slot `e` asks for `[e − backward, e + forward)`, clamped to the session's first
///    frame; the event's own frame always belongs to the clip.
/// 2. If the event falls inside the newest clip (that clip is still collecting its forward
///    frames), the two merge: the clip grows to end at `e + forward` and lists both events,
///    unless it would then be longer than `maximumClipDuration`.
/// 3. Otherwise the event gets a clip of its own that starts no earlier than the end of the
///    previous clip, so a frame never belongs to two clips and back-to-back events give
///    contiguous clips with no frame lost or repeated.
///
/// The decisions depend only on frame numbers, never on how far writing has got, so the same
/// frames and events always give the same clips.
struct ClipPlanner: Sendable {
    /// Clips waiting for their last frame, oldest first.
    private(set) var pending: [PlannedClip] = []
    /// One past the last slot of the newest clip, pending or not.
    private(set) var lastEnd = 0

    mutating func addEvent(at event: Int, time: Double, firstAvailable: Int, configuration: RecorderConfiguration) {
        let requestedStart = event - configuration.backwardFrames
        let requestedEnd = event + configuration.forwardFrames
        let start = max(requestedStart, firstAvailable)
        if let index = pending.indices.last, event < pending[index].end {
            let grown = max(pending[index].end, requestedEnd)
            if grown - pending[index].start <= configuration.maximumClipFrames {
                pending[index].end = grown
                pending[index].requestedEnd = max(pending[index].requestedEnd, requestedEnd)
                pending[index].events.append(event)
                pending[index].eventTimes.append(time)
                lastEnd = max(lastEnd, grown)
                return
            }
        }
        let clampedStart = max(start, lastEnd)
        // The event's frame already went out as the last frame of a written clip.
        guard clampedStart < requestedEnd else { return }
        pending.append(
            PlannedClip(
                start: clampedStart, end: requestedEnd, requestedStart: requestedStart, requestedEnd: requestedEnd,
                events: [event], eventTimes: [time], configuration: configuration))
        lastEnd = requestedEnd
    }

    /// Removes and returns the clips whose every slot up to `committedThrough` has arrived.
    mutating func takeReady(committedThrough: Int) -> [PlannedClip] {
        let ready = pending.filter { $0.end - 1 <= committedThrough }
        pending.removeAll { $0.end - 1 <= committedThrough }
        return ready
    }

    /// Ends every pending clip at `end` at the latest: recording stopped.
    /// A clip left with no frame (it was to continue the one before it past `end`) hands its
    /// events to that one, which holds their frames: no event is lost to a stop.
    mutating func truncate(to end: Int) {
        var kept: [PlannedClip] = []
        for var clip in pending {
            clip.end = min(clip.end, end)
            if clip.end > clip.start {
                kept.append(clip)
            } else if let last = kept.indices.last {
                kept[last].events += clip.events
                kept[last].eventTimes += clip.eventTimes
                kept[last].requestedEnd = max(kept[last].requestedEnd, clip.requestedEnd)
            }
        }
        pending = kept
        lastEnd = min(lastEnd, end)
    }

    /// Forgets every pending clip: the recorder was reset.
    mutating func dropAll(nextSlot: Int) {
        pending.removeAll()
        lastEnd = nextSlot
    }

    /// The first slot a pending clip needs.
    var earliestNeeded: Int? { pending.map(\.start).min() }
}
