import Foundation

/// One segment of a continuous recording: a file of passthrough packets from `start` up to
/// `end` (ticks of the source timeline), beginning on a key frame.
struct TimelineSegment: Sendable, Equatable {
    var url: URL
    var start: Int64
    /// The end of its last packet (its time plus its duration).
    var end: Int64
    /// The presentation times of its key frames, the first at `start`.
    var keyFrames: [Int64]
    var bytes: Int64
}

/// What exists of a continuous recording between two times: the segments that overlap the
/// range (oldest first) and the parts of it no segment covers.
struct TimelineCoverage: Sendable, Equatable {
    var segments: [TimelineSegment]
    var gaps: [Range<Int64>]
}

/// How to export a range of a continuous recording without re-encoding: the packets of
/// `segments` from the key frame at `start` (at or before the range's start) up to `end`.
struct TimelineExportPlan: Sendable, Equatable {
    var segments: [TimelineSegment]
    var start: Int64
    var end: Int64
    /// Parts of the exported range with no footage.
    var gaps: [Range<Int64>]
}

/// What the shell does for a continuous recording, in order: close a segment's file, open a
/// new one, write the packet into the open one.
enum SegmentAction: Sendable, Equatable {
    /// Finish the file of the segment (it is now part of the index).
    case close(TimelineSegment)
    /// Create the file of a new segment at `url`, whose first packet (a key frame) is at `start`.
    case open(url: URL, start: Int64)
    /// Append the packet to the open segment's file.
    case write
}

/// The decisions of continuous (passthrough) recording into fixed-length segments, as a value
/// with no I/O: each packet or outage returns the ``SegmentAction``s for the shell. A segment
/// rolls over at the first key frame once it has lasted `segmentLength`; an outage (or the end
/// of the source) closes it, and the next segment begins at the next key frame, so segments
/// never overlap and a gap is never inside one.
///
/// Not yet public: the shell (files, remux of an export) is still to come.
struct ContinuousTimeline: Sendable {
    let directory: URL
    /// Ticks (``PacketTimeline/ticks(_:)``) after which the next key frame starts a new segment.
    let segmentLength: Int64
    /// Closed segments, oldest first.
    private(set) var segments: [TimelineSegment] = []
    /// The segment being written, if any (never purged).
    private(set) var open: TimelineSegment?
    /// The latest presentation time of any packet seen, recorded or not.
    private var newestSeen: Int64?

    init(directory: URL, segmentLength: Int64) {
        self.directory = directory
        self.segmentLength = max(1, segmentLength)
    }

    /// The file name of a segment starting at `start` (sortable, unique per start).
    func url(start: Int64) -> URL {
        directory.appendingPathComponent("segment-\(start).mp4")
    }

    /// A packet arrived (`pts`, `duration` ticks, `isKey`, `bytes`), in decoding order (inside a
    /// segment presentation times may go back: B-frames). A packet while no segment is open is
    /// recorded only when it is a key frame after every packet seen before (recorded or not):
    /// it opens one, and so no segment spans footage that was not recorded. At a
    /// rollover the closed segment ends at the key frame that opens the next (the frames shown
    /// before it belong to it), so segments never overlap.
    mutating func packet(pts: Int64, duration: Int64, isKey: Bool, bytes: Int) -> [SegmentAction] {
        let seen = newestSeen
        newestSeen = max(seen ?? pts, pts)
        var actions: [SegmentAction] = []
        if var current = open, isKey, pts.subtractingReportingOverflow(current.start).partialValue >= segmentLength {
            current.end = min(current.end, pts)
            actions.append(.close(current))
            segments.append(current)
            open = nil
        }
        if open == nil {
            guard isKey, seen.map({ pts > $0 }) ?? true, pts >= segments.last?.end ?? pts else { return actions }
            let segment = TimelineSegment(url: url(start: pts), start: pts, end: pts, keyFrames: [], bytes: 0)
            open = segment
            actions.append(.open(url: segment.url, start: pts))
        }
        guard var current = open else { return actions }
        if isKey { current.keyFrames.append(pts) }
        current.end = max(current.end, pts.addingReportingOverflow(max(0, duration)).partialValue)
        current.bytes = current.bytes.addingReportingOverflow(Int64(max(0, bytes))).partialValue
        open = current
        actions.append(.write)
        return actions
    }

    /// The source was lost, paused or ended: the open segment is closed at its last packet.
    mutating func interrupted() -> [SegmentAction] {
        guard let current = open else { return [] }
        open = nil
        segments.append(current)
        return [.close(current)]
    }

    /// The budget purged these files: their segments leave the index.
    mutating func purged(_ urls: Set<URL>) {
        segments.removeAll { urls.contains($0.url) }
    }

    /// The segments and the open one, oldest first.
    var all: [TimelineSegment] { segments + (open.map { [$0] } ?? []) }

    /// What exists between `from` and `to` (ticks): the overlapping segments and the gaps.
    func coverage(from: Int64, to: Int64) -> TimelineCoverage {
        guard from < to else { return TimelineCoverage(segments: [], gaps: []) }
        let overlapping = all.filter { $0.start < to && $0.end > from }
        var gaps: [Range<Int64>] = []
        var cursor = from
        for segment in overlapping {
            if segment.start > cursor { gaps.append(cursor..<segment.start) }
            cursor = max(cursor, segment.end)
        }
        if cursor < to { gaps.append(cursor..<to) }
        return TimelineCoverage(segments: overlapping, gaps: gaps)
    }

    /// How to export `from..<to` as one clip without re-encoding: it starts at the last key
    /// frame at or before `from` (or the first footage after it), and lists its gaps; `nil`
    /// when nothing of the range exists.
    func exportPlan(from: Int64, to: Int64) -> TimelineExportPlan? {
        let covered = coverage(from: from, to: to)
        guard let first = covered.segments.first else { return nil }
        let start = first.keyFrames.last { $0 <= from } ?? first.start
        let end = min(to, covered.segments.last?.end ?? to)
        let gaps = coverage(from: start, to: end).gaps
        return TimelineExportPlan(segments: covered.segments, start: start, end: end, gaps: gaps)
    }
}
