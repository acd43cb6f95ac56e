import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a recorder found and cleaned up when it took over a buffer directory.
public struct RecoveryReport: Sendable, Hashable {
    /// Buffered frames left by an earlier run that ended without cleaning up (a crash or a kill).
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

/// The buffer directory of one recorder: an exclusive lock, the frame files, and the clean-up
/// of whatever a killed recorder left behind.
///
/// The lock is an `flock` on `recorder.lock`; the kernel releases it when its process dies, so a
/// killed recorder never blocks the next one, while a live one cannot be disturbed.
final class BufferDirectory: Sendable {
    let root: URL
    let frames: URL
    private let lockDescriptor: Int32

    static let partialPrefix = ".recorderkit-"
    static let partialSuffix = ".partial"

    /// Takes the directory over: locks it, then removes stale frames and partial clips.
    init(root: URL, outputDirectory: URL) throws(RecorderError) {
        self.root = root
        self.frames = root.appendingPathComponent("frames", isDirectory: true)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: frames, withIntermediateDirectories: true)
            try manager.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: root.path, message: error.localizedDescription)
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

    /// Deletes leftover frames and partial clips; nothing is reused because the index that gave
    /// the frames their meaning died with the process that wrote them.
    func recover(outputDirectory: URL) -> RecoveryReport {
        let manager = FileManager.default
        var report = RecoveryReport()
        for name in (try? manager.contentsOfDirectory(atPath: frames.path)) ?? [] {
            if (try? manager.removeItem(at: frames.appendingPathComponent(name))) != nil { report.removedFrames += 1 }
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
    func url(for slot: Int) -> URL {
        frames.appendingPathComponent(String(format: "%012d.jpg", slot))
    }
}
