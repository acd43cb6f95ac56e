/// What a development has done so far.
public enum DevelopProgress: Sendable, Hashable {
    /// Development began; `frames` frames are to be rendered.
    case started(frames: Int)
    /// One more frame is rendered and stored; `completed` of `total` are done. Frames finish in
    /// any order, since several are rendered at once.
    case developed(frame: Int, completed: Int, total: Int)
    /// Every frame is done and the roll is recorded as developed (or, with a development delay,
    /// as developing until its ``Roll/readyDate``).
    case finished(Roll)

    /// The share of the work done, 0…1.
    public var fractionCompleted: Double {
        switch self {
        case .started: 0
        case .developed(_, let completed, let total): total == 0 ? 1 : Double(completed) / Double(total)
        case .finished: 1
        }
    }
}
