import CFFmpeg
import Foundation
import SeededRandom
import Testing

@testable import RecorderKit

/// The recorder's state machine on its own: no threads, files or FFmpeg. A small model of the
/// shell takes its actions (frames "stored" and clips "written" in a generated order), and the
/// invariants are checked over generated sequences of frames, losses, failed writes, events,
/// source ends and stops. Each sequence comes from a seed, printed with any failure.
@Suite("Recorder state machine")
struct RecorderStateMachineTests {
    static let seeds: [UInt64] = Array(1...80)
    static let rate = 30.0
    static let layout = BufferLayout(root: URL(fileURLWithPath: "/nonexistent/recorder-machine"))

    static func machine(back: Double, forward: Double, longest: Double, sound: Bool = false) -> RecorderStateMachine {
        var machine = RecorderStateMachine(
            configuration: RecorderConfiguration(
                backwardOffset: back, forwardOffset: forward, maximumClipDuration: longest,
                audio: sound ? .default : nil))
        _ = machine.start(layout: layout, recovery: nil)
        return machine
    }

    /// The shell, reduced to bookkeeping: what is being stored and written, what was published
    /// and reported, in order, and every broken invariant met on the way.
    struct Shell {
        var machine: RecorderStateMachine
        var inFlight: [FrameReservation] = []
        var writing: [ExportJob] = []
        var published: [ExportJob] = []
        var log: [String] = []
        var broken: [String] = []

        mutating func take(_ actions: RecorderActions?) {
            guard let actions else { return }
            writing += actions.exports
            // Nothing being written is removed.
            let inUse = actions.deletions.isEmpty ? [] : Set(writing.flatMap { $0.frames.map(\.url) })
            for url in actions.deletions where inUse.contains(url) {
                broken.append("deleted \(url.lastPathComponent) while a clip being written uses it")
            }
            for segment in actions.published { log.append("clip \(segment.id)") }
            for _ in actions.endedSources {
                // Every clip is published before the end is reported.
                if !writing.isEmpty || machine.hasPendingClips {
                    broken.append(
                        "end reported with \(writing.count) clip(s) being written, pending: \(machine.hasPendingClips)")
                }
                log.append("ended")
            }
        }

        /// Compressed audio (AAC-sized packets, 48 kHz) arrives on the frames' timeline up to the
        /// slot `slot`, as an encoder delivers it: behind the frames.
        mutating func audio(through slot: Int) throws {
            let track = try #require(RecorderStateMachineTests.aac)
            let samples: Int64 = 1024
            var packets: [AudioPacket] = []
            var next = machine.audio.coveredThrough.map { track.pts($0) } ?? 0
            while track.seconds(next + samples) <= Double(slot + 1) / RecorderStateMachineTests.rate {
                packets.append(AudioPacket(data: Data(count: 4), pts: next, duration: samples))
                next += samples
            }
            take(machine.audioArrived(packets, track: track, session: machine.audioSession, encoded: true))
        }

        mutating func store(at index: Int, fails: Bool) {
            let reservation = inFlight.remove(at: index)
            take(machine.frameStored(reservation, written: fails ? [] : reservation.slots, byteCount: 1000))
        }

        /// Writes the oldest clip (the export queue is serial): published, then finished.
        mutating func writeOldest() {
            guard let job = writing.first else { return }
            let segment = CapturedVideoSegment(
                id: job.clip.id, url: URL(fileURLWithPath: "/clip"), format: .mp4, encoderName: "test",
                frameCount: job.frames.count, framerate: 30, size: FrameSize(width: 16, height: 16),
                startTime: job.startTime, eventTimes: job.eventTimes, gaps: job.gaps, duration: 0,
                isTruncated: job.isTruncated)
            // The shell tells everyone while the clip still counts as being written.
            take(machine.clipWritten(.success(segment)))
            writing.removeFirst()
            published.append(job)
            take(machine.exportFinished(id: job.clip.id))
        }

