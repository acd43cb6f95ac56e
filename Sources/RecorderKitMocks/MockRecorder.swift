import Foundation
import Locking
import RecorderKit

/// A scriptable `VideoRecorder` for host apps' tests: it follows the real state machine,
/// records every call, throws the errors a test sets, and emits the segments a test hands it.
///
/// Delegate calls and stream elements are delivered synchronously on the calling thread, like
/// the real recorder's state changes.
public final class MockVideoRecorder: VideoRecorder {
    /// A call made on the mock.
    public enum Call: Sendable, Hashable {
        /// ``startRecording()``.
        case startRecording
        /// ``stopRecording()``.
        case stopRecording
        /// ``pauseRecording()``.
        case pauseRecording
        /// ``resumeRecording()``.
        case resumeRecording
        /// ``resetRecorder()``.
        case resetRecorder
        /// ``captureSegment()``.
        case captureSegment
        /// ``changeConfiguration(_:)`` with its argument.
        case changeConfiguration(RecorderConfiguration)
        /// ``setupPreview(for:)``.
        case setupPreview
        /// ``provideCapturedSegments(completion:)`` or ``capturedSegments()``.
        case capturedSegments
    }

    private struct Storage {
        var configuration: RecorderConfiguration
        var state = VideoRecorderState.none
        weak var delegate: (any VideoRecorderDelegate)?
        weak var preview: (any CameraPreviewView)?
        var calls: [Call] = []
        var segments: [CapturedVideoSegment] = []
        var errors: [String: RecorderError] = [:]
        var stateListeners: [UUID: AsyncStream<VideoRecorderStateChange>.Continuation] = [:]
        var segmentListeners: [UUID: AsyncStream<CapturedVideoSegment>.Continuation] = [:]
        var sourceListeners: [UUID: AsyncStream<LiveSourceEvent>.Continuation] = [:]
    }

    private let storage: Locked<Storage>
    /// The audio pushed so far (see MockVideoRecorder+Audio.swift).
    let audioLog = Locked<[AudioSamples]>([])

    /// Creates a mock in state `none`.
    public init(configuration: RecorderConfiguration = .default) {
        storage = Locked(Storage(configuration: configuration))
    }

    /// Every call so far, in order.
    public var calls: [Call] { storage.withLock { $0.calls } }

    /// Makes ``startRecording()`` throw `error` (or stop throwing, with `nil`).
    public func failStart(with error: RecorderError?) { storage.withLock { $0.errors["start"] = error } }
    /// Makes ``captureSegment()`` throw `error` (or stop throwing, with `nil`).
    public func failCapture(with error: RecorderError?) { storage.withLock { $0.errors["capture"] = error } }
    /// Makes ``capturedSegments()`` throw `error` (or stop throwing, with `nil`).
    public func failSegments(with error: RecorderError?) { storage.withLock { $0.errors["segments"] = error } }

    /// Forces a state, telling the delegate and the streams as a real change would.
    public func drive(to state: VideoRecorderState) {
        change { $0 = state }
    }

    /// Publishes a segment: adds it to the captured list and tells the delegate and streams.
    public func emit(_ segment: CapturedVideoSegment) {
        let (delegate, listeners) = storage.withLock { storage in
            storage.segments.append(segment)
            return (storage.delegate, Array(storage.segmentListeners.values))
        }
        delegate?.videoRecorderDidFinishSegment(segment)
        for listener in listeners { listener.yield(segment) }
    }

    /// Reports a live-source event (a connection, a loss, a recovery) to the delegate and the
    /// streams, as a recorder recording from a camera would.
    public func emit(_ event: LiveSourceEvent) {
        let (delegate, listeners) = storage.withLock { ($0.delegate, Array($0.sourceListeners.values)) }
        delegate?.videoRecorderSourceDidChange(event)
        for listener in listeners { listener.yield(event) }
    }

    /// Shows a frame in the preview view set with ``setupPreview(for:)``, as a camera would.
    public func showPreview(_ frame: Frame) {
        storage.withLock { $0.preview }?.display(frame)
    }

    // MARK: VideoRecorder

    /// The configuration in force.
    public var currentConfiguration: RecorderConfiguration { storage.withLock { $0.configuration } }
    /// The current state.
    public var currentState: VideoRecorderState { storage.withLock { $0.state } }
    /// Held weakly, as by the real recorder.
    public var stateDelegate: (any VideoRecorderDelegate)? {
        get { storage.withLock { $0.delegate } }
        set { storage.withLock { $0.delegate = newValue } }
    }

