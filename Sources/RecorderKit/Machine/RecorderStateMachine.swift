import FilmKit
import Foundation
import Imaging

/// What a session records: decoded frames (JPEG files on the slot timeline) or a passthrough
/// recording's own packets (a file per group of pictures). A session takes its mode from its
/// first frame or packet and keeps it.
enum RecordingMode: Sendable, Equatable {
    case decoded
    case passthrough
}

/// The recorder's decisions, as a value in the style of swift-nio's state machines: each event
/// (a frame or packet arrived or was stored, an event marked, the source lost, idle or ended, a
/// clip written, a state change) is a mutating method that returns the ``RecorderActions`` to
/// perform. It does no I/O, takes no lock and reads no clock: time comes in with the events, and
/// ``EventRecorder`` (the shell) owns it under one lock and performs the actions outside it.
///
/// The merge rules live in its parts, ``ClipPlanner`` (decoded) and ``GroupClipPlanner``
/// (passthrough); what it adds is when a clip is ready, what the buffer may evict, and that
/// the end of a live source is reported only once every clip of its events is published.
struct RecorderStateMachine {
    var state: VideoRecorderState = .none
    var configuration: RecorderConfiguration
    var exportTransform: ExportTransform?

    /// The names of the buffer directory's files, once the first start took it over.
    var layout: BufferLayout?
    var recovery: RecoveryReport?
    /// The session's mode, from its first frame or packet; `nil` before either.
    var mode: RecordingMode?

    // Decoded frames. The timeline: slots are frame numbers at the configured rate, increasing
    // for the lifetime of the recorder; a session starts at `sessionFirstSlot`.
    var nextSlot = 0
    var sessionFirstSlot = 0
    /// Source time and slot of the frame that (re)started the timeline; `nil` after start or
    /// resume, when the next frame starts it afresh (a pause leaves no gap in the clips).
    var anchor: (time: Double, slot: Int)?
    var lastTimestamp: Double?
    /// Slots the timeline skipped because no frames came (a lost source): clips keep them as gaps.
    var gaps: [Range<Int>] = []
    /// The live source was lost: the next frame starts after a gap, however soon it comes.
    var sourceInterrupted = false

    // Frames on their way to disk and those that arrived.
    var index = FrameIndex()
    var arrived: Set<Int> = []
    /// Every slot up to this one has been written (or has failed).
    var committedThrough = -1
    var framesInFlight = 0
    /// How many frames have been reserved, ever: the sequence motion detection follows.
    var reservations = 0
    /// With motion detection on, the last slot it has analysed in order; clips wait for it, and
    /// frames a late motion event may need stay, so that results never depend on timing.
    var motionAnalysedThrough: Int?

    var planner = ClipPlanner()
    /// First slots of the clips being written; their frames stay.
    var exporting: [UUID: Int] = [:]

    // Compressed packets of a passthrough recording.
    var packets = PacketIndex()
    var packetPlanner = GroupClipPlanner()
    var passthrough = PassthroughState()
    /// First groups of the passthrough clips being written; their files stay.
    var exportingGroups: [UUID: Int] = [:]

    // Compressed audio beside the frames or packets (see EventRecorder+Audio.swift). A session
    // number keeps audio of a stopped or reset session out of the next one.
    var audio = AudioBuffer()
    var audioSession = 0
    var audioSessionWithPackets = -1

    var generation = 0
    var segments: [CapturedVideoSegment] = []
    /// A background failure not yet reported through a throwing call.
    var unreportedFailure: RecorderError?
    /// The clips the storage budget counts (see RecorderStateMachine+Storage.swift).
    var storage = StorageLedger()
    /// The live source's health between two reports.
    var health = StreamHealthMeter()
    /// Continuous recording into segments (see RecorderStateMachine+Continuous.swift), once a
    /// start with ``RecorderConfiguration/continuousRecording`` set made it.
    var continuous: ContinuousState?

    /// Live sources that ended, in order, each reported once every clip is published.
    var endingSources: [(id: UUID, reason: String)] = []
    /// The source that fed the session ended and nothing has come since: clips no longer wait
    /// for audio, and an event marked now gets its clip cut at once (nothing more comes for it).
    var inputEnded = false

