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
/// **Decisions.** Every decision (which slots a frame takes, when a clip is ready, what the
/// buffer evicts, when a live source's end is reported) is made by `RecorderStateMachine`
/// (internal), a value that one lock guards; what it decides (write, publish, delete, notify)
/// is done outside the lock.
///
/// **Events.** See `ClipPlanner` (internal) for the merge rule, summarised here: an event whose
/// window overlaps a clip still waiting for frames merges into it (up to
/// ``RecorderConfiguration/maximumClipDuration``); otherwise it gets its own clip, which starts no
/// earlier than the end of the previous clip, so no frame is written twice.
public final class EventRecorder: FrameRecorder {
    /// The one lock: the state machine and whom its decisions are told to.
    let shared: Locked<RecorderShell>
    /// Serialises state changes with their notifications so that everyone sees them in order;
    /// recursive so that a delegate may call back into the recorder.
    private let transitionLock = NSRecursiveLock()
    let motion = Locked(MotionSequencer())
    let encodeQueue = DispatchQueue(label: "RecorderKit.encode", qos: .userInitiated, attributes: .concurrent)
    let exportQueue = DispatchQueue(label: "RecorderKit.export", qos: .utility)
    let encodeSlots: DispatchSemaphore
    /// Signalled whenever files the storage budget counts are deleted: a write that waits for
    /// room (``RecorderActions/awaitsDeletions``) waits on it. Taken before ``shared``, never after.
    let deletionsDone = NSCondition()
    /// Keeps live-source events in order across threads; recursive so that a delegate told of
    /// one may mark an event (which may report a source's end).
    let sourceEventLock = NSRecursiveLock()
    /// Motion detection of a passthrough session, made when the session starts.
    private let packetMotion = Locked<PacketMotionAnalyser?>(nil)
    /// The audio encoder of the current session (see EventRecorder+Audio.swift).
    let audioEncoder = Locked(AudioEncoderSlot())
    /// The reused buffers that ``push(pixels:timestamp:)`` copies frames into.
    let pixelMemory: PixelMemoryPool
    /// Where live sources' health reports go besides the events, when the host passed metrics.
    let healthMetrics: StreamHealthMetrics?

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
    ///   - metrics: where live sources' health reports go as swift-metrics metrics (see
    ///     ``RecorderMetrics``); `nil` (the default) records none.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` if `configuration` does not pass
    ///   ``RecorderConfiguration/validate()``.
    public init(
        configuration: RecorderConfiguration = .default,
        maximumFramesInFlight: Int? = nil,
        releasesImageCache: Bool = true,
        metrics: RecorderMetrics? = nil
    ) throws(RecorderError) {
        try configuration.validate()
        healthMetrics = metrics.map(StreamHealthMetrics.init)
        let workers = max(1, maximumFramesInFlight ?? ProcessInfo.processInfo.activeProcessorCount)
        self.maximumFramesInFlight = workers
        self.releasesImageCache = releasesImageCache
        encodeSlots = DispatchSemaphore(value: workers)
        pixelMemory = PixelMemoryPool(capacity: workers)
        shared = Locked(RecorderShell(machine: RecorderStateMachine(configuration: configuration)))
    }

    /// Frames of at least this many pixels (8 MP: 4K) hand the memory the allocator freed with
    /// them back to the system once compressed.
    static let largeFramePixels = 8_000_000

    func releaseImageCache() {
        if releasesImageCache { ImagingDiagnostics.dropOperationCache() }
    }

    deinit {
        shared.withLock { shell in
            for continuation in shell.stateContinuations.values { continuation.finish() }
            for continuation in shell.segmentContinuations.values { continuation.finish() }
            for continuation in shell.purgeContinuations.values { continuation.finish() }
            for continuation in shell.sourceContinuations.values { continuation.finish() }
        }
    }

    /// Reads the state machine.
    func read<T: Sendable>(_ body: (RecorderStateMachine) -> T) -> T {
        shared.withLock { body($0.machine) }
    }

    // MARK: Properties

    /// The configuration in force.
    public var currentConfiguration: RecorderConfiguration { read(\.configuration) }

    /// The current state.
    public var currentState: VideoRecorderState { read(\.state) }

    /// Told of every state change and finished clip; held weakly.
    public var stateDelegate: (any VideoRecorderDelegate)? {
        get { shared.withLock { $0.delegate } }
        set { shared.withLock { $0.delegate = newValue } }
    }

    /// What the first ``startRecording()`` found in the buffer directory and cleaned up, or `nil`
    /// before it.
    public var lastRecovery: RecoveryReport? { read(\.recovery) }

    /// The bytes of buffered frame and packet files on disk now (the ring buffer's size).
    public var bufferedBytes: Int { read { $0.index.diskBytes + $0.packets.diskBytes } }

    /// Whether a clip is waiting for frames of its forward window or being written: a host that
    /// records until its last event's clip is out waits for this to turn `false`.
    public var hasPendingClips: Bool { read(\.hasPendingClips) }

    /// The number of buffered frame files on disk now.
    public var bufferedFrameCount: Int { read(\.index.storedCount) }

    /// The number of buffered groups of pictures of a passthrough recording on disk now (one
    /// file each).
    public var bufferedGroupCount: Int { read(\.packets.storedCount) }

    /// The motion detection of the current passthrough session, if it has one.
    func motionAnalyser() -> PacketMotionAnalyser? {
        packetMotion.withLock { $0 }
    }

    /// Applied to every frame of every clip as it is written (a film look, say); `nil` for none.
    /// Takes effect for clips that start writing after it is set.
    public var exportFrameTransform: ExportFrameTransform? {
        get { read { $0.exportTransform?.apply } }
        set {
            shared.withLock { $0.machine.exportTransform = newValue.map { ExportTransform(apply: $0, look: nil) } }
        }
    }

