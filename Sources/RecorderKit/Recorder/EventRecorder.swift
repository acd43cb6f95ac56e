import Dispatch
import Foundation
import Imaging
import Locking

/// The default ``VideoRecorder``: frames go into a disk-backed ring buffer of JPEG files (or, from
/// a compressed live source in passthrough, the source's own packets, a file per group of
/// pictures), events become MP4 or MOV clips written through FFmpeg.
///
/// **Threads.** Every method may be called from any thread. ``push(_:)`` compresses frames on a
/// pool of worker threads (at most ``maximumFramesInFlight`` at once; a full pool makes `push`
/// wait, so memory stays bounded); clips are written one at a time on a private serial queue.
/// The delegate's executor is described at ``VideoRecorderDelegate``.
///
/// **Time.** Frames carry their own timestamps. The recorder maps them to slots at the
/// configured frame rate, so a clip's windows are counted in frames of the recording and are
/// exact: with 30 fps, 3 s back and 2 s forward, an event at the frame of second 10 gives the
/// frames of 7.000 s up to 11.967 s, 150 of them. Paused time leaves no gap in the recording.
///
/// **Events.** See `ClipPlanner` (internal) for the merge rule, summarised here: an event whose
/// window overlaps a clip still waiting for frames merges into it (up to
/// ``RecorderConfiguration/maximumClipDuration``); otherwise it gets its own clip, which starts no
/// earlier than the end of the previous clip, so no frame is written twice.
public final class EventRecorder: FrameRecorder {
    let core: Locked<RecorderCore>
    /// Serialises state changes with their notifications so that everyone sees them in order;
    /// recursive so that a delegate may call back into the recorder.
    private let transitionLock = NSRecursiveLock()
    let motion = Locked(MotionSequencer())
    let encodeQueue = DispatchQueue(label: "RecorderKit.encode", qos: .userInitiated, attributes: .concurrent)
    let exportQueue = DispatchQueue(label: "RecorderKit.export", qos: .utility)
    let encodeSlots: DispatchSemaphore
    /// Keeps live-source events in order across threads.
    let sourceEventLock = NSLock()
    /// Motion detection of a passthrough session, made when the session starts.
    private let packetMotion = Locked<PacketMotionAnalyser?>(nil)
    /// The audio encoder of the current session (see EventRecorder+Audio.swift).
    let audioEncoder = Locked(AudioEncoderSlot())
    /// The reused buffers that ``push(pixels:timestamp:)`` copies frames into.
    let pixelMemory: PixelMemoryPool

    /// How many frames may be compressed at once.
    public let maximumFramesInFlight: Int
    /// Whether the recorder empties libvips' operation cache after each frame it compresses or
    /// writes into a clip.
    public let releasesImageCache: Bool

    /// Creates a recorder. Nothing touches the disk before ``startRecording()``.
    ///
    /// - Parameters:
    ///   - configuration: checked with ``RecorderConfiguration/validate()``.
    ///   - maximumFramesInFlight: frames compressed in parallel; by default the number of cores.
    ///   - releasesImageCache: libvips keeps recent operations, with their images, in a
    ///     process-wide cache of up to 100 MB. Frames never come back, so for a recorder that
    ///     cache only pins memory (about 100 MB of 1080p frames); by default the recorder empties
    ///     it after each frame, and after each frame of 8 megapixels or more (4K) that was not
    ///     pushed as pixels (those go into buffers the recorder reuses) hands the memory the
    ///     allocator freed back to the system (glibc's `malloc_trim`). Pass `false` when the host
    ///     relies on that cache and can afford the memory.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` if `configuration` does not pass
    ///   ``RecorderConfiguration/validate()``.
    public init(
        configuration: RecorderConfiguration = .default,
        maximumFramesInFlight: Int? = nil,
        releasesImageCache: Bool = true
    ) throws(RecorderError) {
        try configuration.validate()
        let workers = max(1, maximumFramesInFlight ?? ProcessInfo.processInfo.activeProcessorCount)
        self.maximumFramesInFlight = workers
        self.releasesImageCache = releasesImageCache
        encodeSlots = DispatchSemaphore(value: workers)
        pixelMemory = PixelMemoryPool(capacity: workers)
        core = Locked(RecorderCore(configuration: configuration))
    }