    init(configuration: RecorderConfiguration) {
        self.configuration = configuration
    }

    // MARK: Derived state

    /// Every slot up to this one is on disk and, with motion detection, analysed.
    var settledThrough: Int { min(committedThrough, motionAnalysedThrough ?? committedThrough) }

    /// No frame is being stored or analysed and no clip written.
    var isIdle: Bool {
        framesInFlight == 0 && exporting.isEmpty && exportingGroups.isEmpty
            && passthrough.motionAnalysed == passthrough.motionHanded
    }

    /// Whether a clip is waiting for frames of its forward window or being written.
    var hasPendingClips: Bool {
        !planner.pending.isEmpty || !packetPlanner.pending.isEmpty || !exporting.isEmpty || !exportingGroups.isEmpty
    }

    /// The first slot any clip, pending or future, may still need.
    var retainFrom: Int {
        var keep =
            state == .none
            ? nextSlot : max(nextSlot - 1 - configuration.backwardFrames, planner.lastEnd, sessionFirstSlot)
        if state != .none, let analysed = motionAnalysedThrough {
            keep = min(keep, max(analysed + 1 - configuration.backwardFrames, sessionFirstSlot))
        }
        if let needed = planner.earliestNeeded { keep = min(keep, needed) }
        if let exported = exporting.values.min() { keep = min(keep, exported) }
        return keep
    }

    /// The first group of pictures any passthrough clip, pending or future, may still need.
    var retainGroupsFrom: Int {
        var keep = passthrough.nextGroup
        if state != .none, let newest = passthrough.newestPTS {
            let backward = PacketTimeline.ticks(configuration.backwardOffset)
            var from: Int64? = newest - backward
            if configuration.motionTrigger != nil {
                // A motion event may still come for any packet not yet analysed.
                from = passthrough.motionAnalysedPTS.map { min(newest, $0) - backward }
            }
            keep =
                from.flatMap { packets.group(startingAtOrBefore: $0, floor: passthrough.firstGroup) }
                ?? passthrough.firstGroup
        }
        if let needed = packetPlanner.earliestNeeded { keep = min(keep, needed) }
        if let exported = exportingGroups.values.min() { keep = min(keep, exported) }
        return keep
    }

    // MARK: State changes

    /// Why a state change cannot happen now, or `nil`: `none → recording`.
    func refusalToStart() -> RecorderError? {
        state == .none ? nil : .invalidTransition(action: "start recording", state: state)
    }

    /// `none → recording`: the shell has taken the buffer directory over (its names in
    /// `layout`; `recovery` when it was taken over just now).
    mutating func start(layout: BufferLayout, recovery: RecoveryReport?) -> RecorderActions {
        guard state == .none else { return RecorderActions() }
        self.layout = layout
        if let recovery { self.recovery = recovery }
        state = .recording
        mode = nil
        inputEnded = false
        audioSession += 1
        sessionFirstSlot = nextSlot
        anchor = nil
        lastTimestamp = nil
        sourceInterrupted = false
        motionAnalysedThrough = configuration.motionTrigger == nil ? nil : nextSlot - 1
        passthrough.firstGroup = passthrough.nextGroup
        passthrough.newestPTS = nil
        passthrough.sourceTime = nil
        passthrough.startPTS = nil
        passthrough.interrupted = false
        passthrough.motionAnalysedPTS = nil
        configureContinuous()
        return changed(from: .none)
    }

    /// `recording|paused → none`: clips waiting for forward frames are written with what they
    /// have; live sources are stopped.
    mutating func stop() -> RecorderActions {
        guard state != .none else { return RecorderActions() }
        let old = state
        state = .none
        anchor = nil
        cutPendingClips()
        return changed(from: old)
    }

    /// `recording → paused`.
    mutating func pause() -> RecorderActions {
        guard state == .recording else { return RecorderActions() }
        state = .paused
        return changed(from: .recording)
    }

    /// `paused → recording`: the recording continues from the next frame without a gap.
    mutating func resume() -> RecorderActions {
        guard state == .paused else { return RecorderActions() }
        state = .recording
        anchor = nil
        return changed(from: .paused)
    }

