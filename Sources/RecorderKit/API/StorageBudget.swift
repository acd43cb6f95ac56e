import Foundation

/// How much disk a recorder may use for its clips and its ring buffer, and which clips it keeps
/// whatever the budget.
///
/// The footprint is every file the recorder keeps: the clips of its output directory, the files
/// of its ring buffer, the segments of a continuous recording, the clips and the segment being
/// written, and files it has decided to delete until they are gone. It never exceeds
/// ``maximumBytes``: room is made **before** anything grows. Each addition is counted when it is
/// admitted, before a byte of it is written — a packet (in the ring buffer, and in the open
/// segment), a passthrough clip (its packets, audio and index, when it is planned), a decoded
/// frame once compressed, each packet of a decoded clip before its encoder writes it, a range
/// export. When the footprint with it would pass the budget, the recorder purges footage first
/// and writes only once those files are deleted. An MP4 file's index is not known before the
/// file is finished, so a clip or segment counts at its packets plus a bounded allowance for it
/// (8 KB and 48 bytes a packet, more than the muxer writes) until its real size is known.
///
/// The recorder also checks the budget at a start (counting the clips already in the output
/// directory, so the budget holds through restarts), after each clip it publishes, and every few
/// seconds while footage comes in (free space under ``minimumFreeBytes`` shrinks with other
/// writers too, and protection by age runs out). Over the budget, it deletes clips, the oldest
/// first, until it is within it again. It never deletes:
/// - a clip still being written, nor a file of the ring buffer (a clip may still need it: the
///   ring buffer shrinks on its own as clips go out);
/// - a clip that ``protection`` protects.
///
/// Event clips are purged after any other footage. When only protected or in-use footage is
/// left and the budget is still exceeded, the recorder says so (``StoragePurge/isOverBudget``)
/// rather than delete them, and goes on recording: the footprint can then pass the budget.
/// Every purge is told to ``VideoRecorderDelegate/videoRecorderDidPurge(_:)`` and to
/// ``EventRecorder/storagePurges()``.
public struct StorageBudget: Sendable, Hashable {
    /// The most bytes the recorder's clips and ring buffer may take together.
    public var maximumBytes: Int64
    /// Bytes to leave free on the output directory's file system, or `nil`: when free space falls
    /// below it, the budget shrinks by the difference.
    public var minimumFreeBytes: Int64?
    /// The event clips that are never purged.
    public var protection: EventClipProtection

    /// Creates a budget.
    ///
    /// - Parameters:
    ///   - maximumBytes: the most bytes of clips and ring buffer together (more than 0).
    ///   - minimumFreeBytes: bytes to leave free on the output directory's file system, or `nil`.
    ///   - protection: the event clips never purged; by default the 10 newest.
    public init(
        maximumBytes: Int64, minimumFreeBytes: Int64? = nil, protection: EventClipProtection = .newest(10)
    ) {
        self.maximumBytes = maximumBytes
        self.minimumFreeBytes = minimumFreeBytes
        self.protection = protection
    }

    /// Checks the numbers and throws ``RecorderError/invalidConfiguration(_:)`` naming the first bad one.
    ///
    /// - Throws: ``RecorderError/invalidConfiguration(_:)``.
    public func validate() throws(RecorderError) {
        guard maximumBytes > 0 else {
            throw .invalidConfiguration(.bytesNotPositive(field: "storageBudget.maximumBytes", bytes: maximumBytes))
        }
        if let floor = minimumFreeBytes, floor < 0 {
            throw .invalidConfiguration(.bytesNegative(field: "storageBudget.minimumFreeBytes", bytes: floor))
        }
        switch protection {
        case .none: break
        case .newest(let count):
            guard count >= 0 else {
                throw .invalidConfiguration(.clipCountNegative(field: "storageBudget.protection", count: count))
            }
        case .youngerThan(let seconds):
            guard seconds.isFinite, seconds >= 0 else {
                throw .invalidConfiguration(.secondsNegative(field: "storageBudget.protection", seconds: seconds))
            }
        }
    }
}

/// Which event clips a ``StorageBudget`` never purges.
public enum EventClipProtection: Sendable, Hashable {
    /// Every clip may be purged.
    case none
    /// The newest `count` event clips are kept.
    case newest(Int)
    /// Event clips published less than `seconds` ago are kept.
    case youngerThan(seconds: Double)
}

/// What one budget check deleted, and whether the recorder is within its budget now.
public struct StoragePurge: Sendable, Hashable {
    /// The clips deleted, oldest first.
    public var removed: [PurgedClip]
    /// The bytes of clips, ring buffer and footage being written after the purge (not counting
    /// files still being deleted).
    public var usedBytes: Int64
    /// The budget in force at the check: ``StorageBudget/maximumBytes``, or less when the file
    /// system's free space fell below ``StorageBudget/minimumFreeBytes``.
    public var limitBytes: Int64
    /// The budget is still exceeded: only protected clips, clips being written and the ring
    /// buffer are left.
    public var isOverBudget: Bool

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - removed: the clips deleted, oldest first.
    ///   - usedBytes: the bytes used after the purge.
    ///   - limitBytes: the budget in force.
    ///   - isOverBudget: whether the budget is still exceeded.
    public init(removed: [PurgedClip], usedBytes: Int64, limitBytes: Int64, isOverBudget: Bool) {
        self.removed = removed
        self.usedBytes = usedBytes
        self.limitBytes = limitBytes
        self.isOverBudget = isOverBudget
    }
}

/// One clip a ``StorageBudget`` deleted.
public struct PurgedClip: Sendable, Hashable {
    /// Where the clip was.
    public var url: URL
    /// Its size.
    public var bytes: Int64
    /// Whether it held an event (event clips are purged after other footage).
    public var isEventClip: Bool

    /// Creates a description of a deleted clip.
    ///
    /// - Parameters:
    ///   - url: where the clip was.
    ///   - bytes: its size.
    ///   - isEventClip: whether it held an event.
    public init(url: URL, bytes: Int64, isEventClip: Bool) {
        self.url = url
        self.bytes = bytes
        self.isEventClip = isEventClip
    }
}
