/// Where a recorder is in its life cycle.
///
/// The reference framework's three states are kept; export work happens in the background in
/// any state, so it needs no state of its own.
public enum VideoRecorderState: String, Sendable, Hashable, CaseIterable {
    /// Not recording: frames are ignored and the configuration may change.
    case none
    /// Frames go into the ring buffer and events can be captured.
    case recording
    /// A recording session is open but frames are ignored; pending clips wait for the forward
    /// frames that arrive after resuming.
    case paused
}

/// One state change, as delivered to the delegate and to ``VideoRecorder/stateChanges()``.
public struct VideoRecorderStateChange: Sendable, Hashable {
    /// The state before the change.
    public let oldState: VideoRecorderState
    /// The state after the change.
    public let newState: VideoRecorderState

    /// Creates a state change.
    public init(oldState: VideoRecorderState, newState: VideoRecorderState) {
        self.oldState = oldState
        self.newState = newState
    }
}