        /// Stores every frame and writes every clip, in a generated order.
        mutating func drain(using random: inout SplitMix64) {
            while !inFlight.isEmpty || !writing.isEmpty {
                if !inFlight.isEmpty, writing.isEmpty || Bool.random(using: &random) {
                    store(at: Int.random(in: 0..<inFlight.count, using: &random), fails: false)
                } else {
                    writeOldest()
                }
            }
        }
    }

    /// The audio track of the sessions with sound: codec parameters only (nothing is encoded).
    static let aac: AudioTrack? = {
        guard let parameters = avcodec_parameters_alloc() else { return nil }
        defer {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&pointer)
        }
        parameters.pointee.codec_id = AV_CODEC_ID_AAC
        return (try? StreamParameters(copying: parameters, frameRate: 0)).map {
            AudioTrack(parameters: $0, timeBaseNum: 1, timeBaseDen: 48_000)
        }
    }()

    @Test(
        "decoded: every window published once, in whole; gaps listed; nothing in use removed; clips before the end"
    )
    func generatedSequences() throws {
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let back = Double(Int.random(in: 0...3, using: &random))
            let forward = Double(Int.random(in: 1...3, using: &random))
            // Half the sessions carry sound: clips then wait for their audio, which the encoder
            // delivers up to `audioLag` frames behind the frames.
            let sound = Bool.random(using: &random)
            let audioLag = Int.random(in: 1...20, using: &random)
            var shell = Shell(
                machine: Self.machine(
                    back: back, forward: forward,
                    longest: back + forward + Double(Int.random(in: 0...6, using: &random)), sound: sound))
            let configuration = shell.machine.configuration
            var time = 0.0
            var recorded: Set<Int> = []
            var gapSlots: Set<Int> = []
            var events: [Int] = []
            let steps = Int.random(in: 100...900, using: &random)
            for _ in 0..<steps {
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<60:
                    // A frame; now and then one skipped (a slow source), rarely an outage.
                    time += (Int.random(in: 0..<10, using: &random) == 0 ? 2 : 1) / Self.rate
                    if Int.random(in: 0..<150, using: &random) == 0 {
                        shell.machine.sourceLost()
                        time += Double(Int.random(in: 2...12, using: &random))
                    }
                    let before = shell.machine.nextSlot
                    let admission = try shell.machine.frameArrived(
                        time: time, size: configuration.recordSize, consumesFailure: false)
                    if case .reserve(let reservation) = admission {
                        gapSlots.formUnion(before..<reservation.slots[0])
                        recorded.formUnion(reservation.slots)
                        shell.inFlight.append(reservation)
                    }
                    if sound, Int.random(in: 0..<4, using: &random) == 0 {
                        try shell.audio(through: shell.machine.nextSlot - 1 - audioLag)
                    }
                case 60..<78 where !shell.inFlight.isEmpty:
                    let index = Int.random(in: 0..<shell.inFlight.count, using: &random)
                    shell.store(at: index, fails: Int.random(in: 0..<30, using: &random) == 0)
                case 78..<82 where shell.machine.nextSlot > 0:
                    events.append(shell.machine.nextSlot - 1)
                    shell.take(try shell.machine.markEvent(now: nil))
                case 82..<92:
                    shell.writeOldest()
                default:
                    break
                }
            }
            let end = shell.machine.nextSlot
            let context = Comment(rawValue: "seed \(seed)")
            // The source ends (the recorder goes on, and events may still be marked), or the
            // recorder stops.
            let sourceEnds = Bool.random(using: &random)
            if sourceEnds {
                // The last audio before the end, behind the frames as ever.
                if sound { try shell.audio(through: end - 1 - audioLag) }
                shell.take(shell.machine.sourceEnded(id: UUID(), reason: "ended"))
                // Now and then the next source starts while the last one's frames are still being
                // stored: its clips wait for audio again, and the end still waits for them.
                let nextSource = Bool.random(using: &random)
                if nextSource {
                    shell.machine.sourceStarted()
                    while !shell.inFlight.isEmpty || !shell.writing.isEmpty {
                        if !shell.inFlight.isEmpty, shell.writing.isEmpty || Bool.random(using: &random) {
                            shell.store(at: Int.random(in: 0..<shell.inFlight.count, using: &random), fails: false)
                        } else {
                            shell.writeOldest()
                        }
                    }
                    if sound { try shell.audio(through: end + 30) }
                }
                while !shell.inFlight.isEmpty || !shell.writing.isEmpty {
                    // (An event marked once the next source started would wait for its frames.)
                    if !nextSource, Int.random(in: 0..<8, using: &random) == 0 {
                        events.append(end - 1)
                        shell.take(try shell.machine.markEvent(now: nil))
                    }
                    if !shell.inFlight.isEmpty, Bool.random(using: &random) {
                        shell.store(at: Int.random(in: 0..<shell.inFlight.count, using: &random), fails: false)
                    } else {
                        shell.writeOldest()
                    }
                }
                #expect(shell.log.filter { $0 == "ended" }.count == 1, context)
                #expect(shell.log.last == "ended" || !shell.log.contains("ended"), context)
            }
            shell.take(shell.machine.stop())
            shell.drain(using: &random)
            #expect(shell.broken.isEmpty, "seed \(seed): \(shell.broken.prefix(3))")
            #expect(!shell.machine.hasPendingClips, context)

            let clips = shell.published.map(\.clip)
            // Published once: distinct clips, disjoint and in order.
            #expect(Set(clips.map(\.id)).count == clips.count, context)
            for (earlier, later) in zip(clips, clips.dropFirst()) { #expect(earlier.end <= later.start, context) }
            // Every event's frame is in exactly one clip; an event is listed (by one clip) at most
            // as often as it was marked (the same newest frame may be marked twice).
            let listed = clips.flatMap(\.events)
            for event in Set(listed) {
                #expect(listed.count { $0 == event } <= events.count { $0 == event }, "seed \(seed): event \(event)")
            }
            for event in Set(events) {
                #expect(clips.filter { $0.start <= event && event < $0.end }.count == 1, "seed \(seed): event \(event)")
            }
            let covered = Set(clips.flatMap { Array($0.start..<$0.end) })
            for event in events where event + configuration.forwardFrames <= end {
                // A complete window is published in whole (across contiguous clips when a merge
                // would have been too long).
                let window = max(0, event - configuration.backwardFrames)..<(event + configuration.forwardFrames)
                #expect(window.allSatisfy(covered.contains), "seed \(seed): window of \(event)")
            }
            for job in shell.published {
                let span = job.clip.start..<job.clip.end
                let held = span.filter(recorded.contains)
                // Every recorded frame of the clip is in it, on its own position.
                #expect(job.frames.count == held.count, "seed \(seed): clip \(span)")
                // No clip spans a gap silently: every position it skips is a listed gap.
                let positions = Set(job.frames.map(\.position))
                let skipped = (0..<Int64(job.frames.last.map { $0.position + 1 } ?? 0)).filter {
                    !positions.contains($0)
                }
                let listedGaps = job.gaps.reduce(0) { $0 + Int(($1.duration * Self.rate).rounded()) }
                #expect(skipped.count == listedGaps, "seed \(seed): clip \(span)")
                if !skipped.isEmpty { #expect(job.isTruncated, context) }
                #expect(span.contains { gapSlots.contains($0) } == false || job.isTruncated, context)
            }
        }
    }

    @Test("the end of a live source is reported only after the clip its end cut short is published")
    func endAfterClips() throws {
        var shell = Shell(machine: Self.machine(back: 1, forward: 10, longest: 20))
        var random = SplitMix64(seed: 1)
        for frame in 0..<60 {
            if case .reserve(let reservation) = try shell.machine.frameArrived(
                time: Double(frame) / Self.rate, size: shell.machine.configuration.recordSize, consumesFailure: false)
            {
                shell.inFlight.append(reservation)
            }
        }
        shell.take(try shell.machine.markEvent(now: nil))
        // The source ends while frames are still being stored: nothing is reported yet.
        let source = UUID()
        shell.take(shell.machine.sourceEnded(id: source, reason: "the stream ended"))
        #expect(shell.log.isEmpty)
        while !shell.inFlight.isEmpty { shell.store(at: shell.inFlight.count - 1, fails: false) }
        #expect(shell.writing.count == 1 && shell.log.isEmpty)
        #expect(shell.writing.first?.isTruncated == true)
        shell.writeOldest()
        #expect(shell.log == ["clip \(shell.published[0].clip.id)", "ended"])

        // An event marked after the end (the recorder still records) waits for nothing: its
        // frame is in the clip just published, and nothing is pending.
        shell.take(try shell.machine.markEvent(now: nil))
        shell.drain(using: &random)
        #expect(!shell.machine.hasPendingClips)
        #expect(shell.log.filter { $0 == "ended" }.count == 1 && shell.broken.isEmpty)
    }

    /// A session with sound whose audio lags its frames: 60 frames (the last still being stored),
    /// audio through frame 50, an event at the newest frame, and the source ends.
    static func endedWithSound() throws -> Shell {
        var shell = Shell(machine: Self.machine(back: 1, forward: 10, longest: 20, sound: true))
        for frame in 0..<60 {
            if case .reserve(let reservation) = try shell.machine.frameArrived(
                time: Double(frame) / Self.rate, size: shell.machine.configuration.recordSize, consumesFailure: false)
            {
                shell.inFlight.append(reservation)
            }
        }
        while shell.inFlight.count > 1 { shell.store(at: 0, fails: false) }
        try shell.audio(through: 50)
        shell.take(try shell.machine.markEvent(now: nil))
        shell.take(shell.machine.sourceEnded(id: UUID(), reason: "the stream ended"))
        #expect(shell.log.isEmpty && shell.writing.isEmpty)
        return shell
    }

    @Test("a clip of a source with sound stops waiting for audio when the source ends; the end follows it")
    func endWithSound() throws {
        var shell = try Self.endedWithSound()
        // The last frame is stored: the clip goes out without the audio that will never come.
        shell.store(at: 0, fails: false)
        #expect(shell.writing.count == 1 && shell.log.isEmpty)
        shell.writeOldest()
        #expect(shell.log == ["clip \(shell.published[0].clip.id)", "ended"])
        #expect(shell.broken.isEmpty && !shell.machine.hasPendingClips)
    }

    @Test("the end of a source with sound is not reported while its clip waits for audio")
    func endWaitsForClipWithSound() throws {
        var shell = try Self.endedWithSound()
        // The next source starts before the last frame is stored: clips wait for audio again.
        shell.machine.sourceStarted()
        shell.store(at: 0, fails: false)
        #expect(shell.machine.hasPendingClips && shell.writing.isEmpty)
        #expect(shell.log.isEmpty, "the end was reported before the clip of its event")
        // Its audio comes: the clip goes out, then the end.
        try shell.audio(through: 90)
        #expect(shell.writing.count == 1)
        shell.writeOldest()
        #expect(shell.log == ["clip \(shell.published[0].clip.id)", "ended"])
        #expect(shell.broken.isEmpty && !shell.machine.hasPendingClips)
    }

    @Test("the shell's decisions: a frame of a passthrough session is refused, a stop stops the sources")
    func modes() throws {
        var machine = Self.machine(back: 1, forward: 1, longest: 10)
        #expect(throws: RecorderError.noFramesYet) { try machine.markEvent(now: nil) }
        _ = try machine.frameArrived(time: 0, size: machine.configuration.recordSize, consumesFailure: false)
        #expect(machine.mode == .decoded)
        let stop = machine.stop()
        #expect(stop.stopsSources && stop.stateChange?.newState == VideoRecorderState.none)
        #expect(machine.stop().stateChange == nil)
    }
}