    /// Frames of at least this many pixels (8 MP: 4K) hand the memory the allocator freed with
    /// them back to the system once compressed.
    static let largeFramePixels = 8_000_000

    func releaseImageCache() {
        if releasesImageCache { ImagingDiagnostics.dropOperationCache() }
    }

    deinit {
        core.withLock { core in
            for continuation in core.stateContinuations.values { continuation.finish() }
            for continuation in core.segmentContinuations.values { continuation.finish() }
            for continuation in core.sourceContinuations.values { continuation.finish() }
        }
    }

    // MARK: Properties

    /// The configuration in force.
    public var currentConfiguration: RecorderConfiguration { core.withLock { $0.configuration } }

    /// The current state.
    public var currentState: VideoRecorderState { core.withLock { $0.state } }

    /// Told of every state change and finished clip; held weakly.
    public var stateDelegate: (any VideoRecorderDelegate)? {
        get { core.withLock { $0.delegate } }
        set { core.withLock { $0.delegate = newValue } }
    }

    /// What the first ``startRecording()`` found in the buffer directory and cleaned up, or `nil`
    /// before it.
    public var lastRecovery: RecoveryReport? { core.withLock { $0.recovery } }

    /// The bytes of buffered frame and packet files on disk now (the ring buffer's size).
    public var bufferedBytes: Int { core.withLock { $0.index.diskBytes + $0.packets.diskBytes } }

    /// Whether a clip is waiting for frames of its forward window or being written: a host that
    /// records until its last event's clip is out waits for this to turn `false`.
    public var hasPendingClips: Bool {
        core.withLock { core in
            !core.planner.pending.isEmpty || !core.packetPlanner.pending.isEmpty || !core.exporting.isEmpty
                || !core.exportingGroups.isEmpty
        }
    }

    /// The number of buffered frame files on disk now.
    public var bufferedFrameCount: Int { core.withLock { $0.index.storedCount } }

    /// The number of buffered groups of pictures of a passthrough recording on disk now (one
    /// file each).
    public var bufferedGroupCount: Int { core.withLock { $0.packets.storedCount } }

    /// The motion detection of the current passthrough session, if it has one.
    func motionAnalyser() -> PacketMotionAnalyser? {
        packetMotion.withLock { $0 }
    }

    /// Applied to every frame of every clip as it is written (a film look, say); `nil` for none.
    /// Takes effect for clips that start writing after it is set.
    public var exportFrameTransform: ExportFrameTransform? {
        get { core.withLock { $0.exportTransform?.apply } }
        set { core.withLock { $0.exportTransform = newValue.map { ExportTransform(apply: $0, look: nil) } } }
    }

    // MARK: State machine

    /// `none → recording`. The first start takes the buffer directory over (see ``lastRecovery``).
    ///
    /// - Throws: ``RecorderError/invalidTransition(action:state:)`` unless the state is `none`;
    ///   ``RecorderError/bufferDirectoryInUse(path:)`` if another recorder holds the buffer directory;
    ///   ``RecorderError/storageFailed(path:message:)`` or ``RecorderError/notADirectory(path:)`` if the buffer or
    ///   output directory cannot be created.
    public func startRecording() throws(RecorderError) {
        try transition { core throws(RecorderError) in
            guard core.state == .none else { throw .invalidTransition(action: "start recording", state: core.state) }
            let configuration = core.configuration
            if core.directory?.root.standardizedFileURL != configuration.bufferDirectory.standardizedFileURL {
                core.directory = nil
                let directory = try BufferDirectory(
                    root: configuration.bufferDirectory, outputDirectory: configuration.outputDirectory)
                core.recovery = directory.recover(outputDirectory: configuration.outputDirectory)
                core.directory = directory
            } else {
                try BufferDirectory.create(configuration.outputDirectory)
            }
            core.state = .recording
            core.audioSession += 1
            core.sessionFirstSlot = core.nextSlot
            core.anchor = nil
            core.lastTimestamp = nil
            core.sourceInterrupted = false
            let first = core.reservations
            core.motionAnalysedThrough = configuration.motionTrigger == nil ? nil : core.nextSlot - 1
            motion.withLock { $0 = MotionSequencer(trigger: configuration.motionTrigger, firstSequence: first) }
            core.passthrough.firstGroup = core.passthrough.nextGroup
            core.passthrough.newestPTS = nil
            core.passthrough.startPTS = nil
            core.passthrough.interrupted = false
            core.passthrough.motionAnalysedPTS = nil
            let analyser = configuration.motionTrigger.map { trigger in
                PacketMotionAnalyser(trigger: trigger) { [weak self] pts, motion, failure in
                    self?.packetAnalysed(pts: pts, motion: motion, failure: failure)
                }
            }
            packetMotion.withLock { $0 = analyser }
            return VideoRecorderState.none
        }
    }