    /// Any state `→ none`, forgetting pending events, captured segments and clips being written.
    mutating func reset() -> RecorderActions {
        let old = state
        state = .none
        anchor = nil
        planner.dropAll(nextSlot: nextSlot)
        packets.closeOpenGroup()
        interruptContinuous()
        packetPlanner.dropAll(nextGroup: passthrough.nextGroup)
        segments.removeAll()
        audio.removeAll()
        audioSession += 1
        unreportedFailure = nil
        generation += 1
        return old == .none ? settle() : changed(from: old)
    }

    /// Replaces the configuration (state `none` only).
    mutating func changeConfiguration(_ new: RecorderConfiguration) throws(RecorderError) {
        guard state == .none else { throw .configurationLocked(state: state) }
        let moved = new.bufferDirectory.standardizedFileURL != configuration.bufferDirectory.standardizedFileURL
        let busy =
            index.storedCount > 0 || packets.storedCount > 0 || hasPendingClips
        if moved, busy { throw .exportsInProgress }
        configuration = new
    }

    private mutating func changed(from old: VideoRecorderState) -> RecorderActions {
        var actions = settle()
        actions.stateChange = VideoRecorderStateChange(oldState: old, newState: state)
        // A stopped recorder takes no more from live sources, even one waiting to reconnect.
        actions.stopsSources = state == .none
        return actions
    }

    // MARK: Events

    /// An event is marked now (`now`: ticks of the live source's timeline, for an event marked
    /// while a passthrough source is lost).
    mutating func markEvent(now: Int64?) throws(RecorderError) -> RecorderActions {
        guard state == .recording else { throw .notRecording(state: state) }
        switch mode {
        case .passthrough?:
            guard let newest = passthrough.newestPTS else { throw .noFramesYet }
            // At the newest packet, or, while no group is open (the source is lost, or back and
            // waiting for a key frame), at the time it is marked (its window then spans the gap):
            // `now`, or else the newest time the source told (a skipped packet, an idle tick).
            var time = newest
            if packets.openGroup == nil { time = max(newest, now ?? passthrough.sourceTime ?? newest) }
            addPacketEvent(at: time)
        case .decoded?:
            guard nextSlot > sessionFirstSlot else { throw .noFramesYet }
            let event = nextSlot - 1
            planner.addEvent(
                at: event, time: index.time(of: event) ?? 0, firstAvailable: sessionFirstSlot,
                configuration: configuration)
        case nil:
            throw .noFramesYet
        }
        // Nothing more comes from an ended source: the clip goes out with what there is.
        if inputEnded { cutPendingClips() }
        return settle()
    }

    /// A background failure (a frame or packet that could not be stored, a clip that could not
    /// be written): kept for the next throwing call and told to the delegate.
    mutating func failed(_ error: RecorderError) -> RecorderActions {
        var actions = RecorderActions()
        fail(error, into: &actions)
        return actions
    }

    private mutating func fail(_ error: RecorderError, into actions: inout RecorderActions) {
        if unreportedFailure == nil { unreportedFailure = error }
        actions.failures.append(error)
    }

    /// Takes the failure not yet reported through a throwing call.
    mutating func takeUnreportedFailure() -> RecorderError? {
        defer { unreportedFailure = nil }
        return unreportedFailure
    }

    /// A live source started feeding the recorder; with `healthInterval`, its health is
    /// reported every that many seconds (``RecorderActions/health``).
    mutating func sourceStarted(healthInterval: Double? = nil) {
        inputEnded = false
        // A new run has a timeline of its own: placed on the wall clock at its first packet.
        continuous?.offset = nil
        if let healthInterval { health.started(interval: healthInterval) }
    }

    /// The live source reported `event`: connections, losses and recoveries count in its health.
    mutating func sourceReported(_ event: LiveSourceEvent) {
        switch event {
        case .connected(let info): health.connected(frameRate: info.frameRate)
        case .lost(_, let reason): health.lost(reason: reason)
        case .recovered: health.recovered()
        case .connecting, .waiting, .ended, .health: break
        }
    }

    /// The live source delivered a video packet of `bytes` bytes (`corrected`: its timestamp was
    /// moved to keep the timeline going forward).
    mutating func sourceDelivered(bytes: Int, corrected: Bool) {
        health.delivered(bytes: bytes, corrected: corrected)
    }

