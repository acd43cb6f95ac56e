import Foundation
import SeededRandom
import Testing

@testable import RecorderKit

/// The continuous timeline's decisions on their own: no threads, files or FFmpeg. Generated
/// sequences of packets (key frames at random intervals), outages, cut packets, a key frame
/// going back, event clips and budget checks; the invariants are checked after every step.
@Suite("Continuous timeline")
struct ContinuousTimelineTests {
    static let seeds: [UInt64] = Array(1...60)
    static let frame: Int64 = 3_000
    static let directory = URL(fileURLWithPath: "/nonexistent/timeline")

    /// What the shell would hold: the packets it wrote (by presentation time) and those it did
    /// not, the segment files on "disk", and the storage ledger shared with event clips.
    struct Model {
        var timeline: ContinuousTimeline
        var written: [Int64] = []
        var notWritten: [Int64] = []
        var openFile: URL?
        var ledger = StorageLedger()
        var purgedSegments: Set<URL> = []
        var broken: [String] = []

        mutating func take(_ actions: [SegmentAction], pts: Int64?) {
            var wrote = false
            for action in actions {
                switch action {
                case .close(let segment):
                    let written = timeline.openURL(start: segment.start)
                    if openFile != written {
                        broken.append("closed \(written) while \(String(describing: openFile)) open")
                    }
                    if segment.url != timeline.closedURL(start: segment.start, end: segment.end) {
                        broken.append("closed \(segment.url) under another name")
                    }
                    openFile = nil
                    ledger.writing[Self.id(written)] = nil
                    ledger.add(
                        StoredClip(
                            id: nil, url: segment.url, bytes: segment.bytes, time: Double(segment.start) / 90_000,
                            isEventClip: false))
                case .open(let url, _):
                    if openFile != nil { broken.append("opened \(url) while another was open") }
                    openFile = url
                case .write:
                    if openFile == nil { broken.append("wrote with no open segment") }
                    wrote = true
                }
            }
            if let pts { if wrote { written.append(pts) } else { notWritten.append(pts) } }
            if let open = timeline.open { ledger.writing[Self.id(open.url)] = open.bytes }
        }

        static func id(_ url: URL) -> UUID {
            // A stable identity per file, so the ledger can tell the open segment apart.
            var bytes = [UInt8](repeating: 0, count: 16)
            for (index, byte) in url.lastPathComponent.utf8.enumerated() { bytes[index % 16] ^= byte }
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                    bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }

