import CFFmpeg
import Foundation
import Locking
import Testing

@testable import RecorderKit

/// The rules of passthrough clips (whole groups of pictures), of the live timeline and of the
/// reconnect policy, on numbers alone.
@Suite("Passthrough planning")
struct PassthroughPlanningTests {
    static let second = PacketTimeline.ticksPerSecond

    /// A configuration with the given windows (seconds).
    static func configuration(back: Double, forward: Double, longest: Double = 60) -> RecorderConfiguration {
        RecorderConfiguration(backwardOffset: back, forwardOffset: forward, maximumClipDuration: longest)
    }

    /// Groups start every second: group `n` at `n` seconds. Returns the planner after the
    /// groups up to `last` have started.
    static func planner(
        events: [(time: Double, group: Int)], configuration: RecorderConfiguration, groups last: Int
    ) -> GroupClipPlanner {
        var planner = GroupClipPlanner()
        var pending = events
        for group in 0...last {
            while let event = pending.first, event.time < Double(group) {
                pending.removeFirst()
                let start = max(0, Int((event.time - configuration.backwardOffset).rounded(.down)))
                planner.addEvent(
                    at: PacketTimeline.ticks(event.time), startGroup: start, configuration: configuration
                ) { Int64($0) * second }
            }
            planner.groupStarted(group, at: Int64(group) * second)
        }
        return planner
    }

    @Test(
        "a clip starts at the key frame at or before its backward window and ends before the first key at or after its forward window"
    )
    func keyAligned() {
        var planner = Self.planner(
            events: [(10.5, 10)], configuration: Self.configuration(back: 3, forward: 2), groups: 13)
        let clips = planner.takeReady { _ in true }
        #expect(clips.count == 1)
        #expect(clips.first?.startGroup == 7)
        // The window ends at 12.5: the clip ends before the key frame of second 13.
        #expect(clips.first?.endGroup == 13)
        #expect(clips.first?.endKeyPTS == 13 * Self.second)
    }

    @Test("an event before the newest clip's end key merges; a later one starts where the last clip ended")
    func mergeAndTile() {
        var planner = Self.planner(
            events: [(10.5, 10), (12.2, 12), (16.1, 16)], configuration: Self.configuration(back: 3, forward: 2),
            groups: 20)
        let clips = planner.takeReady { _ in true }
        #expect(clips.count == 2)
        // 10.5 and 12.2 merge: 7 up to the key at or after 14.2.
        #expect(clips.map(\.startGroup) == [7, 15])
        #expect(clips.map(\.endGroup) == [15, 19])
        #expect(clips.first?.events == [PacketTimeline.ticks(10.5), PacketTimeline.ticks(12.2)])
    }

    @Test("merging stops at maximumClipDuration: the next clip starts where the first ends")
    func longest() {
        // 12.0 falls in the clip of 10.5 (7…12.5), but 7…14 would be longer than 6 s.
        var planner = Self.planner(
            events: [(10.5, 10), (12.0, 12)], configuration: Self.configuration(back: 3, forward: 2, longest: 6),
            groups: 20)
        let clips = planner.takeReady { _ in true }
        #expect(clips.count == 2)
        #expect(clips.map(\.startGroup) == [7, 13])
        #expect(clips.map(\.endGroup) == [13, 14])
    }

    @Test("a clip ends early when recording stops, or when the source stays lost past its end")
    func truncation() {
        var planner = Self.planner(
            events: [(10.5, 10)], configuration: Self.configuration(back: 3, forward: 5), groups: 12)
        #expect(planner.takeReady { _ in true }.isEmpty)
        // Lost after group 12; the timeline passes 15.5 without packets.
        planner.timePassed(14 * Self.second, nextGroup: 13)
        #expect(planner.takeReady { _ in true }.isEmpty)
        planner.timePassed(16 * Self.second, nextGroup: 13)
        let clips = planner.takeReady { _ in true }
        #expect(clips.map(\.endGroup) == [13])
        #expect(clips.first?.endKeyPTS == nil)

        var stopped = Self.planner(
            events: [(10.5, 10)], configuration: Self.configuration(back: 3, forward: 5), groups: 11)
        stopped.truncate(nextGroup: 12)
        #expect(stopped.takeReady { _ in true }.map(\.endGroup) == [12])
    }