    /// The wall clock reached `now` (seconds since 1970), told by the shell as footage comes in
    /// (each packet, each frame or packet stored) and while a source waits to reconnect: a
    /// stream health report when its period is over (``RecorderActions/health``), and a budget
    /// check when one is due (``RecorderActions/checksBudget``). `nil` when nothing is due.
    mutating func clockTick(now: Double) -> RecorderActions? {
        let report = health.tick(now: now)
        storage.now = max(storage.now ?? now, now)
        let due = budgetCheckDue(now: now)
        guard report != nil || due else { return nil }
        if due { storage.checkRequested = true }
        var actions = RecorderActions()
        actions.checksBudget = due
        actions.health = report
        return actions
    }

    /// The live source `id` ended for good at `now` (wall-clock seconds; however: end of stream,
    /// failure, stop, cancellation): nothing more comes for the clips waiting for it. Each is
    /// written with what it has, and the end is reported (``RecorderActions/endedSources``) once
    /// every clip is published. Its health over the period cut short is reported at once
    /// (``RecorderActions/health``), so the last seconds before the end are not lost.
    mutating func sourceEnded(id: UUID, reason: String, now: Double) -> RecorderActions {
        inputEnded = true
        let finalReport = health.ended(now: now)
        cutPendingClips()
        endingSources.append((id, reason))
        var actions = settle()
        actions.health = finalReport
        return actions
    }

    /// A clip was written to its temporary file: whether it may be renamed into place (it may
    /// not once the recorder was reset meanwhile).
    func mayPublish(generation: Int) -> Bool {
        generation == self.generation
    }

    /// A clip was written and renamed into place (`segment`, a file of `fileBytes` bytes,
    /// published at `now`, seconds since 1970), was discarded by a reset (`nil`), or failed. It
    /// still counts as being written until ``exportFinished(id:)``: the shell tells everyone
    /// first, so nothing waiting for the recorder to go idle hears of its end before.
    mutating func clipWritten(
        _ outcome: Result<CapturedVideoSegment?, RecorderError>, fileBytes: Int64, now: Double
    ) -> RecorderActions {
        var actions = RecorderActions()
        switch outcome {
        case .success(let segment?):
            segments.append(segment)
            actions.published.append(segment)
            storage.writing[segment.id] = nil
            storage.add(
                StoredClip(id: segment.id, url: segment.url, bytes: fileBytes, time: now, isEventClip: true))
        case .success(nil):
            break
        case .failure(let error):
            fail(error, into: &actions)
        }
        return actions
    }

    /// The clip `id` is done (published, discarded or failed, and everyone told).
    mutating func exportFinished(id: UUID) -> RecorderActions {
        exporting[id] = nil
        exportingGroups[id] = nil
        storage.writing[id] = nil
        return settle()
    }

    /// No more frames or packets come for the clips waiting for them (recording stopped, or the
    /// live source ended for good): each ends with what it has, shorter and marked truncated.
    mutating func cutPendingClips() {
        planner.truncate(to: nextSlot)
        packets.closeOpenGroup()
        interruptContinuous()
        packetPlanner.truncate(nextGroup: passthrough.nextGroup)
    }

    // MARK: Settling

