import Foundation

/// One segment of a continuous recording: a file of passthrough packets from `start` up to
/// `end` (ticks of the wall clock since 1970, see ``ContinuousTimeline``), beginning on a key
/// frame.
struct TimelineSegment: Sendable, Equatable {
    /// Its file: while it is open, the temporary file being written
    /// (``ContinuousTimeline/openURL(start:)``); once closed, its final name
    /// (``ContinuousTimeline/closedURL(start:end:)``), from which a scan rebuilds it.
    var url: URL
    var start: Int64
    /// The end of its last packet (its time plus its duration).
    var end: Int64
    /// The presentation times of its key frames, the first at `start`.
    var keyFrames: [Int64]
    /// Its packets' bytes (once found on disk at a start: its file's size).
    var bytes: Int64
    /// How many packets it holds (0 for one found on disk).
    var packets = 0
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
    /// Finish the file of the segment and move it to its final name (`url`): it is now part of
    /// the index.
    case close(TimelineSegment)
    /// Create the (temporary) file of a new segment at `url`, whose first packet (a key frame)
    /// is at `start`.
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
/// Times are ticks of ``PacketTimeline/ticksPerSecond`` on the wall clock since 1970 (the
/// machine moves each source's timeline there), so segments of earlier runs, rebuilt from their
/// file names (``restore(_:)``), share the index.
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

    /// The temporary file of the segment being written, starting at `start`.
    func openURL(start: Int64) -> URL {
        directory.appendingPathComponent("segment-\(start)\(Self.partialSuffix)")
    }

    /// The file of a closed segment: `segment-<start>-<end>.mp4` (ticks), sortable, and all a
    /// scan needs to put it back in the index.
    func closedURL(start: Int64, end: Int64) -> URL {
        directory.appendingPathComponent("segment-\(start)-\(end).mp4")
    }

    /// How the temporary file of an open segment ends (one left by a crash is deleted at start).
    static let partialSuffix = ".mp4.partial"

    /// The segment a closed segment's file name describes (its only key frame known: its
    /// start), or `nil` for any other name.
    static func segment(at url: URL, bytes: Int64) -> TimelineSegment? {
        let name = url.lastPathComponent
        guard name.hasPrefix("segment-"), name.hasSuffix(".mp4") else { return nil }
        let times = name.dropFirst("segment-".count).dropLast(".mp4".count).split(separator: "-")
        guard times.count == 2, let start = Int64(times[0]), let end = Int64(times[1]), start < end else {
            return nil
        }
        return TimelineSegment(url: url, start: start, end: end, keyFrames: [start], bytes: bytes)
    }

    /// Segments found on disk (a scan at start) join the index; one that overlaps a segment
    /// already known is left out, so segments never overlap.
    mutating func restore(_ found: [TimelineSegment]) {
        for segment in found.sorted(by: { $0.start < $1.start }) {
            let known = all
            guard !known.contains(where: { $0.start < segment.end && segment.start < $0.end }) else { continue }
            let index = segments.firstIndex { $0.start > segment.start } ?? segments.endIndex
            segments.insert(segment, at: index)
        }
    }

    /// The end of the newest footage in the index (closed or open).
    var newestEnd: Int64? { all.map(\.end).max() }

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
            current.url = closedURL(start: current.start, end: current.end)
            actions.append(.close(current))
            segments.append(current)
            open = nil
        }
        if open == nil {
            guard isKey, seen.map({ pts > $0 }) ?? true, pts >= newestEnd ?? pts else { return actions }
            let segment = TimelineSegment(url: openURL(start: pts), start: pts, end: pts, keyFrames: [], bytes: 0)
            open = segment
            actions.append(.open(url: segment.url, start: pts))
        }
        guard var current = open else { return actions }
        if isKey { current.keyFrames.append(pts) }
        current.end = max(current.end, pts.addingReportingOverflow(max(0, duration)).partialValue)
        current.bytes = current.bytes.addingReportingOverflow(Int64(max(0, bytes))).partialValue
        current.packets += 1
        open = current
        actions.append(.write)
        return actions
    }

    /// The source was lost, paused or ended: the open segment is closed at its last packet.
    mutating func interrupted() -> [SegmentAction] {
        guard var current = open else { return [] }
        open = nil
        current.url = closedURL(start: current.start, end: current.end)
        segments.append(current)
        return [.close(current)]
    }

    /// The budget purged these files: their segments leave the index.
    mutating func purged(_ urls: Set<URL>) {
        segments.removeAll { urls.contains($0.url) }
    }

    /// The segments and the open one, oldest first.
    var all: [TimelineSegment] { segments + (open.map { [$0] } ?? []) }

    /// What exists between `from` and `to` (ticks): the overlapping segments (with
    /// `includingOpen`, the one being written too) and the gaps.
    func coverage(from: Int64, to: Int64, includingOpen: Bool = true) -> TimelineCoverage {
        guard from < to else { return TimelineCoverage(segments: [], gaps: []) }
        let overlapping = (includingOpen ? all : segments).filter { $0.start < to && $0.end > from }
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
    /// when nothing of the range exists. Only closed segments are exported (the open one's file
    /// is not complete until it closes).
    func exportPlan(from: Int64, to: Int64) -> TimelineExportPlan? {
        let covered = coverage(from: from, to: to, includingOpen: false)
        guard let first = covered.segments.first else { return nil }
        let start = first.keyFrames.last { $0 <= from } ?? first.start
        let end = min(to, covered.segments.last?.end ?? to)
        let gaps = coverage(from: start, to: end, includingOpen: false).gaps
        return TimelineExportPlan(segments: covered.segments, start: start, end: end, gaps: gaps)
    }
}