    /// Records the call; `none → recording`, or throws as scripted or as the real recorder would.
    ///
    /// - Throws: The error set with ``failStart(with:)``; `RecorderError.invalidTransition(action:state:)` unless the
    ///   state is `none`.
    public func startRecording() throws(RecorderError) {
        let (error, state) = storage.withLock { storage in
            storage.calls.append(.startRecording)
            return (storage.errors["start"], storage.state)
        }
        if let error { throw error }
        guard state == .none else { throw .invalidTransition(action: "start recording", state: state) }
        change { $0 = .recording }
    }

    /// Records the call; `recording|paused → none`.
    public func stopRecording() {
        record(.stopRecording)
        change { if $0 != .none { $0 = .none } }
    }

    /// Records the call; `recording → paused`.
    public func pauseRecording() {
        record(.pauseRecording)
        change { if $0 == .recording { $0 = .paused } }
    }

    /// Records the call; `paused → recording`.
    public func resumeRecording() {
        record(.resumeRecording)
        change { if $0 == .paused { $0 = .recording } }
    }

    /// Records the call, forgets the segments; any state `→ none`.
    public func resetRecorder() {
        storage.withLock { storage in
            storage.calls.append(.resetRecorder)
            storage.segments.removeAll()
        }
        change { $0 = .none }
    }

    /// Records the call; throws as scripted, or `RecorderError.notRecording(state:)` unless recording.
    ///
    /// - Throws: The error set with ``failCapture(with:)``; `RecorderError.notRecording(state:)` unless recording.
    public func captureSegment() throws(RecorderError) {
        let (error, state) = storage.withLock { storage in
            storage.calls.append(.captureSegment)
            return (storage.errors["capture"], storage.state)
        }
        if let error { throw error }
        guard state == .recording else { throw .notRecording(state: state) }
    }

    /// Records the call; throws while a session is open, as the real recorder does.
    ///
    /// - Throws: `RecorderError.invalidConfiguration(_:)` for a bad configuration;
    ///   `RecorderError.configurationLocked(state:)` unless the state is `none`.
    public func changeConfiguration(_ configuration: RecorderConfiguration) throws(RecorderError) {
        try configuration.validate()
        try storage.withLock { storage throws(RecorderError) in
            storage.calls.append(.changeConfiguration(configuration))
            guard storage.state == .none else { throw .configurationLocked(state: storage.state) }
            storage.configuration = configuration
        }
    }

    /// Records the call and keeps the view weakly.
    public func setupPreview(for view: any CameraPreviewView) {
        storage.withLock { storage in
            storage.calls.append(.setupPreview)
            storage.preview = view
        }
    }

    /// Records the call and delivers the emitted segments (or the scripted error) at once.
    public func provideCapturedSegments(
        completion: @escaping @Sendable (Result<[CapturedVideoSegment], RecorderError>) -> Void
    ) {
        completion(segmentsResult())
    }

    /// Records the call and returns the emitted segments (or throws the scripted error).
    ///
    /// - Throws: The error set with ``failSegments(with:)``.
    public func capturedSegments() async throws(RecorderError) -> [CapturedVideoSegment] {
        try segmentsResult().get()
    }

    /// State changes from now on.
    public func stateChanges() -> AsyncStream<VideoRecorderStateChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: VideoRecorderStateChange.self)
        storage.withLock { $0.stateListeners[UUID()] = continuation }
        return stream
    }

    /// Segments emitted from now on.
    public func finishedSegments() -> AsyncStream<CapturedVideoSegment> {
        let (stream, continuation) = AsyncStream.makeStream(of: CapturedVideoSegment.self)
        storage.withLock { $0.segmentListeners[UUID()] = continuation }
        return stream
    }

    /// Live-source events emitted from now on.
    public func liveSourceEvents() -> AsyncStream<LiveSourceEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveSourceEvent.self)
        storage.withLock { $0.sourceListeners[UUID()] = continuation }
        return stream
    }

    // MARK: Helpers

    private func record(_ call: Call) {
        storage.withLock { $0.calls.append(call) }
    }

    private func segmentsResult() -> Result<[CapturedVideoSegment], RecorderError> {
        storage.withLock { storage in
            storage.calls.append(.capturedSegments)
            if let error = storage.errors["segments"] { return .failure(error) }
            return .success(storage.segments)
        }
    }

    /// Applies a state change and, when the state differs, notifies in order.
    private func change(_ body: (inout VideoRecorderState) -> Void) {
        let (old, new, delegate, listeners) = storage.withLock { storage in
            let old = storage.state
            body(&storage.state)
            return (old, storage.state, storage.delegate, Array(storage.stateListeners.values))
        }
        guard old != new else { return }
        delegate?.videoRecorderDidChangeState(old, new)
        let change = VideoRecorderStateChange(oldState: old, newState: new)
        for listener in listeners { listener.yield(change) }
    }
}