    /// Brings the machine up to date after any change: starts the clips whose frames (or groups
    /// of pictures) have all arrived, evicts what no clip can need, reports the end of live
    /// sources once nothing is pending, and says whether it is idle.
    mutating func settle() -> RecorderActions {
        var actions = RecorderActions()
        // Clips wait for their audio as for their frames.
        for clip in planner.takeReady(committedThrough: min(settledThrough, audioSettledThrough)) {
            exporting[clip.id] = clip.start
            actions.exports.append(makeJob(for: clip))
        }
        let motion = configuration.motionTrigger != nil
        let passthrough = passthrough
        let ready = packetPlanner.takeReady { end in
            !motion || passthrough.motionAnalysed >= (passthrough.motionMarks[end] ?? passthrough.motionHanded)
        }
        for clip in packetPlanner.takeEmpty() {
            fail(.noFramesInWindow(eventTimes: clip.events.map(PacketTimeline.seconds)), into: &actions)
        }
        for clip in ready {
            actions.packetExports.append(makePacketJob(for: clip))
        }
        if let layout {
            let frames = index.evict(below: retainFrom).map { (layout.url(for: $0.slot), Int64($0.bytes)) }
            let evicted = packets.evict(below: retainGroupsFrom)
            delete(frames + evicted.map { (layout.url(forGroup: $0.number), Int64($0.bytes)) }, into: &actions)
            for group in evicted { self.passthrough.motionMarks[group.number] = nil }
        }
        audio.evict(before: audioRetainFrom)
        let evictedBelow = index.evictedBelow
        gaps.removeAll { $0.upperBound <= evictedBelow }
        // A passthrough clip planned now counts from now on: room is made before it is written.
        if !ready.isEmpty { makeRoom(into: &actions) }
        actions.isIdle = isIdle
        if isIdle, !hasPendingClips {
            actions.endedSources = endingSources
            endingSources.removeAll()
        }
        return actions
    }

    private mutating func makePacketJob(for clip: PlannedPacketClip) -> PacketExportJob {
        let start = clip.startGroup ?? 0
        exportingGroups[clip.id] = start
        let groups = (start..<(clip.endGroup ?? start)).compactMap { packets[$0] }
        let clipAudio = groups.first.flatMap { first in
            clip.configuration.audio == nil
                ? nil
                : audio.window(
                    from: PacketTimeline.seconds(first.startPTS) - 1,
                    to: PacketTimeline.seconds(groups.last?.endPTS ?? first.startPTS) + 1)
        }
        // The clip holds its groups' packets, its audio and its index: the storage budget counts
        // it from now on (settle makes room before it is written).
        if configuration.storageBudget != nil {
            let sound = clipAudio?.packets ?? []
            let packetCount = groups.reduce(sound.count) { $0 + $1.packets.count }
            storage.writing[clip.id] =
                groups.reduce(sound.reduce(0) { $0 + Int64($1.data.count) }) { $0 + Int64($1.reservedBytes) }
                + StorageLedger.containerAllowance(packets: packetCount)
        }
        let following = clip.endGroup.flatMap { packets[$0] }
        return PacketExportJob(
            clip: clip, groups: groups, files: groups.compactMap { layout?.url(forGroup: $0.number) },
            generation: generation, transform: exportTransform, audio: clipAudio,
            followingKeyPTS: following?.followsGap == false ? clip.endKeyPTS : nil)
    }

    /// A clip of decoded frames: the slots that hold frames, on their grid positions. Slots the
    /// timeline skipped (a gap) are left out: at the clip's ends they shorten it, inside it they
    /// become gaps. A slot whose frame failed to reach the disk repeats its neighbour instead, so
    /// the clip keeps its frame count and timing.
    func makeJob(for clip: PlannedClip) -> ExportJob {
        let configuration = clip.configuration
        let rate = Double(configuration.framerate.rawValue)
        let recorded = (clip.start..<clip.end).filter { index.time(of: $0) != nil }
        let first = recorded.first ?? clip.start
        let last = recorded.last ?? clip.start
        let stored = recorded.map { index.isStored($0) ? layout?.url(for: $0) : nil }
        let firstStored = stored.compactMap { $0 }.first
        var frames: [(url: URL, position: Int64)] = []
        var lastStored: URL?
        for (slot, url) in zip(recorded, stored) {
            lastStored = url ?? lastStored
            if let chosen = lastStored ?? firstStored { frames.append((chosen, Int64(slot - first))) }
        }
        let clipGaps = gaps.compactMap { gap -> CaptureGap? in
            let lower = max(gap.lowerBound, first)
            let upper = min(gap.upperBound, last)
            guard lower < upper else { return nil }
            return CaptureGap(offset: Double(lower - first) / rate, duration: Double(upper - lower) / rate)
        }
        let truncated =
            clip.start > clip.requestedStart || clip.end < clip.requestedEnd || first > clip.start
            || last < clip.end - 1 || !clipGaps.isEmpty
        let clipAudio =
            configuration.audio == nil
            ? nil : audio.clip(from: Double(first) / rate, to: Double(last + 1) / rate)
        return ExportJob(
            clip: clip,
            frames: frames,
            startTime: index.time(of: first) ?? 0,
            eventTimes: clip.eventTimes.sorted(),
            eventOffsets: clip.events.sorted().map { Double($0 - first) / rate },
            gaps: clipGaps,
            isTruncated: truncated,
            generation: generation,
            transform: exportTransform,
            audio: clipAudio,
            countsGrowth: configuration.storageBudget != nil)
    }
}