    /// `recording|paused → none`; clips waiting for forward frames are written with what they have.
    public func stopRecording() {
        finishAudio()
        pixelMemory.drain()
        try? transition { core in
            guard core.state != .none else { return nil }
            let old = core.state
            core.state = .none
            core.anchor = nil
            core.cutPendingClips()
            return old
        }
    }

    /// `recording → paused`: pushed frames are ignored until ``resumeRecording()``.
    public func pauseRecording() {
        try? transition { core in
            guard core.state == .recording else { return nil }
            core.state = .paused
            return .recording
        }
    }

    /// `paused → recording`. The recording continues from the next frame without a gap.
    public func resumeRecording() {
        try? transition { core in
            guard core.state == .paused else { return nil }
            core.state = .recording
            core.anchor = nil
            return .paused
        }
    }

    /// Any state `→ none`, forgetting pending events, buffered frames and captured segments.
    /// Clips being written when it is called are discarded; published files stay on disk.
    public func resetRecorder() {
        dropAudio()
        pixelMemory.drain()
        try? transition { core in
            let old = core.state
            core.state = .none
            core.anchor = nil
            core.planner.dropAll(nextSlot: core.nextSlot)
            core.packets.closeOpenGroup()
            core.packetPlanner.dropAll(nextGroup: core.passthrough.nextGroup)
            core.segments.removeAll()
            core.audio.removeAll()
            core.audioSession += 1
            core.unreportedFailure = nil
            core.generation += 1
            return old == .none ? nil : old
        }
    }

    /// Replaces the configuration; only in state `none`.
    ///
    /// - Throws: ``RecorderError/configurationLocked(state:)`` while recording or paused;
    ///   ``RecorderError/invalidConfiguration(_:)`` for a bad configuration; ``RecorderError/exportsInProgress`` when
    ///   moving the buffer directory while clips of the last session are being written.
    public func changeConfiguration(_ configuration: RecorderConfiguration) throws(RecorderError) {
        try configuration.validate()
        try core.withLock { core throws(RecorderError) in
            guard core.state == .none else { throw .configurationLocked(state: core.state) }
            let moved =
                configuration.bufferDirectory.standardizedFileURL
                != core.configuration.bufferDirectory.standardizedFileURL
            let busy =
                core.index.storedCount > 0 || !core.exporting.isEmpty || !core.planner.pending.isEmpty
                || core.packets.storedCount > 0 || !core.exportingGroups.isEmpty || !core.packetPlanner.pending.isEmpty
            if moved, busy {
                throw .exportsInProgress
            }
            core.configuration = configuration
        }
    }

