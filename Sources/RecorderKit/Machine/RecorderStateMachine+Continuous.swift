import Foundation

/// The machine's part of continuous recording (``ContinuousRecording``): the timeline of
/// segments, where the live source's timeline sits on the wall clock, and the segments an
/// export is reading.
struct ContinuousState: Sendable {
    var timeline: ContinuousTimeline
    /// Ticks added to the current source run's timeline to place it on the wall clock (ticks
    /// since 1970); `nil` until the run's first packet.
    var offset: Int64?
    /// The stream parameters of the open segment: a packet with others closes it first.
    var parameters: StreamParameters?
    /// Segment work decided by events other than a packet (a loss, a pause, a stop), for the
    /// shell to do in order with the packets' work (see ``RecorderStateMachine/takeSegmentWork()``).
    var pending: [SegmentWork] = []
    /// The segment files each export is reading: the budget leaves them alone meanwhile.
    var exporting: [UUID: Set<URL>] = [:]

    init(_ setting: ContinuousRecording) {
        timeline = ContinuousTimeline(
            directory: setting.directory, segmentLength: PacketTimeline.ticks(setting.segmentDuration))
    }
}

/// What the shell does to the files of a continuous recording, in order, on one queue (see
/// `SegmentFileWriter`).
enum SegmentWork: Sendable {
    /// Create the temporary file of a segment for a stream of `parameters`.
    case open(url: URL, parameters: StreamParameters)
    /// Append a packet to the open segment (timestamps in ticks of the source's timeline).
    case write(Data, pts: Int64, dts: Int64, duration: Int64, isKey: Bool)
    /// Finish the open segment's file (at `partial`) and move it to `segment.url`.
    case close(TimelineSegment, partial: URL)
    /// Delete a segment file the budget purged (after any work on it before).
    case delete(URL)
    /// Write nothing more until the deletions of this batch and those before it are done: room
    /// the budget made for the packet that follows (see ``RecorderActions/awaitsDeletions``).
    case awaitDeletions(Int)

    /// Whether it adds bytes to the disk (a file opened, a packet appended).
    var grows: Bool {
        switch self {
        case .open, .write: true
        case .close, .delete, .awaitDeletions: false
        }
    }
}

extension RecorderStateMachine {
    /// Makes (or, after a change of its setting, remakes) the continuous recording's state from
    /// the configuration; none without it.
    mutating func configureContinuous() {
        guard let setting = configuration.continuousRecording else {
            continuous = nil
            return
        }
        let length = PacketTimeline.ticks(setting.segmentDuration)
        if continuous?.timeline.directory != setting.directory || continuous?.timeline.segmentLength != length {
            continuous = ContinuousState(setting)
        }
    }

    /// A packet of a passthrough recording arrived while recording (`wallClock`: seconds since
    /// 1970, read only for a run's first packet): the segment work it calls for, in order, after
    /// any pending. Nothing without continuous recording.
    mutating func continuousPacket(
        _ packet: (pts: Int64, dts: Int64, duration: Int64, isKey: Bool, bytes: Data),
        parameters: StreamParameters, wallClock: () -> Double
    ) -> [SegmentWork] {
        guard state == .recording, mode == .passthrough, var continuous else { return takeSegmentWork() }
        if let open = continuous.parameters, continuous.timeline.open != nil, !open.isCompatible(with: parameters) {
            // One segment file holds one stream: a change of parameters closes it.
            continuous.pending += close(continuous.timeline.interrupted(), in: continuous.timeline)
        }
        let offset: Int64
        if let known = continuous.offset {
            offset = known
        } else {
            // The run starts where the wall clock is, and never before footage already indexed
            // (a file read faster than real time, a clock set back).
            let now = PacketTimeline.ticks(wallClock())
            let placed = now.subtractingReportingOverflow(packet.pts).partialValue
            let after = continuous.timeline.newestEnd.map { $0.subtractingReportingOverflow(packet.pts).partialValue }
            offset = max(placed, after ?? placed)
            continuous.offset = offset
        }
        let pts = packet.pts.addingReportingOverflow(offset).partialValue
        var work = continuous.pending
        continuous.pending.removeAll()
        for action in continuous.timeline.packet(
            pts: pts, duration: packet.duration, isKey: packet.isKey, bytes: packet.bytes.count)
        {
            switch action {
            case .close(let segment):
                work += close([.close(segment)], in: continuous.timeline)
            case .open(let url, _):
                continuous.parameters = parameters
                work.append(.open(url: url, parameters: parameters))
            case .write:
                work.append(
                    .write(
                        packet.bytes, pts: packet.pts, dts: packet.dts, duration: packet.duration, isKey: packet.isKey))
            }
        }
        self.continuous = continuous
        return work
    }

    /// The open segment closes (the source was lost, paused, a packet dropped, recording
    /// stopped): its work waits in ``ContinuousState/pending``.
    mutating func interruptContinuous() {
        guard var continuous else { return }
        continuous.pending += close(continuous.timeline.interrupted(), in: continuous.timeline)
        self.continuous = continuous
    }