    // MARK: State machine

    /// `none → recording`. The first start takes the buffer directory over (see ``lastRecovery``).
    ///
    /// - Throws: ``RecorderError/invalidTransition(action:state:)`` unless the state is `none`;
    ///   ``RecorderError/bufferDirectoryInUse(path:)`` if another recorder holds the buffer directory;
    ///   ``RecorderError/storageFailed(path:message:)`` or ``RecorderError/notADirectory(path:)`` if the buffer or
    ///   output directory cannot be created.
    public func startRecording() throws(RecorderError) {
        transitionLock.lock()
        defer { transitionLock.unlock() }
        let (refusal, configuration, heldRoot) = shared.withLock { shell in
            (shell.machine.refusalToStart(), shell.machine.configuration, shell.directory?.root)
        }
        if let refusal { throw refusal }
        // The disk is touched outside the lock (the transition lock keeps starts in order).
        let directory: BufferDirectory?
        var recovery: RecoveryReport?
        // Paths, not URLs: `buffer` and `buffer/` (a URL made once the folder exists) are one folder.
        if heldRoot?.standardizedFileURL.path != configuration.bufferDirectory.standardizedFileURL.path {
            // The shell holds the only reference to the old directory: dropping it releases its lock
            // before the new one is taken (the same folder again, say, after a configuration change).
            shared.withLock { $0.directory = nil }
            let taken = try BufferDirectory(
                root: configuration.bufferDirectory, outputDirectory: configuration.outputDirectory)
            recovery = taken.recover(outputDirectory: configuration.outputDirectory)
            directory = taken
        } else {
            try BufferDirectory.create(configuration.outputDirectory)
            directory = shared.withLock { $0.directory }
        }
        guard let directory else { return }
        let first = read(\.reservations)
        motion.withLock { $0 = MotionSequencer(trigger: configuration.motionTrigger, firstSequence: first) }
        let analyser = configuration.motionTrigger.map { trigger in
            PacketMotionAnalyser(trigger: trigger) { [weak self] pts, motion, failure in
                self?.packetAnalysed(pts: pts, motion: motion, failure: failure)
            }
        }
        packetMotion.withLock { $0 = analyser }
        try prepareContinuousRecording(configuration)
        scanStoredClips()
        let delivery = shared.withLock { shell in
            shell.directory = directory
            return shell.delivery(of: shell.machine.start(layout: directory.layout, recovery: recovery))
        }
        // A start ends no source: there is no end to report after the transition lock.
        perform(delivery)
        checkStorageBudget()
    }

    /// `recording|paused → none`; clips waiting for forward frames are written with what they have.
    public func stopRecording() {
        finishAudio()
        pixelMemory.drain()
        transition { $0.stop() }
    }

    /// `recording → paused`: pushed frames are ignored until ``resumeRecording()``.
    public func pauseRecording() {
        transition { $0.pause() }
    }

    /// `paused → recording`. The recording continues from the next frame without a gap.
    public func resumeRecording() {
        transition { $0.resume() }
    }

    /// Any state `→ none`, forgetting pending events, buffered frames and captured segments.
    /// Clips being written when it is called are discarded; published files stay on disk.
    public func resetRecorder() {
        dropAudio()
        pixelMemory.drain()
        transition { $0.reset() }
    }

    /// Replaces the configuration; only in state `none`.
    ///
    /// - Throws: ``RecorderError/configurationLocked(state:)`` while recording or paused;
    ///   ``RecorderError/invalidConfiguration(_:)`` for a bad configuration; ``RecorderError/exportsInProgress`` when
    ///   moving the buffer directory while clips of the last session are being written.
    public func changeConfiguration(_ configuration: RecorderConfiguration) throws(RecorderError) {
        try configuration.validate()
        transitionLock.lock()
        defer { transitionLock.unlock() }
        try shared.withLock { shell throws(RecorderError) in try shell.machine.changeConfiguration(configuration) }
    }

    /// Runs a state change and tells everyone, in order.
    private func transition(_ change: (inout RecorderStateMachine) -> RecorderActions) {
        transitionLock.lock()
        let delivery = shared.withLock { shell in shell.delivery(of: change(&shell.machine)) }
        performActions(delivery)
        transitionLock.unlock()
        reportEnds(delivery)
    }

    // MARK: Events and segments

    /// Marks an event at the newest recorded frame.
    ///
    /// - Throws: ``RecorderError/notRecording(state:)`` unless recording; ``RecorderError/noFramesYet`` before the
    ///   first frame of the session.
    public func captureSegment() throws(RecorderError) {
        try trySend { shell throws(RecorderError) in
            // While a passthrough source is lost, the event falls at the time it is marked.
            let now = shell.liveClockOrigin.map { PacketTimeline.ticks(since: $0) }
            return try shell.machine.markEvent(now: now)
        }
    }

    /// Shows every recorded frame in `view` (held weakly), on the thread that pushed it.
    public func setupPreview(for view: any CameraPreviewView) {
        shared.withLock { $0.preview = view }
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
        return try shared.withLock { shell throws(RecorderError) in
            if let failure = shell.machine.takeUnreportedFailure() { throw failure }
            return shell.machine.segments
        }
    }

    /// Returns once no frame is being compressed and no clip written.
    func untilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = shared.withLock { shell in
                if shell.machine.isIdle { return true }
                shell.idleWaiters.append(continuation)
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
        _ listeners: WritableKeyPath<RecorderShell, [UUID: AsyncStream<Element>.Continuation]> & Sendable
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.shared.withLock { $0[keyPath: listeners][id] = nil } }
        shared.withLock { $0[keyPath: listeners][id] = continuation }
        return stream
    }
}