    /// Runs a state change: `body` returns the old state when it changed the state (it has set
    /// the new one), `nil` when nothing changed. Notifies outside the data lock, in order.
    private func transition(_ body: (inout RecorderCore) throws(RecorderError) -> VideoRecorderState?)
        throws(RecorderError)
    {
        transitionLock.lock()
        defer { transitionLock.unlock() }
        let (change, delegate, continuations, work, stops) = try core.withLock {
            core throws(RecorderError) -> (
                VideoRecorderStateChange?, (any VideoRecorderDelegate)?,
                [AsyncStream<VideoRecorderStateChange>.Continuation], Settlement, [@Sendable () -> Void]
            ) in
            guard let old = try body(&core) else { return (nil, nil, [], Settlement(), []) }
            let change = VideoRecorderStateChange(oldState: old, newState: core.state)
            // A stopped recorder takes no more from live sources, even one waiting to reconnect.
            let stops = core.state == .none ? Array(core.liveStops.values) : []
            return (change, core.delegate, Array(core.stateContinuations.values), settle(&core), stops)
        }
        for stop in stops { stop() }
        perform(work)
        guard let change else { return }
        delegate?.videoRecorderDidChangeState(change.oldState, change.newState)
        for continuation in continuations { continuation.yield(change) }
    }

    // MARK: Events and segments

    /// Marks an event at the newest recorded frame.
    ///
    /// - Throws: ``RecorderError/notRecording(state:)`` unless recording; ``RecorderError/noFramesYet`` before the
    ///   first frame of the session.
    public func captureSegment() throws(RecorderError) {
        let work = try core.withLock { core throws(RecorderError) -> Settlement in
            guard core.state == .recording else { throw .notRecording(state: core.state) }
            if let newest = core.passthrough.newestPTS {
                // A passthrough session: the event is at the newest packet, or, while the source
                // is lost, at the time it is marked (its window then spans the gap).
                var time = newest
                if core.packets.openGroup == nil, let origin = core.passthrough.clockOrigin {
                    time = max(newest, PacketTimeline.ticks(since: origin))
                }
                addPacketEvent(at: time, &core)
                return settle(&core)
            }
            guard core.nextSlot > core.sessionFirstSlot else { throw .noFramesYet }
            let event = core.nextSlot - 1
            core.planner.addEvent(
                at: event, time: core.index.time(of: event) ?? 0, firstAvailable: core.sessionFirstSlot,
                configuration: core.configuration)
            return settle(&core)
        }
        perform(work)
    }

    /// Shows every recorded frame in `view` (held weakly), on the thread that pushed it.
    public func setupPreview(for view: any CameraPreviewView) {
        core.withLock { $0.preview = view }
    }

    /// The segments captured so far, once no frame is being compressed and no clip written.
    ///
    /// Throws the first background failure (a clip that could not be written, a frame that could
    /// not be stored) not yet reported by another call.
    ///
    /// - Throws: The first background failure not yet reported (a clip that could not be written,
    ///   ``RecorderError/storageFailed(path:message:)``; a frame that could not be stored).
    public func capturedSegments() async throws(RecorderError) -> [CapturedVideoSegment] {
        await untilIdle()
        return try core.withLock { core throws(RecorderError) in
            if let failure = core.unreportedFailure {
                core.unreportedFailure = nil
                throw failure
            }
            return core.segments
        }
    }

    /// Returns once no frame is being compressed and no clip written.
    func untilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = core.withLock { core in
                if core.isIdle { return true }
                core.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// The completion-handler form of ``capturedSegments()``; `completion` runs on a task of the
    /// global executor.
    public func provideCapturedSegments(
        completion: @escaping @Sendable (Result<[CapturedVideoSegment], RecorderError>) -> Void
    ) {
        Task {
            do throws(RecorderError) {
                completion(.success(try await capturedSegments()))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Every state change from now on.
    public func stateChanges() -> AsyncStream<VideoRecorderStateChange> {
        subscribe(\.stateContinuations)
    }

    /// Every clip published from now on.
    public func finishedSegments() -> AsyncStream<CapturedVideoSegment> {
        subscribe(\.segmentContinuations)
    }

    /// A new stream whose continuation lives in `listeners` until the consumer stops listening.
    func subscribe<Element>(
        _ listeners: WritableKeyPath<RecorderCore, [UUID: AsyncStream<Element>.Continuation]> & Sendable
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.core.withLock { $0[keyPath: listeners][id] = nil } }
        core.withLock { $0[keyPath: listeners][id] = continuation }
        return stream
    }
}
