import Foundation

/// A clip of a passthrough recording that events asked for: whole groups of pictures.
struct PlannedPacketClip: Sendable {
    let id = UUID()
    /// The first group, or `nil` while the clip before it has not ended (it starts where that
    /// one ends).
    var startGroup: Int?
    /// The group its backward window starts in.
    let windowStartGroup: Int
    /// Where the backward window of its first event begins (ticks).
    let requestedStart: Int64
    /// Where the forward window of its last event ends (ticks).
    var endTime: Int64
    /// One past its last group, once known.
    var endGroup: Int?
    /// The presentation time of the key frame that ended it (`nil` when recording stopped or the
    /// source stayed lost past its end).
    var endKeyPTS: Int64?
    /// The event times (ticks), in order.
    var events: [Int64]
    /// The configuration the packets were recorded under.
    let configuration: RecorderConfiguration

    /// Whether an event at `time` falls inside the clip while it still collects groups.
    func contains(_ time: Int64) -> Bool {
        endGroup == nil || time < (endKeyPTS ?? Int64.min)
    }
}

/// Turns events into clips of a passthrough recording. The camera's packets can only be cut at
/// key frames, so the merge rule of ``ClipPlanner`` is applied to whole groups of pictures:
///
/// 1. An event at time `e` asks for `[e − backward, e + forward)`. The clip starts at the key
///    frame at or before `e − backward` (no earlier than the session's first group or the end of
///    the previous clip) and ends just before the first key frame at or after `e + forward`, so
///    it is at least as long as asked and clips tile the recording group by group.
/// 2. An event that falls inside the newest clip before its end is known (or, with motion
///    detection, before it is written) merges into it: the clip's end moves to `e + forward`,
///    unless it would then be longer than `maximumClipDuration`.
/// 3. Otherwise the event gets a clip of its own, starting no earlier than the end of the
///    previous clip: no frame is written twice and none between back-to-back clips is lost.
///
/// A clip ends early (and says so) when recording stops, or when the source stays lost past
/// the clip's end. Decisions depend only on packet times, never on how far writing has got.
struct GroupClipPlanner: Sendable {
    /// Clips waiting for their last group (or for motion detection), oldest first.
    private(set) var pending: [PlannedPacketClip] = []
    /// Groups below this belong to clips already handed out.
    private(set) var lastEndGroup = 0
    /// Clips that ended up with no group at all (their windows fell inside an outage), for the
    /// recorder to report.
    private(set) var empty: [PlannedPacketClip] = []

    /// Adds an event at `time`; `startGroup` is the group its backward window starts in, and
    /// `startPTS` looks up a group's key frame time.
    mutating func addEvent(
        at time: Int64, startGroup: Int, configuration: RecorderConfiguration, startPTS: (Int) -> Int64?
    ) {
        let forward = PacketTimeline.ticks(configuration.forwardOffset)
        let backward = PacketTimeline.ticks(configuration.backwardOffset)
        let longest = PacketTimeline.ticks(configuration.maximumClipDuration)
        if let last = pending.indices.last, pending[last].contains(time) {
            let end = max(pending[last].endTime, time + forward)
            let begin = pending[last].startGroup.flatMap(startPTS) ?? pending[last].requestedStart
            if end - begin <= longest {
                if end > pending[last].endTime, let key = pending[last].endKeyPTS, key < end {
                    // A clip that waited for motion detection grows past the key frame that ended it.
                    pending[last].endGroup = nil
                    pending[last].endKeyPTS = nil
                }
                pending[last].endTime = end
                pending[last].events.append(time)
                return
            }
        }
        let previousEnd = pending.isEmpty ? lastEndGroup : pending[pending.count - 1].endGroup
        pending.append(
            PlannedPacketClip(
                startGroup: previousEnd.map { max(startGroup, $0) }, windowStartGroup: startGroup,
                requestedStart: time - backward, endTime: time + forward, events: [time], configuration: configuration))
    }

    /// A key frame at `pts` started group `number`: the clips whose end it reaches end before it.
    mutating func groupStarted(_ number: Int, at pts: Int64) {
        for index in pending.indices where pending[index].endGroup == nil {
            resolveStart(index)
            guard pending[index].startGroup != nil, pts >= pending[index].endTime else { break }
            pending[index].endGroup = max(number, pending[index].startGroup ?? number)
            pending[index].endKeyPTS = pts
        }
        setEmptyAside()
    }

    /// The source is lost and no packet can arrive before `now`: clips that end by then end with
    /// the groups they have (`nextGroup` is the number the next group will get).
    mutating func timePassed(_ now: Int64, nextGroup: Int) {
        for index in pending.indices where pending[index].endGroup == nil {
            resolveStart(index)
            guard pending[index].startGroup != nil, pending[index].endTime <= now else { break }
            pending[index].endGroup = max(nextGroup, pending[index].startGroup ?? nextGroup)
        }
        setEmptyAside()
    }

    /// Recording stopped: every clip ends with the groups it has.
    mutating func truncate(nextGroup: Int) {
        for index in pending.indices where pending[index].endGroup == nil {
            resolveStart(index)
            pending[index].endGroup = max(nextGroup, pending[index].startGroup ?? nextGroup)
        }
        setEmptyAside()
    }

    /// Removes and returns the clips that have no group.
    mutating func takeEmpty() -> [PlannedPacketClip] {
        defer { empty.removeAll() }
        return empty
    }

    /// Moves the clips that end where they start out of the pending list.
    private mutating func setEmptyAside() {
        for (index, clip) in pending.enumerated().reversed() {
            guard let start = clip.startGroup, let end = clip.endGroup, end <= start else { continue }
            empty.append(pending.remove(at: index))
            lastEndGroup = max(lastEndGroup, end)
            if index < pending.count, pending[index].startGroup == nil { resolveStart(index) }
        }
    }

    /// Removes and returns the clips whose groups are all known, and (with motion detection)
    /// analysed: `analysed` says whether every packet before a group has been.
    mutating func takeReady(analysed: (Int) -> Bool) -> [PlannedPacketClip] {
        var ready: [PlannedPacketClip] = []
        while let first = pending.first, let end = first.endGroup, first.startGroup != nil, analysed(end) {
            ready.append(pending.removeFirst())
            lastEndGroup = max(lastEndGroup, first.endGroup ?? 0)
            if !pending.isEmpty { resolveStart(0) }
        }
        return ready
    }

    /// Forgets every pending clip: the recorder was reset.
    mutating func dropAll(nextGroup: Int) {
        pending.removeAll()
        empty.removeAll()
        lastEndGroup = nextGroup
    }

    /// The first group a pending clip needs.
    var earliestNeeded: Int? { pending.compactMap(\.startGroup).min() }

    /// A clip that waits for the one before it starts where that one ends, once it is known.
    private mutating func resolveStart(_ index: Int) {
        guard pending[index].startGroup == nil else { return }
        let previousEnd = index > 0 ? pending[index - 1].endGroup : lastEndGroup
        pending[index].startGroup = previousEnd.map { max($0, pending[index].windowStartGroup) }
    }
}
