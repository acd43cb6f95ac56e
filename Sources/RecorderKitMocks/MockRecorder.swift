import FilmKit
import Foundation
import Imaging
import Locking
import RecorderKit

/// A scriptable `FrameRecorder` for host apps' tests: it follows the real state machine,
/// records every call, throws the errors a test sets, and emits the segments a test hands it.
///
/// It also takes frames, as `EventRecorder` does, and keeps them in memory (so use it with a
/// few small frames): ``push(_:)`` checks the state and the timestamps as the real recorder does,
/// ``captureSegment()`` after the first frame marks an event at the newest frame, and once a
/// frame arrives `forwardOffset` seconds after the event (or the recording stops) the mock
/// publishes a clip of the frames in `[event − backwardOffset, event + forwardOffset)`, the real
/// recorder's window, as a `CapturedVideoSegment`
/// whose ``clipFrames(of:)`` are those frames through the export filter. No file is written and
/// nothing is encoded; frames are counted as pushed, not re-timed to the frame rate. Events
/// inside a clip still waiting for frames merge into it, and no frame is in two clips.
///
/// Delegate calls and stream elements are delivered synchronously on the calling thread, like
/// the real recorder's state changes.
public final class MockVideoRecorder: FrameRecorder {
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
        /// ``setExportFilter(_:seed:)``: whether a filter was set (`false` for `nil`) and its seed.
        case setExportFilter(isSet: Bool, seed: UInt64)
    }

    /// A clip still waiting for its forward window.
    private struct PendingClip {
        var eventTimes: [Double]
        var firstFrame: Int
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
        var frames: [Frame] = []
        var exportLook: VideoLook?
        var pending: PendingClip?
        /// The first frame no clip holds yet.
        var unclipped = 0
        var clipFrames: [UUID: (range: Range<Int>, look: VideoLook?)] = [:]
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
    /// Makes ``push(_:)`` throw `error` (or stop throwing, with `nil`), as a full disk would.
    public func failPush(with error: RecorderError?) { storage.withLock { $0.errors["push"] = error } }
    /// Makes ``capturedSegments()`` throw `error` (or stop throwing, with `nil`).
    public func failSegments(with error: RecorderError?) { storage.withLock { $0.errors["segments"] = error } }

    /// Forces a state, telling the delegate and the streams as a real change would.
    public func drive(to state: VideoRecorderState) {
        change { $0 = state }
    }

    /// Publishes a segment: adds it to the captured list and tells the delegate and streams.
    public func emit(_ segment: CapturedVideoSegment) {
        storage.withLock { $0.segments.append(segment) }
        announce([segment])
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

    /// Every frame stored since the last ``resetRecorder()``, in order.
    public var pushedFrames: [Frame] { storage.withLock { $0.frames } }

    /// The frames of a clip this mock published, through the export filter set when the clip was
    /// published (frame `n` with `FilterContext(seed: seed).derived(n)`, as the real recorder
    /// writes them).
    ///
    /// - Parameter segment: a clip from ``capturedSegments()`` or ``finishedSegments()``.
    /// - Returns: the clip's frames, or an empty array for a segment the mock did not make
    ///   (one handed to ``emit(_:)-(CapturedVideoSegment)``).
    /// - Throws: `RecorderError.exportTransformFailed(frame:message:)` if the filter fails.
    public func clipFrames(of segment: CapturedVideoSegment) throws(RecorderError) -> [Frame] {
        let (frames, entry) = storage.withLock { ($0.frames, $0.clipFrames[segment.id]) }
        guard let entry else { return [] }
        var clip: [Frame] = []
        for (position, index) in entry.range.enumerated() {
            var frame = frames[index]
            if let look = entry.look {
                do {
                    frame.image = try look.apply(to: frame.image, index: position)
                } catch {
                    throw .exportTransformFailed(frame: position, message: "\(error)")
                }
            }
            clip.append(frame)
        }
        return clip
    }

    // MARK: FrameRecorder

    /// Stores the frame in memory, checking it as the real recorder does.
    ///
    /// - Parameter frame: the frame; timestamps must increase.
    /// - Returns: `.stored(slots: 1)`, or `.ignoredWhilePaused`.
    /// - Throws: the scripted error (``failPush(with:)``), `RecorderError.notRecording(state:)`
    ///   in state `none`, `RecorderError.nonMonotonicTimestamp(previous:got:)`.
    @discardableResult
    public func push(_ frame: Frame) throws(RecorderError) -> FrameDisposition {
        let (disposition, published) = try storage.withLock { storage throws(RecorderError) in
            if let error = storage.errors["push"] { throw error }
            switch storage.state {
            case .none: throw .notRecording(state: .none)
            case .paused: return (FrameDisposition.ignoredWhilePaused, [CapturedVideoSegment]())
            case .recording: break
            }
            let previous = storage.frames.last?.timestamp
            if !frame.timestamp.isFinite || previous.map({ frame.timestamp <= $0 }) == true {
                throw .nonMonotonicTimestamp(previous: previous ?? -.infinity, got: frame.timestamp)
            }
            storage.frames.append(frame)
            return (.stored(slots: 1), Self.publishDue(&storage, stopping: false))
        }
        announce(published)
        return disposition
    }

    /// Stores a frame of raw pixels, as ``push(_:)``.
    ///
    /// - Parameters:
    ///   - pixels: the frame's samples.
    ///   - timestamp: seconds; must increase.
    /// - Returns: what ``push(_:)`` returns.
    /// - Throws: `RecorderError.imaging(_:)` for pixels that make no image, and what
    ///   ``push(_:)`` throws.
    @discardableResult
    public func push(pixels: PixelBuffer, timestamp: Double) throws(RecorderError) -> FrameDisposition {
        let image: Image
        do {
            image = try Image(pixels: pixels)
        } catch {
            throw .imaging(error)
        }
        return try push(Frame(image: image, timestamp: timestamp))
    }

    /// Records the call and keeps the filter for the clips published from now on.
    ///
    /// - Parameters:
    ///   - filter: the filter, or `nil` for none.
    ///   - seed: the seed of its random effects.
    public func setExportFilter(_ filter: (any Filter)?, seed: UInt64) {
        storage.withLock { storage in
            storage.calls.append(.setExportFilter(isSet: filter != nil, seed: seed))
            storage.exportLook = filter.map { VideoLook($0, seed: seed) }
        }
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

    /// Records the call and publishes a clip still waiting for frames with the frames it has;
    /// `recording|paused → none`.
    public func stopRecording() {
        let published = storage.withLock { storage in
            storage.calls.append(.stopRecording)
            return Self.publishDue(&storage, stopping: true)
        }
        announce(published)
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
            storage.frames.removeAll()
            storage.pending = nil
            storage.unclipped = 0
            storage.clipFrames.removeAll()
        }
        change { $0 = .none }
    }

    /// Records the call; throws as scripted, or `RecorderError.notRecording(state:)` unless
    /// recording. Once frames have been pushed, marks an event at the newest one: it opens a clip,
    /// or merges into the clip still waiting for frames.
    ///
    /// - Throws: The error set with ``failCapture(with:)``; `RecorderError.notRecording(state:)` unless recording.
    public func captureSegment() throws(RecorderError) {
        try storage.withLock { storage throws(RecorderError) in
            storage.calls.append(.captureSegment)
            if let error = storage.errors["capture"] { throw error }
            guard storage.state == .recording else { throw .notRecording(state: storage.state) }
            guard let newest = storage.frames.last?.timestamp else { return }
            if storage.pending != nil {
                storage.pending?.eventTimes.append(newest)
            } else {
                let rate = Double(storage.configuration.framerate.rawValue)
                let back = newest - storage.configuration.backwardOffset - 0.5 / rate
                let first = storage.frames.firstIndex { $0.timestamp >= back } ?? storage.frames.count - 1
                storage.pending = PendingClip(eventTimes: [newest], firstFrame: max(first, storage.unclipped))
            }
        }
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

    /// Publishes the pending clip once a frame has arrived `forwardOffset` after its last event
    /// (or, when `stopping`, with the frames it has), and returns it for ``announce(_:)``.
    private static func publishDue(_ storage: inout Storage, stopping: Bool) -> [CapturedVideoSegment] {
        guard let pending = storage.pending, let newest = storage.frames.last?.timestamp,
            let lastEvent = pending.eventTimes.last
        else { return [] }
        let configuration = storage.configuration
        let rate = configuration.framerate.rawValue
        // The real recorder's window, [event − backward, event + forward), in frames of the rate:
        // half a frame of tolerance keeps timestamps such as 4 + 29/30 on the right side.
        let end = lastEvent + configuration.forwardOffset - 0.5 / Double(rate)
        let isFull = newest >= end
        guard stopping || isFull else { return [] }
        let past = storage.frames.firstIndex { $0.timestamp >= end } ?? storage.frames.count
        let range = pending.firstFrame..<max(pending.firstFrame, past)
        let frames = storage.frames[range]
        let settings = configuration.exportSettings
        let wanted = Int(((configuration.backwardOffset + configuration.forwardOffset) * Double(rate)).rounded())
        let number = storage.clipFrames.count + 1
        let name = "mock-clip-\(number).\(settings.format.fileExtension)"
        let segment = CapturedVideoSegment(
            url: configuration.outputDirectory.appendingPathComponent(name), format: settings.format,
            encoderName: "mock", codecName: "mock", frameCount: frames.count, framerate: rate,
            size: configuration.exportSize,
            startTime: frames.first?.timestamp ?? lastEvent, eventTimes: pending.eventTimes,
            isTruncated: frames.count < wanted || !isFull)
        storage.clipFrames[segment.id] = (range, storage.exportLook)
        storage.unclipped = range.upperBound
        storage.pending = nil
        storage.segments.append(segment)
        return [segment]
    }

    /// Tells the delegate and the streams of published clips, outside the lock.
    private func announce(_ segments: [CapturedVideoSegment]) {
        guard !segments.isEmpty else { return }
        let (delegate, listeners) = storage.withLock { ($0.delegate, Array($0.segmentListeners.values)) }
        for segment in segments {
            delegate?.videoRecorderDidFinishSegment(segment)
            for listener in listeners { listener.yield(segment) }
        }
    }

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