    /// The segment work decided since the shell last took it.
    mutating func takeSegmentWork() -> [SegmentWork] {
        guard var continuous, !continuous.pending.isEmpty else { return [] }
        defer {
            continuous.pending.removeAll()
            self.continuous = continuous
        }
        return continuous.pending
    }

    /// The closes among `actions` as work, each segment counted by the storage budget from now
    /// on (at its packets' bytes with its index's allowance; it is unprotected footage, older by
    /// its start).
    private mutating func close(_ actions: [SegmentAction], in timeline: ContinuousTimeline) -> [SegmentWork] {
        actions.compactMap { action in
            guard case .close(let segment) = action else { return nil }
            let bytes = segment.bytes.addingReportingOverflow(
                StorageLedger.containerAllowance(packets: segment.packets))
            storage.add(
                StoredClip(
                    id: nil, url: segment.url, bytes: bytes.partialValue, time: PacketTimeline.seconds(segment.start),
                    isEventClip: false))
            return .close(segment, partial: timeline.openURL(start: segment.start))
        }
    }

    /// A segment could not be written (`url`: its final name): it leaves the index and the budget.
    mutating func segmentFailed(_ url: URL) {
        continuous?.timeline.purged([url])
        storage.remove(url)
    }

    /// The segments a scan of the continuous recording's directory found at a start.
    func restoredSegments(_ files: [(url: URL, bytes: Int64)]) -> [TimelineSegment] {
        files.compactMap { ContinuousTimeline.segment(at: $0.url, bytes: $0.bytes) }
    }

    /// What exists between `from` and `to` (seconds since 1970).
    func continuousCoverage(from: Double, to: Double) throws(RecorderError) -> RecordingCoverage {
        guard let timeline = continuous?.timeline else {
            throw .invalidConfiguration(.continuousRecordingOff)
        }
        guard from.isFinite, to.isFinite, from < to else { throw .emptyRange(from: from, to: to) }
        let covered = timeline.coverage(from: PacketTimeline.ticks(from), to: PacketTimeline.ticks(to))
        func date(_ ticks: Int64) -> Date { Date(timeIntervalSince1970: PacketTimeline.seconds(ticks)) }
        return RecordingCoverage(
            segments: covered.segments.map { segment in
                RecordingCoverage.Segment(
                    url: segment == timeline.open ? nil : segment.url, start: date(segment.start),
                    end: date(segment.end), bytes: segment.bytes)
            },
            gaps: covered.gaps.map { DateInterval(start: date($0.lowerBound), end: date($0.upperBound)) })
    }

    /// Plans the export `id` of `from..<to` (seconds since 1970): its segments stay out of the
    /// budget's reach until ``continuousExportFinished(id:)``.
    mutating func beginContinuousExport(id: UUID, from: Double, to: Double) throws(RecorderError)
        -> TimelineExportPlan
    {
        guard var continuous else {
            throw .invalidConfiguration(.continuousRecordingOff)
        }
        guard from.isFinite, to.isFinite, from < to else { throw .emptyRange(from: from, to: to) }
        guard
            let plan = continuous.timeline.exportPlan(from: PacketTimeline.ticks(from), to: PacketTimeline.ticks(to))
        else { throw .noFootage(from: from, to: to) }
        continuous.exporting[id] = Set(plan.segments.map(\.url))
        self.continuous = continuous
        return plan
    }

    /// The export `id` of `plan` is about to be written: with a budget it counts (at most the
    /// packets of its segments, with an index's allowance) until ``continuousExportFinished(id:)``,
    /// and room is made for it first (``makeRoom(into:)``).
    mutating func reserveContinuousExport(id: UUID, plan: TimelineExportPlan) -> RecorderActions? {
        guard configuration.storageBudget != nil else { return nil }
        let payload = plan.segments.reduce(Int64(0)) { $0.addingReportingOverflow($1.bytes).partialValue }
        let packets = plan.segments.reduce(0) { $0 + ($1.packets > 0 ? $1.packets : Int($1.bytes / 64)) }
        storage.writing[id] =
            payload.addingReportingOverflow(StorageLedger.containerAllowance(packets: packets)).partialValue
        var actions = RecorderActions()
        makeRoom(into: &actions)
        return actions
    }

    /// The export `id` is done: its segments may be purged again, and its reservation ends.
    mutating func continuousExportFinished(id: UUID) {
        continuous?.exporting[id] = nil
        storage.writing[id] = nil
    }

    /// Whether a budget check must leave `clip` alone: a clip being written, or a segment an
    /// export is reading.
    func isInUse(_ clip: StoredClip) -> Bool {
        if let id = clip.id, isBeingWritten(id) { return true }
        return continuous?.exporting.values.contains { $0.contains(clip.url) } ?? false
    }
}