    @Test(
        "generated sequences: segments never overlap, start on key frames, roll over at the first key frame after the length, cover every written packet and no dropped one, the budget holds with event clips protected and the open segment kept"
    )
    func generatedSequences() {
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed &+ 20_000)
            let length = Int64.random(in: 30...150, using: &random) * Self.frame
            var model = Model(timeline: ContinuousTimeline(directory: Self.directory, segmentLength: length))
            let budget = StorageBudget(
                maximumBytes: Int64.random(in: 200_000...2_000_000, using: &random),
                protection: Bool.random(using: &random) ? .newest(Int.random(in: 0...3, using: &random)) : .none)
            var pts: Int64 = Int64.random(in: 0...90_000, using: &random)
            var sinceKey = 0
            var gop = Int.random(in: 5...60, using: &random)
            var clock = 1_000.0
            var events = 0
            var lengthClosed: Set<URL> = []
            for _ in 0..<Int.random(in: 300...1_200, using: &random) {
                let roll = Int.random(in: 0..<1_000, using: &random)
                if roll < 8 {
                    // An outage (or a cut packet): the open segment closes; time moves on.
                    model.take(model.timeline.interrupted(), pts: nil)
                    pts += Int64.random(in: 1...300, using: &random) * Self.frame
                    sinceKey = gop  // the camera sends a key frame on reconnecting, or later
                    if Bool.random(using: &random) { sinceKey = Int.random(in: 0..<gop, using: &random) }
                    continue
                }
                if roll < 10 {
                    // A key frame going back before the newest footage after an outage: refused.
                    model.take(model.timeline.interrupted(), pts: nil)
                    let back = pts - Int64.random(in: 1...30, using: &random) * Self.frame
                    let newestEnd = model.timeline.all.last?.end
                    let refused = model.timeline.packet(pts: back, duration: Self.frame, isKey: true, bytes: 500)
                    // Refused unless everything it would overlap was purged.
                    if refused.contains(.write), let newestEnd, back < newestEnd {
                        model.broken.append("a key frame going back opened a segment")
                    }
                    model.take(refused, pts: nil)
                    if refused.contains(.write) { model.written.append(back) }
                    continue
                }
                if roll < 14 {
                    // An event clip is published beside the timeline.
                    events += 1
                    model.ledger.add(
                        StoredClip(
                            id: nil, url: Self.directory.appendingPathComponent("event-\(events).mp4"),
                            bytes: Int64.random(in: 10_000...200_000, using: &random), time: clock, isEventClip: true))
                }
                if roll < 60 {
                    clock += 1
                    let beforeOpen = model.timeline.open?.url
                    let inUse: (UUID) -> Bool = { id in beforeOpen.map { Model.id($0) == id } ?? false }
                    if let purge = model.ledger.purge(
                        budget: budget, now: clock, freeBytes: nil, inUseBytes: model.ledger.writingBytes,
                        inUse: { $0.id.map(inUse) ?? false })
                    {
                        let urls = Set(purge.removed.map(\.url))
                        if let open = beforeOpen, urls.contains(open) { model.broken.append("purged the open segment") }
                        let keep = model.ledger.protected(by: budget.protection, now: clock)
                        if purge.removed.contains(where: { $0.isEventClip }),
                            model.ledger.clips.contains(where: { !$0.isEventClip })
                        {
                            model.broken.append("purged an event clip while segments were left")
                        }
                        if !urls.isDisjoint(with: keep) { model.broken.append("purged a protected clip") }
                        if !purge.isOverBudget, purge.usedBytes > budget.maximumBytes {
                            model.broken.append("over budget after a purge: \(purge.usedBytes)")
                        }
                        let footprint = model.ledger.clipBytes + model.ledger.writingBytes
                        if purge.isOverBudget {
                            // Only protected clips and the open segment may be left.
                            let left = model.ledger.clips.filter { !keep.contains($0.url) }
                            if !left.isEmpty { model.broken.append("over budget with \(left.count) purgeable left") }
                        } else if footprint > budget.maximumBytes {
                            model.broken.append("footprint \(footprint) above the budget")
                        }
                        model.timeline.purged(urls)
                        model.purgedSegments.formUnion(urls)
                    }
                }
                sinceKey += 1
                let isKey = sinceKey >= gop
                if isKey {
                    sinceKey = 0
                    if Int.random(in: 0..<10, using: &random) == 0 { gop = Int.random(in: 5...60, using: &random) }
                }
                let before = model.timeline.open
                let actions = model.timeline.packet(
                    pts: pts, duration: Self.frame, isKey: isKey, bytes: Int.random(in: 200...4_000, using: &random))
                for case .close(let segment) in actions where before != nil { lengthClosed.insert(segment.url) }
                model.take(actions, pts: pts)
                pts += Self.frame
            }
            model.take(model.timeline.interrupted(), pts: nil)
            check(model, length: length, lengthClosed: lengthClosed, seed: seed)
        }
    }

    func check(_ model: Model, length: Int64, lengthClosed: Set<URL>, seed: UInt64) {
        let context = Comment(rawValue: "seed \(seed)")
        #expect(model.broken.isEmpty, "seed \(seed): \(model.broken.prefix(3))")
        let segments = model.timeline.all
        #expect(model.timeline.open == nil, context)
        for (earlier, later) in zip(segments, segments.dropFirst()) {
            #expect(earlier.end <= later.start, "seed \(seed): \(earlier.start)…\(earlier.end) overlaps \(later.start)")
        }
        for segment in segments {
            #expect(segment.keyFrames.first == segment.start, context)
            #expect(segment.start < segment.end, context)
            // It rolled over at the first key frame once it had lasted its length.
            #expect(segment.keyFrames.dropFirst().allSatisfy { $0 - segment.start < length }, context)
            if lengthClosed.contains(segment.url) { #expect(segment.end - segment.start >= length, context) }
        }
        // Every written packet is in exactly one segment still indexed (or in one purged); no
        // packet that was not written lies inside a segment: a segment never spans a gap.
        let all = segments.map { $0.start..<$0.end }
        let first = model.written.first ?? 0
        let last = (model.written.last ?? 0) + Self.frame
        let gaps = model.timeline.coverage(from: first, to: last).gaps
        for pts in model.written {
            let holding = all.filter { $0.contains(pts) }.count
            #expect(holding <= 1, "seed \(seed): packet \(pts) in \(holding) segments")
            if holding == 0 {
                #expect(gaps.contains { $0.contains(pts) }, "seed \(seed): packet \(pts) neither kept nor a gap")
            }
        }
        for pts in model.notWritten where pts >= first {
            #expect(!all.contains { $0.contains(pts) }, "seed \(seed): dropped packet \(pts) inside a segment")
            if pts < last {
                #expect(gaps.contains { $0.contains(pts) }, "seed \(seed): dropped packet \(pts) not in a gap")
            }
        }
        // Export plans start on a key frame at or before the range and list its gaps.
        var random = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let from = Int64.random(in: first...last, using: &random)
            let to = from + Int64.random(in: 1...600, using: &random) * Self.frame
            guard let plan = model.timeline.exportPlan(from: from, to: to) else {
                #expect(model.timeline.coverage(from: from, to: to).segments.isEmpty, context)
                continue
            }
            #expect(plan.segments.first?.keyFrames.contains(plan.start) == true, context)
            let holder = plan.segments.first { $0.start <= from && from < $0.end }
            if holder != nil { #expect(plan.start <= from, context) }
            #expect(plan.gaps == model.timeline.coverage(from: plan.start, to: plan.end).gaps, context)
        }
    }

    @Test("a hand-made run: rollover on the key frame after 2 s, an outage closes, the index lists the gap")
    func handMade() {
        var timeline = ContinuousTimeline(directory: Self.directory, segmentLength: 2 * 90_000)
        var actions: [SegmentAction] = []
        // 3 s at 30 fps with a key frame every second, a 2 s outage, then 1 s more.
        for frame in 0..<90 {
            actions += timeline.packet(pts: Int64(frame) * 3_000, duration: 3_000, isKey: frame % 30 == 0, bytes: 100)
        }
        actions += timeline.interrupted()
        // A frame that is no key frame after the outage is not recorded.
        #expect(timeline.packet(pts: 150 * 3_000 - 3_000, duration: 3_000, isKey: false, bytes: 100).isEmpty)
        for frame in 150..<180 {
            actions += timeline.packet(pts: Int64(frame) * 3_000, duration: 3_000, isKey: frame % 30 == 0, bytes: 100)
        }
        let closes = actions.compactMap { action -> TimelineSegment? in
            if case .close(let segment) = action { segment } else { nil }
        }
        #expect(closes.map { $0.start..<$0.end } == [0..<180_000, 180_000..<270_000])
        #expect(closes.first?.keyFrames == [0, 90_000])
        #expect(closes.first?.bytes == 6_000)
        #expect(actions.filter { $0 == .write }.count == 120)
        let coverage = timeline.coverage(from: 90_000, to: 600_000)
        #expect(coverage.segments.map(\.start) == [0, 180_000, 450_000])
        #expect(coverage.gaps == [270_000..<450_000, 540_000..<600_000])
        // The open segment is not exported until it closes.
        #expect(timeline.exportPlan(from: 100_000, to: 500_000)?.end == 270_000)
        actions += timeline.interrupted()
        let plan = timeline.exportPlan(from: 100_000, to: 500_000)
        #expect(plan?.start == 90_000)
        #expect(plan?.end == 500_000)
        #expect(plan?.gaps == [270_000..<450_000])
        #expect(timeline.exportPlan(from: 300_000, to: 400_000) == nil)
        timeline.purged([timeline.closedURL(start: 0, end: 180_000)])
        #expect(timeline.coverage(from: 0, to: 180_000).gaps == [0..<180_000])
    }
}
