import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a recorder found and cleaned up when it took over a buffer directory.
public struct RecoveryReport: Sendable, Hashable {
    /// Buffered frames (or, from a passthrough recording, packet files) left by an earlier run
    /// that ended without cleaning up (a crash or a kill).
    public var removedFrames: Int
    /// Half-written clips (temporary files in the output directory) that were deleted, never
    /// reported as finished.
    public var removedPartialClips: Int

    /// Creates a report.
    public init(removedFrames: Int = 0, removedPartialClips: Int = 0) {
        self.removedFrames = removedFrames
        self.removedPartialClips = removedPartialClips
    }
}

/// The buffer directory of one recorder: an exclusive lock, the frame files (decoded frames as
/// JPEGs), the packet files (a passthrough recording's compressed video, one file per group of
/// pictures), and the clean-up of whatever a killed recorder left behind.
///
/// The lock is an `flock` on `recorder.lock`; the kernel releases it when its process dies, so a
/// killed recorder never blocks the next one, while a live one cannot be disturbed.
final class BufferDirectory: Sendable {
    let root: URL
    /// The files' names, for the recorder's state machine (which never touches the disk).
    let layout: BufferLayout
    var frames: URL { layout.frames }
    var packets: URL { layout.packets }
    private let lockDescriptor: Int32

    static let partialPrefix = ".recorderkit-"
    static let partialSuffix = ".partial"

    /// Takes the directory over: locks it, then removes stale frames and partial clips.
    init(root: URL, outputDirectory: URL) throws(RecorderError) {
        self.root = root
        layout = BufferLayout(root: root)
        try Self.refuseNonDirectory(root)
        try Self.refuseNonDirectory(outputDirectory)
        for directory in [layout.frames, layout.packets, outputDirectory] {
            try Self.create(directory)
        }
        let lockPath = root.appendingPathComponent("recorder.lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .storageFailed(path: lockPath, message: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .bufferDirectoryInUse(path: root.path)
        }
        lockDescriptor = descriptor
    }

    deinit {
        close(lockDescriptor)
    }

    /// Creates `directory` (and its parents) unless it exists; a file in its place is refused as
    /// such, and left alone.
    static func create(_ directory: URL) throws(RecorderError) {
        try refuseNonDirectory(directory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: directory.path, message: error.localizedDescription)
        }
    }

    private static func refuseNonDirectory(_ directory: URL) throws(RecorderError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .notADirectory(path: directory.path)
        }
    }

    /// Deletes leftover frames and partial clips; nothing is reused because the index that gave
    /// the frames their meaning died with the process that wrote them.
    func recover(outputDirectory: URL) -> RecoveryReport {
        let manager = FileManager.default
        var report = RecoveryReport()
        for folder in [frames, packets] {
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                if (try? manager.removeItem(at: folder.appendingPathComponent(name))) != nil {
                    report.removedFrames += 1
                }
            }
        }
        for name in (try? manager.contentsOfDirectory(atPath: outputDirectory.path)) ?? []
        where name.hasPrefix(Self.partialPrefix) && name.hasSuffix(Self.partialSuffix) {
            if (try? manager.removeItem(at: outputDirectory.appendingPathComponent(name))) != nil {
                report.removedPartialClips += 1
            }
        }
        return report
    }

    /// The file of one frame slot.
    func url(for slot: Int) -> URL { layout.url(for: slot) }

    /// The file of one group of pictures of a passthrough recording.
    func url(forGroup group: Int) -> URL { layout.url(forGroup: group) }
}

/// Where a buffer directory keeps each frame slot and each group of pictures: names only, no
/// file is touched.
struct BufferLayout: Sendable {
    let frames: URL
    let packets: URL

    init(root: URL) {
        frames = root.appendingPathComponent("frames", isDirectory: true)
        packets = root.appendingPathComponent("packets", isDirectory: true)
    }

    /// The file of one frame slot.
    func url(for slot: Int) -> URL {
        frames.appendingPathComponent(String(format: "%012d.jpg", slot))
    }

    /// The file of one group of pictures of a passthrough recording.
    func url(forGroup group: Int) -> URL {
        packets.appendingPathComponent(String(format: "%012d.packets", group))
    }
}