/// What the shell does after an event, in this order: stop live sources, delete files, start
/// writing clips, tell everyone of published clips, failures and the state change, report the
/// end of live sources, wake those waiting for the recorder to go idle.
struct RecorderActions: Sendable {
    /// Clips of decoded frames to write.
    var exports: [ExportJob] = []
    /// Clips of a passthrough recording to write.
    var packetExports: [PacketExportJob] = []
    /// Buffered files no clip can need any more.
    var deletions: [URL] = []
    /// Clips now in place, for the delegate and ``EventRecorder/finishedSegments()``.
    var published: [CapturedVideoSegment] = []
    /// Background failures, for the delegate.
    var failures: [RecorderError] = []
    /// A state change, for the delegate and ``EventRecorder/stateChanges()``.
    var stateChange: VideoRecorderStateChange?
    /// The recorder stopped: every live source stops too.
    var stopsSources = false
    /// Live sources whose end is to be reported now: every clip is published.
    var endedSources: [(id: UUID, reason: String)] = []
    /// Nothing is being stored, analysed or written.
    var isIdle = false
    /// What a budget check purged (its files are in ``deletions``), for the delegate and
    /// ``EventRecorder/storagePurges()``.
    var purge: StoragePurge?
    /// The shell is to run a budget check: read the free space outside the lock, then
    /// ``RecorderStateMachine/checkBudget(now:freeBytes:)``.
    var checksBudget = false
    /// The shell writes nothing more for this event until every deletion of this batch and those
    /// before it is done (``StorageLedger/isDeleting(through:)``): room for what was just admitted.
    var awaitsDeletions: Int?
    /// The shell tells the machine once ``deletions`` are done
    /// (``RecorderStateMachine/filesDeleted(_:)``): they count in the budget until then.
    var confirmsDeletions = false
    /// A live source's health over the period just ended, for the delegate and
    /// ``EventRecorder/liveSourceEvents()`` (as ``LiveSourceEvent/health(_:)``) and the metrics.
    var health: StreamHealthReport?
}

/// The state of a passthrough recording's packet intake.
struct PassthroughState {
    /// The first group of the session.
    var firstGroup = 0
    /// The number the next group will get.
    var nextGroup = 0
    /// A loss or a pause since the last packet: the next group follows a gap.
    var interrupted = false
    /// The newest packet's presentation time.
    var newestPTS: Int64?
    /// The newest time the source told, kept or not: a packet skipped while waiting for a key
    /// frame, or the timeline's clock during an outage. An event marked without a time of its
    /// own while no group is open falls here, not at the last packet before the outage.
    var sourceTime: Int64?
    /// The presentation time of the session's first key frame.
    var startPTS: Int64?
    /// Packets handed to motion detection, and how many of them it has analysed, ever.
    var motionHanded = 0
    var motionAnalysed = 0
    /// The presentation time of the last packet motion detection analysed.
    var motionAnalysedPTS: Int64?
    /// For each group still buffered, how many packets had been handed to motion detection
    /// before it began: a clip ending before the group is analysed once that many are.
    var motionMarks: [Int: Int] = [:]
}

/// A function applied to every frame of a clip as it is written: the frame's image and its
/// index in the clip (for seeding) in, the image to encode out. It is called for several frames
/// of a clip at once, on different threads, so that a look keeps both cores busy; the clip is
/// still the same bytes as long as each result depends only on the image and the index.
public typealias ExportFrameTransform = @Sendable (Image, Int) throws -> Image

/// The export transform of a recorder, and the FilmKit look it applies when it was set through
/// `setExportFilter` (then frames can take the look's pixel path: decoded into reused memory and
/// rendered from memory into memory, see `TransformedFrames`).
struct ExportTransform: Sendable {
    let apply: ExportFrameTransform
    let look: VideoLook?
}
