import Foundation
import SeededRandom
import Testing

@testable import RecorderKit

/// The clip planners' invariants over generated sequences of frames, groups of pictures,
/// outages, events and endings, on numbers alone (no threads, files or FFmpeg). Each sequence
/// comes from a seed (SeededRandom's `SplitMix64`), printed with any failure to reproduce it.
@Suite("Clip planning properties")
struct PlannerPropertyTests {
    static let seeds: [UInt64] = Array(1...200)

    @Test("decoded: every event is in exactly one clip; clips are disjoint, in order, and hold their full windows")
    func decodedWindows() {
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let back = Double(Int.random(in: 0...4, using: &random))
            let forward = Double(Int.random(in: 1...4, using: &random))
            let configuration = RecorderConfiguration(
                backwardOffset: back, forwardOffset: forward, maximumClipDuration: back + forward + 6)
            let frames = Int.random(in: 30...900, using: &random)
            let stops = Bool.random(using: &random)
            var planner = ClipPlanner()
            var clips: [PlannedClip] = []
            var events: [Int] = []
            for slot in 0..<frames {
                if Int.random(in: 0..<40, using: &random) == 0 {
                    events.append(slot)
                    planner.addEvent(at: slot, time: Double(slot) / 30, firstAvailable: 0, configuration: configuration)
                }
                clips += planner.takeReady(committedThrough: slot)
            }
            if stops { planner.truncate(to: frames) }
            clips += planner.takeReady(committedThrough: frames - 1)
            let context = Comment(rawValue: "seed \(seed)")
            // Clips still collecting forward frames when the frames ran out (recording goes on).
            #expect((clips + planner.pending).flatMap(\.events).sorted() == events, context)
            for (earlier, later) in zip(clips, clips.dropFirst()) { #expect(earlier.end <= later.start, context) }
            for (index, clip) in clips.enumerated() {
                #expect(clip.start < clip.end && clip.frameCount <= configuration.maximumClipFrames, context)
                for event in clip.events {
                    // The event's frame is in its clip, or (a merge too long for one clip) in the
                    // clip just before, which this one continues.
                    let from = index > 0 && clip.start == clips[index - 1].end ? clips[index - 1].start : clip.start
                    #expect(from <= event && event < clip.end, context)
                    // A complete forward window is in the clip, or in the next one.
                    if event + configuration.forwardFrames <= frames {
                        let covered = clips.filter { $0.start < event + configuration.forwardFrames && $0.end > event }
                        #expect(covered.last?.end ?? 0 >= event + configuration.forwardFrames, context)
                    }
                }
            }
            // Unless recording stopped, only clips still collecting their forward frames are pending.
            if !stops {
                for clip in planner.pending { #expect(clip.end > frames - 1, context) }
            }
        }
    }

    @Test(
        "passthrough: every event is in exactly one clip; clips tile whole groups; a filled window ends at a key frame past it"
    )
    func passthroughWindows() {
        let second = PacketTimeline.ticksPerSecond
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let configuration = RecorderConfiguration(
                backwardOffset: Double(Int.random(in: 0...3, using: &random)),
                forwardOffset: Double(Int.random(in: 1...3, using: &random)), maximumClipDuration: 12)
            let backward = PacketTimeline.ticks(configuration.backwardOffset)
            var planner = GroupClipPlanner()
            var starts: [Int64] = []
            var clips: [PlannedPacketClip] = []
            var events: [Int64] = []
            var time: Int64 = 0
            let groups = Int.random(in: 5...80, using: &random)
            for number in 0..<groups {
                if number > 0 {
                    // A group of pictures lasts half a second to two; now and then an outage.
                    let outage = Int.random(in: 0..<10, using: &random) == 0
                    let length = Int64.random(in: (second / 2)...(2 * second), using: &random)
                    // Events while the last group plays, or (marked by the clock) during the outage.
                    let end = time + length + (outage ? Int64.random(in: 2...20, using: &random) * second : 0)
                    var at = time
                    while Int.random(in: 0..<3, using: &random) == 0 {
                        at += Int64.random(in: 1...(second / 2), using: &random)
                        guard at < end else { break }
                        events.append(at)
                        let start =
                            starts.lastIndex { $0 <= at - backward } ?? 0
                        planner.addEvent(at: at, startGroup: start, configuration: configuration) { starts[$0] }
                    }
                    if outage { planner.timePassed(end, nextGroup: number) }
                    time = end
                }
                starts.append(time)
                planner.groupStarted(number, at: time)
                clips += planner.takeReady { _ in true }
            }
            // The end: recording stops, or the source is lost for good.
            if Bool.random(using: &random) {
                planner.truncate(nextGroup: groups)
            } else {
                planner.timePassed(.max, nextGroup: groups)
            }
            clips += planner.takeReady { _ in true }
            let empty = planner.takeEmpty()
            let context = Comment(rawValue: "seed \(seed)")
            #expect(planner.pending.isEmpty, context)
            #expect((clips + empty).flatMap(\.events).sorted() == events, context)
            for (earlier, later) in zip(clips, clips.dropFirst()) {
                #expect((earlier.endGroup ?? .max) <= (later.startGroup ?? .min), context)
            }
            for clip in clips {
                let start = clip.startGroup ?? 0
                let end = clip.endGroup ?? 0
                #expect(start < end && end <= groups, context)
                for event in clip.events {
                    #expect(event < clip.endTime, context)
                    #expect(starts[start] <= event || start > clip.windowStartGroup, context)
                }
                // Ended by a key frame: the window is filled up to it.
                if let key = clip.endKeyPTS { #expect(key >= clip.endTime && starts[end] == key, context) }
            }
        }
    }
}