    @Test("an event whose windows hold no group is set aside to be reported, not written")
    func emptyWindow() {
        var planner = GroupClipPlanner()
        let configuration = Self.configuration(back: 1, forward: 1)
        // The last group before an outage is 5; the event comes during it, at 40 s.
        planner.groupStarted(5, at: 5 * Self.second)
        planner.addEvent(at: 40 * Self.second, startGroup: 6, configuration: configuration) { Int64($0) * Self.second }
        planner.groupStarted(6, at: 60 * Self.second)
        #expect(planner.takeReady { _ in true }.isEmpty)
        #expect(planner.takeEmpty().count == 1)
    }

    @Test("with motion detection, a clip waits until its packets are analysed, and a late event can still join it")
    func waitsForMotion() {
        var planner = Self.planner(
            events: [(10.5, 10)], configuration: Self.configuration(back: 3, forward: 2), groups: 13)
        #expect(planner.takeReady { _ in false }.isEmpty)
        // Analysis finds motion at 12.9 s, inside the clip: it grows past its end key.
        planner.addEvent(
            at: PacketTimeline.ticks(12.9), startGroup: 9, configuration: Self.configuration(back: 3, forward: 2)
        ) {
            Int64($0) * Self.second
        }
        #expect(planner.pending.first?.endGroup == nil)
        planner.groupStarted(14, at: 14 * Self.second)
        planner.groupStarted(15, at: 15 * Self.second)
        let clips = planner.takeReady { _ in true }
        #expect(clips.map(\.endGroup) == [15])
        #expect(clips.first?.events.count == 2)
    }

    @Test("the live timeline: a reconnect leaves a gap as long as the outage; timestamps never go back")
    func timeline() {
        let timeBase = AVRational(num: 1, den: 90_000)
        let clock = Locked<UInt64>(1_000_000_000)
        var timeline = PacketTimeline(clock: { clock.withLock { $0 } })
        timeline.beginConnection(frameRate: 30)
        let first = timeline.place(pts: 1_000_000, dts: 1_000_000, duration: 3000, timeBase: timeBase)
        let second = timeline.place(pts: 1_003_000, dts: 1_003_000, duration: 3000, timeBase: timeBase)
        #expect(second.dts - first.dts == 3000)
        // A stream whose clock jumps back: placed after the last packet, never before.
        let back = timeline.place(pts: 0, dts: 0, duration: 3000, timeBase: timeBase)
        #expect(back.dts > second.dts)
        // A new connection whose camera clock restarts at 0, 0.2 s of real time later: placed by
        // the clock, after the last packet.
        clock.withLock { $0 += 200_000_000 }
        timeline.beginConnection(frameRate: 30)
        let reconnected = timeline.place(pts: 0, dts: 0, duration: 3000, timeBase: timeBase)
        #expect(reconnected.dts == timeline.now)
        #expect(timeline.now == 18_000)
        #expect(reconnected.dts > back.dts)
        // Untimed packets follow the last one.
        let untimed = timeline.place(
            pts: FFmpegRuntime.noTimestamp, dts: FFmpegRuntime.noTimestamp, duration: 0, timeBase: timeBase)
        #expect(untimed.dts == reconnected.dts + 3000)
    }

    @Test("reconnect delays grow by the multiplier up to the cap; bad policies are refused")
    func reconnectPolicy() throws {
        let policy = ReconnectPolicy(initialDelay: 0.5, maximumDelay: 4, multiplier: 2)
        #expect((1...7).map { policy.delay(beforeAttempt: $0) } == [0.5, 1, 2, 4, 4, 4, 4])
        #expect(ReconnectPolicy(initialDelay: 0, maximumDelay: 0).delay(beforeAttempt: 1000) == 0)
        for bad in [
            ReconnectPolicy(initialDelay: .nan), ReconnectPolicy(initialDelay: -1),
            ReconnectPolicy(maximumDelay: .infinity),
            ReconnectPolicy(initialDelay: 5, maximumDelay: 1), ReconnectPolicy(multiplier: 0.5),
            ReconnectPolicy(maximumAttempts: -1),
        ] {
            #expect(throws: FrameSourceError.self) {
                _ = try LiveVideoSource(options: LiveSourceOptions(url: "rtsp://x", reconnect: bad))
            }
        }
        for (connect, read) in [(Double.nan, 5.0), (10, .infinity), (0, 5), (10, 1e300)] {
            #expect(throws: FrameSourceError.self) {
                _ = try LiveVideoSource(
                    options: LiveSourceOptions(url: "rtsp://x", connectTimeout: connect, readTimeout: read))
            }
        }
        #expect(throws: FrameSourceError.self) { _ = try LiveVideoSource(url: "") }
        // Passwords stay out of messages.
        #expect(
            LiveSourceOptions(url: "rtsp://admin:secret@camera:554/h264").redactedURL
                == "rtsp://admin:***@camera:554/h264")
    }
}
