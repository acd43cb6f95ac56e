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

    static func machine(
        back: Double, forward: Double, longest: Double, sound: Bool = false, budget: StorageBudget? = nil,
        continuous: ContinuousRecording? = nil
    ) -> RecorderStateMachine {
        var machine = RecorderStateMachine(
            configuration: RecorderConfiguration(
                backwardOffset: back, forwardOffset: forward, maximumClipDuration: longest,
                audio: sound ? .default : nil, storageBudget: budget, continuousRecording: continuous))
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
        var packetWriting: [PacketExportJob] = []
        var packetPublished: [PacketExportJob] = []
        var failures: [RecorderError] = []
        var log: [String] = []
        var broken: [String] = []
        /// The storage budget's side: the clips on "disk" (published, not purged), the clip
        /// published but not yet finished, the wall clock, and the purges seen.
        var disk = StorageModel()
        var finishing: UUID?
        var clock = 1_000.0
        var purges: [StoragePurge] = []
        /// Sizes of the clips written (`nil`: 0 bytes each).
        var clipSizes: ClosedRange<Int64>?
        /// The bytes in the file of each decoded clip being encoded so far, and how often a
        /// clip grew under a budget.
        var grown: [UUID: Int64] = [:]
        var grownPackets: [UUID: Int] = [:]
        var growths = 0
        /// Files the machine counts until the shell says they are deleted; how often a write
        /// waited for room, and how often the footprint was checked before a write.
        var unconfirmed: [URL] = []
        /// Clips and segments purged whose files are not yet deleted, and the bytes of a packet
        /// admitted into the open segment but not yet written.
        var pendingPurged: [URL: Int64] = [:]
        var admittedSegmentBytes: Int64?
        var waits = 0
        var admissions = 0
        /// A budget check is running (its purge is checked there, not in ``take(_:)``).
        var checking = false
        var sizeSource = SplitMix64(seed: 0)
        /// A continuous recording's side: the segment file open, the packets written into it
        /// (wall-clock ticks), the segments closed, every packet offered (with whether it was
        /// written), and the segments each export reads.
        var openSegment: URL?
        var openWrites: [Int64] = []
        var closedSegments: [TimelineSegment] = []
        var offered: [(time: Int64, written: Bool)] = []
        /// The bytes written into the open segment; the times of the packets on either side of
        /// each loss or cut packet (no segment may hold both).
        var openBytes: Int64 = 0
        var openPackets = 0
        var lossPending = false
        var losses: [(before: Int64, after: Int64)] = []
        var exportsReading: [UUID: Set<URL>] = [:]

        /// Does the segment work the machine decided, checking its order: a write only into an
        /// open segment, a close of the segment open, with every packet written into it inside
        /// its span. A closed segment is on "disk" as unprotected footage.
        mutating func segmentWork(_ work: [SegmentWork]) {
            for item in work {
                switch item {
                case .open(let url, _):
                    if openSegment != nil { broken.append("opened \(url.lastPathComponent) while one was open") }
                    openSegment = url
                    openWrites = []
                    openBytes = 0
                    openPackets = 0
                case .write(let data, let pts, _, _, _):
                    openBytes += Int64(data.count)
                    openPackets += 1
                    guard openSegment != nil else {
                        broken.append("wrote a packet with no segment open")
                        continue
                    }
                    openWrites.append(pts + (machine.continuous?.offset ?? 0))
                case .close(let segment, let partial):
                    if partial != openSegment { broken.append("closed \(partial.lastPathComponent), not the open one") }
                    for time in openWrites where time < segment.start || time >= segment.end {
                        broken.append("a packet at \(time) written into the segment \(segment.start)..<\(segment.end)")
                    }
                    closedSegments.append(segment)
                    // A segment's file holds its packets and its index.
                    disk.clips.append(
                        StorageModel.Clip(
                            id: UUID(), url: segment.url,
                            bytes: segment.bytes + StorageLedger.containerAllowance(packets: segment.packets),
                            time: PacketTimeline.seconds(segment.start), isEvent: false))
                    openSegment = nil
                    openWrites = []
                    openBytes = 0
                    openPackets = 0
                case .delete, .awaitDeletions:
                    broken.append("the machine decided the shell's own segment work")
                }
            }
        }

        mutating func take(_ actions: RecorderActions?) {
            segmentWork(machine.takeSegmentWork())
            guard let actions else { return }
            writing += actions.exports
            packetWriting += actions.packetExports
            failures += actions.failures
            if let purge = actions.purge, !checking { purged(purge) }
            if actions.confirmsDeletions { unconfirmed += actions.deletions }
            if let batch = actions.awaitsDeletions {
                // The shell deletes and waits for every deletion decided so far; then it writes.
                waits += 1
                confirmDeletions()
                if machine.storage.isDeleting(through: batch) { broken.append("waited for a deletion never asked") }
            }
            if actions.awaitsDeletions != nil || !actions.packetExports.isEmpty { beforeWrite() }
            if actions.checksBudget { checkBudget(freeBytes: nil) }
            // Nothing being written is removed.
            let inUse =
                actions.deletions.isEmpty
                ? [] : Set(writing.flatMap { $0.frames.map(\.url) } + packetWriting.flatMap(\.files))
            for url in actions.deletions where inUse.contains(url) {
                broken.append("deleted \(url.lastPathComponent) while a clip being written uses it")
            }
            for segment in actions.published { log.append("clip \(segment.id)") }
            for _ in actions.endedSources {
                // Every clip is published before the end is reported.
                if !writing.isEmpty || !packetWriting.isEmpty || machine.hasPendingClips {
                    broken.append(
                        "end reported with \(writing.count + packetWriting.count) clip(s) being written, "
                            + "pending: \(machine.hasPendingClips)")
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
            // Compressed, admitted (room made), then written.
            take(machine.frameEncoded(bytes: 1000, slots: reservation.slots.count))
            beforeWrite()
            take(machine.frameStored(reservation, written: fails ? [] : reservation.slots, byteCount: 1000))
            tick()
        }

        /// The shell has deleted every file it was asked to.
        mutating func confirmDeletions() {
            machine.filesDeleted(unconfirmed)
            for url in unconfirmed { pendingPurged[url] = nil }
            unconfirmed.removeAll()
        }

        /// Just before the shell writes what was admitted: the footprint (clips, ring buffer,
        /// everything admitted but not yet written, files not yet deleted) is within the budget,
        /// unless only protected or in-use footage is left; counted by the machine, and here
        /// (the clips on disk, purged ones not yet deleted, the clips being written and the open
        /// segment as this model sees them; the ring buffer and its evictions as the machine does).
        mutating func beforeWrite() {
            guard let budget = machine.configuration.storageBudget else { return }
            admissions += 1
            guard !machine.storage.overBudget else { return }
            if machine.footprint > budget.maximumBytes {
                broken.append("a write admitted at \(machine.footprint) B of \(budget.maximumBytes) B")
            }
            let evicting = machine.storage.deleting.filter { pendingPurged[$0.key] == nil }.values
            var segment: Int64 = 0
            if openSegment != nil || admittedSegmentBytes != nil {
                let packets = openPackets + (admittedSegmentBytes == nil ? 0 : 1)
                segment = openBytes + (admittedSegmentBytes ?? 0) + StorageLedger.containerAllowance(packets: packets)
            }
            let counted =
                disk.clips.reduce(0) { $0 + $1.bytes } + pendingPurged.values.reduce(0, +) + writingBytes + segment
                + Int64(machine.index.diskBytes + machine.packets.diskBytes) + machine.storage.admittedFrameBytes
                + evicting.reduce(0) { $0 + $1.bytes }
            if counted > budget.maximumBytes {
                broken.append("a write admitted with \(counted) B on disk or coming of \(budget.maximumBytes) B")
            }
        }

        /// A purge decided as room was made for an admission (a budget check checks its own):
        /// nothing in use, read, open or protected purged; the budget met unless nothing
        /// purgeable is left.
        mutating func purged(_ purge: StoragePurge) {
            guard let budget = machine.configuration.storageBudget else { return }
            let inUse = Set(writing.map(\.clip.id) + packetWriting.map(\.clip.id))
            let reading = Set(exportsReading.values.flatMap { $0 })
            let kept = disk.protected(by: budget.protection, now: machine.storage.now ?? 0)
            for clip in purge.removed {
                guard let entry = disk.clips.first(where: { $0.url == clip.url }) else {
                    broken.append("purged \(clip.url.lastPathComponent), which is not on disk")
                    continue
                }
                if inUse.contains(entry.id) || reading.contains(entry.url) || entry.url == openSegment {
                    broken.append("purged a file in use")
                }
                if kept.contains(entry.id) { broken.append("purged a protected clip") }
                if entry.bytes != clip.bytes { broken.append("purge reported \(clip.bytes) B of \(entry.bytes) B") }
            }
            let gone = Set(purge.removed.map(\.url))
            for clip in disk.clips where gone.contains(clip.url) { pendingPurged[clip.url] = clip.bytes }
            disk.clips.removeAll { gone.contains($0.url) }
            disk.over = purge.isOverBudget
            let left = disk.clips.filter {
                !kept.contains($0.id) && !inUse.contains($0.id) && !reading.contains($0.url)
            }
            if purge.usedBytes > purge.limitBytes, !left.isEmpty {
                broken.append("made room to \(purge.usedBytes) B of \(purge.limitBytes) B with clips left")
            }
            purges.append(purge)
        }

        /// The bytes of the clips being written as the test sees them: a passthrough clip's
        /// groups, and what a decoded clip's encoder has written so far, each with its index.
        var writingBytes: Int64 {
            var total: Int64 = 0
            for job in packetWriting {
                let packets = job.groups.reduce(0) { $0 + $1.packets.count }
                total += job.groups.reduce(0) { $0 + Int64($1.reservedBytes) }
                total += StorageLedger.containerAllowance(packets: packets)
            }
            for job in writing {
                guard let bytes = grown[job.clip.id] else { continue }
                total += bytes + StorageLedger.containerAllowance(packets: grownPackets[job.clip.id] ?? 0)
            }
            return total
        }

        /// The shell ticks the machine's clock as footage comes in; a budget check it asks for
        /// runs at once. Then the footprint (clips on disk, the ring buffer, clips being
        /// written) is within the budget, unless only protected or in-use footage is left.
        mutating func tick() {
            take(machine.clockTick(now: clock))
            guard let budget = machine.configuration.storageBudget else { return }
            // Now and then the files asked to be deleted are gone.
            if Bool.random(using: &sizeSource) { confirmDeletions() }
            if machine.storage.writingBytes != writingBytes {
                broken.append("the budget counts \(machine.storage.writingBytes) B being written of \(writingBytes) B")
            }
            // The ring buffer, the clips being written and the open segment, counted here.
            let segment = openSegment == nil ? 0 : openBytes + StorageLedger.containerAllowance(packets: openPackets)
            let buffer = Int64(machine.index.diskBytes) + Int64(machine.packets.diskBytes) + writingBytes + segment
            let used = disk.clips.reduce(0) { $0 + $1.bytes } + buffer
            if used > budget.maximumBytes, !disk.over {
                broken.append("\(used) B stored of \(budget.maximumBytes) B with no budget check")
            }
        }

        /// The decoded clip being encoded (the export queue is serial: the oldest) writes
        /// `bytes` more into its file, and the shell tells the machine, then ticks its clock.
        mutating func grow(by bytes: Int64) {
            guard let id = writing.first?.clip.id else { return }
            grown[id, default: 0] += bytes
            grownPackets[id, default: 0] += 1
            if machine.configuration.storageBudget != nil { growths += 1 }
            // Told before the packet goes into the file: room is made first.
            take(machine.clipGrowing(id: id, bytes: grown[id] ?? 0, packets: grownPackets[id] ?? 0))
            beforeWrite()
            tick()
        }

        /// Writes the oldest clip (the export queue is serial): published, then finished;
        /// `checkBetween`: a budget check comes while the published clip is still being written.
        mutating func writeOldest(checkBetween: Bool = false) {
            let id: UUID
            if let job = writing.first {
                id = job.clip.id
                writing.removeFirst()
                published.append(job)
            } else if let job = packetWriting.first {
                id = job.clip.id
                packetWriting.removeFirst()
                packetPublished.append(job)
            } else {
                return
            }
            let url = URL(fileURLWithPath: "/clips/clip-\(id).mp4")
            let segment = CapturedVideoSegment(
                id: id, url: url, format: .mp4, encoderName: "test", frameCount: 1, framerate: 30,
                size: FrameSize(width: 16, height: 16), startTime: 0, eventTimes: [], gaps: [], duration: 0,
                isTruncated: false)
            // A file only grows: the published clip holds at least what its encoder wrote.
            let bytes = max(clipSizes.map { Int64.random(in: $0, using: &sizeSource) } ?? 0, grown[id] ?? 0)
            grown[id] = nil
            // The shell tells everyone while the clip still counts as being written.
            take(machine.clipWritten(.success(segment), fileBytes: bytes, now: clock))
            disk.clips.append(StorageModel.Clip(id: id, url: url, bytes: bytes, time: clock))
            finishing = id
            if checkBetween { checkBudget(freeBytes: nil) }
            finishing = nil
            take(machine.exportFinished(id: id))
        }

        /// A budget check, and its invariants: nothing in use or protected purged, the oldest
        /// first, and the budget met afterwards unless only protected or in-use clips are left,
        /// which the report then says.
        mutating func checkBudget(freeBytes: Int64?) {
            guard let budget = machine.configuration.storageBudget else { return }
            let inUse = Set(writing.map(\.clip.id) + packetWriting.map(\.clip.id) + [finishing].compactMap { $0 })
            let reading = Set(exportsReading.values.flatMap { $0 })
            let kept = disk.protected(by: budget.protection, now: clock)
            let buffer = machine.bufferBytes
            let wasOver = disk.over
            let actions = machine.checkBudget(now: clock, freeBytes: freeBytes)
            checking = true
            take(actions)
            checking = false
            let removed = actions.purge?.removed ?? []
            #expect(actions.deletions == removed.map(\.url))
            let candidates = disk.clips.filter {
                !kept.contains($0.id) && !inUse.contains($0.id) && !reading.contains($0.url)
            }
            for clip in removed {
                guard let entry = disk.clips.first(where: { $0.url == clip.url }) else {
                    broken.append("purged \(clip.url.lastPathComponent), which is not on disk")
                    continue
                }
                if inUse.contains(entry.id) { broken.append("purged a clip being written") }
                if reading.contains(entry.url) { broken.append("purged a segment an export reads") }
                if entry.url == openSegment { broken.append("purged the segment being written") }
                if kept.contains(entry.id) { broken.append("purged a protected clip") }
                if entry.bytes != clip.bytes { broken.append("purge reported \(clip.bytes) B of \(entry.bytes) B") }
            }
            let gone = Set(removed.map(\.url))
            let left = candidates.filter { !gone.contains($0.url) }
            // Unprotected footage (segments) before event clips, each the oldest first.
            func order(_ clip: StorageModel.Clip) -> (Int, Double) { (clip.isEvent ? 1 : 0, clip.time) }
            for clip in candidates where gone.contains(clip.url) {
                if let younger = left.first(where: { order($0) < order(clip) }) {
                    broken.append("purged a clip of \(clip.time) before one of \(younger.time)")
                }
            }
            for clip in disk.clips where gone.contains(clip.url) { pendingPurged[clip.url] = clip.bytes }
            disk.clips.removeAll { gone.contains($0.url) }
            let used = disk.clips.reduce(0) { $0 + $1.bytes } + buffer
            var limit = budget.maximumBytes
            if let floor = budget.minimumFreeBytes, let freeBytes {
                limit = min(
                    limit,
                    max(
                        0,
                        disk.clips.reduce(0) { $0 + $1.bytes } + buffer + removed.reduce(0) { $0 + $1.bytes }
                            + freeBytes - floor))
            }
            let over = used > limit
            disk.over = over
            if over, !left.isEmpty {
                broken.append("\(used) B used of \(limit) B with \(left.count) purgeable clip(s) left")
            }
            if let purge = actions.purge {
                purges.append(purge)
                if purge.isOverBudget != over || purge.usedBytes != used || purge.limitBytes != limit {
                    broken.append("purge reported \(purge), expected \(used) B of \(limit) B")
                }
            } else if !removed.isEmpty || over != wasOver {
                broken.append("a purge (or a change of the budget's state) was not reported")
            }
        }

        /// A packet of a passthrough source arrives and, when admitted, is written at once
        /// (`fails`: the write fails). Returns its group when it reached the buffer.
        mutating func packet(pts: Int64, isKey: Bool, size: Int, parameters: StreamParameters, fails: Bool) -> Int? {
            let admission = machine.packetArrived(size: size, pts: pts, isKey: isKey, parameters: parameters)
            var work: [SegmentWork] = []
            let continuous = machine.continuous != nil && machine.state == .recording
            if continuous {
                let now = clock
                work = machine.continuousPacket(
                    (pts, pts, RecorderStateMachineTests.tick, isKey, Data(count: size)), parameters: parameters,
                    wallClock: { now })
            }
            // Admission before growth, in the shell's order: closes, the room made, then the
            // packet's own bytes (into its segment and the ring buffer).
            var room = RecorderActions()
            machine.makeRoom(into: &room)
            let split = work.firstIndex(where: \.grows) ?? work.endIndex
            segmentWork(Array(work[..<split]))
            take(room)
            let grows = work[split...].contains { if case .write = $0 { true } else { false } }
            admittedSegmentBytes = grows ? Int64(size) : nil
            beforeWrite()
            admittedSegmentBytes = nil
            segmentWork(Array(work[split...]))
            if continuous {
                let time = pts + (machine.continuous?.offset ?? 0)
                let wrote = openWrites.last == time
                if lossPending, let before = offered.last?.time { losses.append((before, time)) }
                lossPending = false
                offered.append((time, wrote))
            }
            guard case .write(let group, let offset, _, _, let startsGroup) = admission else { return nil }
            let record = PacketRecord(
                offset: offset, size: size, pts: pts, dts: pts, duration: RecorderStateMachineTests.tick, isKey: isKey,
                stream: 0)
            take(machine.packetStored(record, group: group, startedGroup: startsGroup, failed: fails))
            tick()
            return fails ? nil : group
        }

        /// Stores every frame and writes every clip, in a generated order; a decoded clip grows
        /// as it is encoded, now and then past the whole budget.
        mutating func drain(using random: inout SplitMix64) {
            while !inFlight.isEmpty || !writing.isEmpty || !packetWriting.isEmpty {
                if !inFlight.isEmpty, writing.isEmpty || Bool.random(using: &random) {
                    store(at: Int.random(in: 0..<inFlight.count, using: &random), fails: false)
                } else if !writing.isEmpty, Int.random(in: 0..<3, using: &random) > 0 {
                    grow(by: Int64.random(in: 1_000...60_000, using: &random))
                } else {
                    writeOldest()
                }
            }
        }
    }

    /// The clips on disk as the test sees them, and which the budget's protection keeps.
    struct StorageModel {
        struct Clip {
            var id: UUID
            var url: URL
            var bytes: Int64
            var time: Double
            /// An event clip (`false`: a segment of a continuous recording, never protected).
            var isEvent = true
        }
        var clips: [Clip] = []
        var over = false

        func protected(by protection: EventClipProtection, now: Double) -> Set<UUID> {
            switch protection {
            case .none: return []
            case .newest(let count):
                return Set(clips.filter(\.isEvent).sorted { $0.time < $1.time }.suffix(count).map(\.id))
            case .youngerThan(let seconds):
                return Set(clips.filter { $0.isEvent && now - $0.time < seconds }.map(\.id))
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
        "decoded: windows published once, whole; gaps listed; nothing in use removed; a clip counted as it is encoded"
    )
    func generatedSequences() throws {
        var growths = 0
        var waits = 0
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
                    longest: back + forward + Double(Int.random(in: 0...6, using: &random)), sound: sound,
                    budget: Self.budget(using: &random)))
            shell.clipSizes = 100...40_000
            shell.sizeSource = SplitMix64(seed: seed)
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
                    shell.clock = 1_000 + time
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
                    shell.writeOldest(checkBetween: Bool.random(using: &random))
                case 92..<96:
                    shell.checkBudget(freeBytes: Self.freeSpace(using: &random))
                case 96..<100 where !shell.writing.isEmpty:
                    // The clip being encoded grows, now and then past the whole budget.
                    shell.grow(by: Int64.random(in: 1_000...60_000, using: &random))
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
                shell.take(shell.machine.sourceEnded(id: UUID(), reason: "ended", now: 0))
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
            shell.checkBudget(freeBytes: nil)
            let broken = Array(shell.broken.prefix(3))
            #expect(broken.isEmpty, "seed \(seed), \(shell.broken.count) broken")
            #expect(!shell.machine.hasPendingClips, context)
            growths += shell.growths
            waits += shell.waits

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
        // Clips grew under a budget while being encoded, in many sequences; writes waited for
        // the room made for them.
        #expect(growths > 100, "\(growths) growths")
        #expect(waits > 100, "\(waits) writes waited for room")
    }

    /// A generated storage budget (or none): room for a few clips besides the ring buffer.
    static func budget(using random: inout SplitMix64) -> StorageBudget? {
        guard Int.random(in: 0..<4, using: &random) > 0 else { return nil }
        let protection: EventClipProtection =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .none
            case 1: .newest(Int.random(in: 0...4, using: &random))
            default: .youngerThan(seconds: Double(Int.random(in: 1...20, using: &random)))
            }
        return StorageBudget(
            maximumBytes: Int64.random(in: 20_000...300_000, using: &random),
            minimumFreeBytes: Bool.random(using: &random) ? Int64.random(in: 0...100_000, using: &random) : nil,
            protection: protection)
    }

    /// The free space a budget check reads: now and then little.
    static func freeSpace(using random: inout SplitMix64) -> Int64 {
        Bool.random(using: &random) ? Int64.random(in: 0...200_000, using: &random) : 1 << 40
    }

    static let tick = PacketTimeline.ticksPerSecond / 30

    /// H.264 parameters of a frame width (a change of width is a change of parameters).
    static func h264(width: Int32) throws -> StreamParameters {
        let parameters = try #require(avcodec_parameters_alloc())
        defer {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&pointer)
        }
        parameters.pointee.codec_id = AV_CODEC_ID_H264
        (parameters.pointee.width, parameters.pointee.height) = (width, 240)
        return try StreamParameters(copying: parameters, frameRate: 30)
    }

    @Test(
        "passthrough: events published once, windows whole, no clip spans a cut; budget kept; segments disjoint, gaps exact"
    )
    func generatedPassthroughSequences() throws {
        let sizes = [try Self.h264(width: 320), try Self.h264(width: 640)]
        var waits = 0
        var segmentPurges = 0
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed &+ 10_000)
            let back = Double(Int.random(in: 0...3, using: &random))
            let forward = Double(Int.random(in: 1...3, using: &random))
            let continuous =
                Bool.random(using: &random)
                ? ContinuousRecording(
                    directory: URL(fileURLWithPath: "/nonexistent/segments"),
                    segmentDuration: Double(Int.random(in: 1...4, using: &random))) : nil
            var shell = Shell(
                machine: Self.machine(
                    back: back, forward: forward,
                    longest: back + forward + Double(Int.random(in: 1...6, using: &random)),
                    budget: Self.budget(using: &random), continuous: continuous))
            shell.clipSizes = 100...40_000
            shell.sizeSource = SplitMix64(seed: seed)
            let context = Comment(rawValue: "seed \(seed)")
            let groupLength = Int.random(in: 5...45, using: &random)
            var pts: Int64 = 0
            var frame = 0
            var parameters = sizes[0]
            var recorded: [(pts: Int64, group: Int)] = []
            var events = 0
            // Where each event should fall: at the newest time the source told (`told`: a packet,
            // kept or skipped, or the clock of an outage), or, when marked with a time while no
            // group is open (`flowing` false: lost, cut, or waiting for a key frame), at that time.
            var stamps: [Int64] = []
            var told: Int64 = 0
            var flowing = false
            func mark(_ shell: inout Shell, now: Int64?) throws {
                events += 1
                stamps.append(flowing ? told : now ?? told)
                shell.take(try shell.machine.markEvent(now: now))
            }
            let steps = Int.random(in: 100...900, using: &random)
            for _ in 0..<steps {
                shell.clock = 1_000 + PacketTimeline.seconds(pts)
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<70:
                    // A packet: now and then the size changes, or a packet comes cut (and is dropped).
                    pts += Self.tick
                    frame += 1
                    if Int.random(in: 0..<300, using: &random) == 0 { parameters = sizes[frame % 2] }
                    if Int.random(in: 0..<60, using: &random) == 0 {
                        shell.lossPending = true
                        shell.machine.packetDropped()
                        flowing = false
                        continue
                    }
                    let fails = Int.random(in: 0..<100, using: &random) == 0
                    told = pts
                    if let group = shell.packet(
                        pts: pts, isKey: frame % groupLength == 0, size: Int.random(in: 100...3000, using: &random),
                        parameters: parameters, fails: fails)
                    {
                        recorded.append((pts, group))
                        flowing = true
                    } else {
                        flowing = false
                    }
                case 70..<72:
                    // An outage: its timeline goes on (events may be marked in it, with the clock's
                    // time or none), then the source returns.
                    shell.machine.sourceLost()
                    shell.lossPending = true
                    flowing = false
                    for _ in 0..<Int.random(in: 1...8, using: &random) {
                        pts += PacketTimeline.ticksPerSecond
                        shell.take(shell.machine.sourceIdle(now: pts))
                        told = pts
                        if shell.machine.passthrough.newestPTS != nil, Int.random(in: 0..<4, using: &random) == 0 {
                            try mark(&shell, now: Bool.random(using: &random) ? pts : nil)
                        }
                    }
                case 72..<76 where shell.machine.passthrough.newestPTS != nil:
                    // The live timeline's clock is at the newest packet (or, after an outage and
                    // before the next key frame, at the packets being skipped); a host without
                    // a live clock marks with no time.
                    try mark(&shell, now: Bool.random(using: &random) ? pts : nil)
                case 76..<88:
                    shell.writeOldest(checkBetween: Bool.random(using: &random))
                case 88..<92:
                    shell.checkBudget(freeBytes: Self.freeSpace(using: &random))
                case 92..<95 where continuous != nil:
                    // An export of a range of the continuous recording begins (its segments are
                    // read until it finishes), or one finishes.
                    if let id = shell.exportsReading.keys.first, Bool.random(using: &random) {
                        shell.machine.continuousExportFinished(id: id)
                        shell.exportsReading[id] = nil
                    } else {
                        // The shell has done every piece of segment work decided so far.
                        shell.take(nil)
                        let from = 1_000 + Double(Int.random(in: -2...Int(PacketTimeline.seconds(pts)), using: &random))
                        let id = UUID()
                        if let plan = try? shell.machine.beginContinuousExport(
                            id: id, from: from, to: from + Double(Int.random(in: 1...5, using: &random)))
                        {
                            let urls = Set(plan.segments.map(\.url))
                            if !urls.isSubset(of: Set(shell.disk.clips.map(\.url))) {
                                shell.broken.append("an export plans a segment that is not on disk")
                            }
                            shell.exportsReading[id] = urls
                        }
                    }
                default:
                    break
                }
            }
            let last = recorded.last?.pts ?? 0
            if Bool.random(using: &random) {
                shell.take(shell.machine.sourceEnded(id: UUID(), reason: "ended", now: 0))
            }
            shell.take(shell.machine.stop())
            var drained = SplitMix64(seed: seed)
            shell.drain(using: &drained)
            shell.checkBudget(freeBytes: nil)
            let broken = Array(shell.broken.prefix(3))
            #expect(broken.isEmpty, "seed \(seed), \(shell.broken.count) broken")
            let pending = shell.machine.hasPendingClips
            #expect(!pending, context)
            waits += shell.waits
            segmentPurges += shell.purges.flatMap(\.removed).count { !$0.isEventClip }
            #expect(shell.log.filter { $0 == "ended" }.count <= 1, context)
            if continuous != nil { try Self.checkSegments(of: shell, context) }

            let jobs = shell.packetPublished
            // Published once: disjoint runs of whole groups, in order, none missing.
            #expect(Set(jobs.map(\.clip.id)).count == jobs.count, context)
            for job in jobs {
                let start = job.clip.startGroup ?? 0
                #expect(job.groups.map(\.number) == Array(start..<(job.clip.endGroup ?? start)), context)
                // No group holds a hole: a cut or unwritten packet ends its group.
                for group in job.groups {
                    let times = group.packets.map(\.pts)
                    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == Self.tick }, context)
                }
            }
            for (earlier, later) in zip(jobs, jobs.dropFirst()) {
                #expect((earlier.clip.endGroup ?? 0) <= (later.clip.startGroup ?? 0), context)
            }
            // Every event is in exactly one clip, or reported as falling wholly inside an outage.
            var outaged = 0
            for case .noFramesInWindow(let times) in shell.failures { outaged += times.count }
            let listed = jobs.flatMap(\.clip.events)
            #expect(listed.count + outaged == events, context)
            // Events are stamped on the source's clock, in the order they were marked, each at
            // the time it was marked.
            #expect(zip(listed, listed.dropFirst()).allSatisfy { $0 <= $1 }, context)
            var stamped = listed
            for case .noFramesInWindow(let times) in shell.failures { stamped += times.map(PacketTimeline.ticks) }
            #expect(stamped.sorted() == stamps.sorted(), context)
            // A complete window is published in whole: every recorded packet in it is in a clip.
            let clipGroups = Set(jobs.flatMap { $0.groups.map(\.number) })
            let backward = PacketTimeline.ticks(back)
            let ahead = PacketTimeline.ticks(forward)
            for event in listed where event + ahead <= last {
                for packet in recorded where packet.pts >= event - backward && packet.pts < event + ahead {
                    #expect(clipGroups.contains(packet.group), "seed \(seed): packet \(packet.pts) of event \(event)")
                }
            }
        }
        // Packets and clips waited for the room made for them, and segments were purged for it.
        #expect(waits > 100, "\(waits) writes waited for room")
        #expect(segmentPurges > 20, "\(segmentPurges) segments purged")
    }

    /// The continuous recording after a run: its segments never overlap; a packet not written
    /// lies in no segment, and in a gap of the index; one written lies in a segment of the index,
    /// unless the budget purged that segment.
    static func checkSegments(of shell: Shell, _ context: Comment) throws {
        #expect(shell.openSegment == nil, context)
        let segments = shell.closedSegments.sorted { $0.start < $1.start }
        #expect(zip(segments, segments.dropFirst()).allSatisfy { $0.end <= $1.start }, context)
        #expect(segments.allSatisfy { $0.start < $0.end }, context)
        for loss in shell.losses {
            #expect(!segments.contains { $0.start <= loss.before && loss.after < $0.end }, "\(context): spans a loss")
        }
        guard let first = shell.offered.first?.time, let last = shell.offered.last?.time else { return }
        let timeline = try #require(shell.machine.continuous?.timeline)
        let coverage = timeline.coverage(from: first, to: last + 1)
        let kept = Set(shell.disk.clips.map(\.url))
        #expect(timeline.segments.allSatisfy { kept.contains($0.url) }, context)
        var broken: [String] = []
        for packet in shell.offered {
            let holder = segments.first { $0.start <= packet.time && packet.time < $0.end }
            let gap = coverage.gaps.contains { $0.contains(packet.time) }
            if !packet.written {
                if holder != nil { broken.append("unwritten packet \(packet.time) inside a segment") }
                if !gap { broken.append("unwritten packet \(packet.time) in no gap") }
            } else if let holder, kept.contains(holder.url) {
                if gap { broken.append("written packet \(packet.time) in a gap") }
            } else if holder == nil {
                broken.append("written packet \(packet.time) in no segment")
            }
        }
        #expect(broken.isEmpty, "\(context): \(broken.prefix(3))")
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
        shell.take(shell.machine.sourceEnded(id: source, reason: "the stream ended", now: 0))
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
        shell.take(shell.machine.sourceEnded(id: UUID(), reason: "the stream ended", now: 0))
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
