/// An event-triggered video recorder: it keeps a rolling buffer of recent frames and, for each
/// event, saves the seconds before and after it as a video file.
///
/// The shape follows the reference `DCHVideoRecorder` protocol (the `DCH…` type aliases keep
/// ported code compiling); the additions are `pauseRecording()`, typed errors, the async
/// variants and the async sequences.
public protocol VideoRecorder: AnyObject, Sendable {
    /// The configuration in force.
    var currentConfiguration: RecorderConfiguration { get }
    /// Told of every state change; held weakly. See ``VideoRecorderDelegate`` for the executor.
    var stateDelegate: (any VideoRecorderDelegate)? { get set }
    /// The current state.
    var currentState: VideoRecorderState { get }

    /// `none → recording`. Throws ``RecorderError/invalidTransition(action:state:)`` in any other state.
    ///
    /// - Throws: ``RecorderError/invalidTransition(action:state:)`` unless the state is `none`;
    ///   ``RecorderError/bufferDirectoryInUse(path:)`` if another recorder holds the buffer directory;
    ///   ``RecorderError/storageFailed(path:message:)`` or ``RecorderError/notADirectory(path:)`` if the buffer or
    ///   output directory cannot be created.
    func startRecording() throws(RecorderError)
    /// `recording|paused → none`. Clips still waiting for forward frames are written with the
    /// frames they have. Does nothing in state `none`.
    func stopRecording()
    /// `recording → paused`: frames are ignored until resumed. Does nothing in other states.
    func pauseRecording()
    /// `paused → recording`. Does nothing in other states.
    func resumeRecording()
    /// Any state `→ none`: drops pending events, the buffered frames and the list of captured
    /// segments (published files stay on disk).
    func resetRecorder()
    /// Marks an event at the newest recorded frame. Throws ``RecorderError/notRecording(state:)``
    /// unless recording, ``RecorderError/noFramesYet`` before the first frame.
    ///
    /// - Throws: ``RecorderError/notRecording(state:)`` unless recording; ``RecorderError/noFramesYet`` before the
    ///   first frame of the session.
    func captureSegment() throws(RecorderError)
    /// Replaces the configuration. Throws ``RecorderError/configurationLocked(state:)`` while a
    /// session is open (recording or paused) and ``RecorderError/invalidConfiguration(_:)`` for
    /// a bad one.
    ///
    /// - Throws: ``RecorderError/configurationLocked(state:)`` while recording or paused;
    ///   ``RecorderError/invalidConfiguration(_:)`` for a bad configuration; ``RecorderError/exportsInProgress`` when
    ///   moving the buffer directory while clips of the last session are being written.
    func changeConfiguration(_ configuration: RecorderConfiguration) throws(RecorderError)
    /// Shows every recorded frame in `view` (held weakly).
    func setupPreview(for view: any CameraPreviewView)
    /// Delivers the segments captured so far, after the clips that can be written now are written.
    func provideCapturedSegments(
        completion: @escaping @Sendable (Result<[CapturedVideoSegment], RecorderError>) -> Void)
    /// The segments captured so far, after the clips that can be written now are written.
    ///
    /// - Throws: The first background failure not yet reported (a clip that could not be written,
    ///   ``RecorderError/storageFailed(path:message:)``; a frame that could not be stored).
    func capturedSegments() async throws(RecorderError) -> [CapturedVideoSegment]
    /// Every state change from now on, in order. Each call returns a new sequence.
    func stateChanges() -> AsyncStream<VideoRecorderStateChange>
    /// Every clip published from now on, in order. Each call returns a new sequence.
    func finishedSegments() -> AsyncStream<CapturedVideoSegment>
    /// Every event of the live sources recorded from now on (connections, losses, recoveries),
    /// in order. Each call returns a new sequence.
    func liveSourceEvents() -> AsyncStream<LiveSourceEvent>
}

/// Receives a recorder's state changes and clip notices.
///
/// **Executor:** the recorder calls its delegate synchronously, on the thread that caused the
/// change, after the change is visible through ``VideoRecorder/currentState`` and before the
/// call that made it returns; state changes are delivered one at a time and in order. Clip
/// notices come from the recorder's export queue (a private serial dispatch queue). A delegate
/// that updates a user interface hops to its main actor itself.
public protocol VideoRecorderDelegate: AnyObject, Sendable {
    /// The state changed from `oldState` to `newState`.
    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState)
    /// A clip was published.
    func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment)
    /// Work in the background failed (writing a frame or a clip); the recorder keeps its state.
    func videoRecorderDidFail(_ error: RecorderError)
    /// A live source being recorded from connected, was lost, is reconnecting or recovered.
    /// Called on the source's reading thread (or the thread that ended the recording).
    func videoRecorderSourceDidChange(_ event: LiveSourceEvent)
    /// The storage budget deleted clips, or found itself exceeded with nothing it may delete
    /// (see ``StorageBudget``). Called from the thread that checked the budget (the export queue,
    /// or the one that started the recorder).
    func videoRecorderDidPurge(_ purge: StoragePurge)
}

extension VideoRecorderDelegate {
    /// Does nothing by default.
    public func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {}
    /// Does nothing by default.
    public func videoRecorderDidFail(_ error: RecorderError) {}
    /// Does nothing by default.
    public func videoRecorderSourceDidChange(_ event: LiveSourceEvent) {}
    /// Does nothing by default.
    public func videoRecorderDidPurge(_ purge: StoragePurge) {}
}

/// Where a recorder shows its frames as they are recorded (the reference's preview view).
///
/// Called on the thread that delivered the frame; an implementation that draws on screen hops
/// to its main actor itself.
public protocol CameraPreviewView: AnyObject, Sendable {
    /// Shows one frame.
    func display(_ frame: Frame)
}
