import FileSafety
import Foundation
import Locking

/// Keeps rolls on disk, one folder per roll, every write atomic.
///
/// ```
/// <library>/<roll id>/roll.json          the roll's record
/// <library>/<roll id>/roll-backup.json   a copy of it, written after it at every save
/// <library>/<roll id>/shots/0001.jpg     a latent shot, the bytes as given
/// <library>/<roll id>/shots/0001.json    its record, written last: the shot exists once it does
/// <library>/<roll id>/developed/0001.jpg a developed frame, listed in roll.json once developed
/// ```
///
/// Files are written to a `.tmp-` name, flushed, and renamed into place; a new roll is built in a
/// `.tmp-` folder and renamed whole; a deleted roll is renamed to a `.tmp-` name before its files
/// go. So a process killed at any instant leaves every roll either as it was or as it became,
/// plus `.tmp-` leftovers that ``loadRolls()`` removes.
///
/// A file that exists but cannot be trusted (damaged from outside) is never removed: it is
/// reported as ``RollDamage``, and ``repair(_:)`` rebuilds it or moves it, unchanged, to
/// `<library>/kept-aside/<roll id>/`. Files the store did not write are left alone.
///
/// One store uses a library at a time: the store holds an exclusive lock on `<library>/.lock`
/// (`flock`) for its whole life, so a second program (or a second store in the same program)
/// gets ``RollError/libraryInUse(path:)`` instead of writing over the first one's shots (after
/// waiting up to a second, for the moment a starting child process holds the lock).
/// ``close()`` gives the lock back at a known moment (after it the store refuses every write);
/// otherwise the system drops it when the store is released or its process dies, even by
/// SIGKILL. Release alone is not a moment a program can wait for: a task that finished with the
/// store may still hold it for a while, so a program that opens the library again calls
/// ``close()`` (or ``Camera/close()``) first.
///
/// A store opened with ``init(readingFolder:)`` only reads, so it works on read-only media; see
/// there for how it locks.
public final class FileRollStore: RollStore {
    /// The library folder.
    public let folder: URL
    /// Whether the store only reads (``init(readingFolder:)``): its writes throw, and opening the
    /// library leaves crash leftovers where they are.
    public let isReadOnly: Bool
    /// The lock: held on an open lock file, never taken (a read-only store without one), or
    /// given back by ``close()``.
    private let lock: Locked<LibraryLock>

    private static let lockName = ".lock"
    static let recordName = "roll.json"
    static let backupName = "roll-backup.json"
    static let shotsName = "shots"
    static let developedName = "developed"
    static let keptAsideName = "kept-aside"

    /// Opens (and creates, when missing) a library folder and locks it.
    /// - Parameter folder: the library; its path must be UTF-8 (the store lists and names files
    ///   through Foundation, which holds only Unicode names).
    /// - Throws: ``RollError/libraryInUse(path:)`` while another store has it open,
    ///   ``RollError/storageFailed(path:reason:)`` when it cannot be created or its path is not UTF-8.
    public init(folder: URL) throws(RollError) {
        self.folder = folder
        isReadOnly = false
        try Self.checkPath(folder)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: folder.path, reason: .system(error.localizedDescription))
        }
        let lockURL = folder.appendingPathComponent(Self.lockName)
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RollError(.posix(lockURL, "open")) }
        try Self.lock(descriptor, LOCK_EX, of: lockURL, library: folder)
        lock = Locked(.held(descriptor))
    }

    /// Opens a library folder for reading only: nothing in it is created, changed or removed, so
    /// a library on read-only media (or in a folder this user may not write) can be listed and
    /// exported from. A folder that does not exist reads as an empty library.
    ///
    /// The store holds a shared lock on `<library>/.lock`, opened for reading (which read-only
    /// media allow, and `flock` needs no write access for), so a writing store cannot open the
    /// library while it is read, and several readers can. A library without a lock file (never
    /// opened by a writing store, since that makes one) or with one this user may not open is
    /// read without a lock; each file is still read whole, because every write renames a
    /// complete file into place.
    ///
    /// - Parameter folder: the library; its path must be UTF-8.
    /// - Throws: ``RollError/libraryInUse(path:)`` while a writing store has it open,
    ///   ``RollError/storageFailed(path:reason:)`` when the lock file cannot be opened or its path is not UTF-8.
    public init(readingFolder folder: URL) throws(RollError) {
        self.folder = folder
        isReadOnly = true
        try Self.checkPath(folder)
        let lockURL = folder.appendingPathComponent(Self.lockName)
        let descriptor = open(lockURL.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // No lock file (no store has opened the library) or none this user may open: read without a lock.
            guard [ENOENT, EACCES].contains(errno) else { throw RollError(.posix(lockURL, "open")) }
            lock = Locked(.none)
            return
        }
        try Self.lock(descriptor, LOCK_SH, of: lockURL, library: folder)
        lock = Locked(.held(descriptor))
    }

    deinit {
        close()
    }

    /// Gives the library's lock back now, so another store (in this program or another) can open
    /// the library; after it every write throws ``RollError/storageFailed(path:reason:)``. Closing
    /// again does nothing.
    public func close() {
        let descriptor: Int32? = lock.withLock { state in
            defer { state = .closed }
            if case .held(let descriptor) = state { return descriptor }
            return nil
        }
        if let descriptor { closeFile(descriptor) }
    }

    /// Takes `operation` (`LOCK_EX` or `LOCK_SH`) on the open lock file, closing it when the lock
    /// is refused.
    ///
    /// A lock held elsewhere is tried again for up to a second (`lockPatience`) before the library
    /// is reported in use: a process this program starts gets a copy of every descriptor from
    /// `fork` and keeps it, and the lock with it, until it executes its program (`O_CLOEXEC`
    /// closes it only then). So a library closed while another thread starts a process can look
    /// in use for that moment; measured, one reopening in four failed at once while three threads
    /// started processes, none with the wait (the longest 0.2 s).
    private static func lock(_ descriptor: Int32, _ operation: Int32, of lockURL: URL, library: URL)
        throws(RollError)
    {
        var waited = 0.0
        var pause = 0.001
        while flock(descriptor, operation | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR, waited < lockPatience else {
                errno = failure  // read by `.posix`
                let error =
                    failure == EWOULDBLOCK
                    ? RollError.libraryInUse(path: library.path) : RollError(.posix(lockURL, "flock"))
                closeFile(descriptor)
                throw error
            }
            if failure == EWOULDBLOCK {
                Thread.sleep(forTimeInterval: pause)
                waited += pause
                pause = min(pause * 2, 0.05)
            }
        }
    }

    /// How long a lock held elsewhere is waited for, in seconds, before the library is reported in use.
    static let lockPatience = 1.0

    /// Refuses a path the store could not name files under.
    private static func checkPath(_ folder: URL) throws(RollError) {
        guard !FileSystemPath.hasRawBytes(folder.path) else {
            throw .storageFailed(
                path: FileSystemPath.displayed(folder.path), reason: .pathNotUTF8)
        }
    }

    /// Refuses every write of a read-only or closed store.
    func checkWritable() throws(RollError) {
        guard !isReadOnly else { throw .storageFailed(path: folder.path, reason: .readOnly) }
        guard !lock.withLock({ $0 == .closed }) else {
            throw .storageFailed(path: folder.path, reason: .closed)
        }
    }

    /// Writes the roll's record; a new roll's folder is assembled under a temporary name first.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if a file cannot be written, moved or synced; a new roll's
    ///   folder then does not appear.
    public func save(_ roll: Roll) throws(RollError) {
        try checkWritable()
        var record = roll
        record.shots = []
        let data: Data
        do {
            data = try Self.encoder.encode(record)
        } catch {
            throw .storageFailed(path: folder.path, reason: .unencodable("\(error)"))
        }
        let rollFolder = self.rollFolder(roll)
        if FileManager.default.fileExists(atPath: rollFolder.path) {
            try storing { () throws(FileSystemFailure) in try writeRecord(data, in: rollFolder) }
            return
        }
        let staging = folder.appendingPathComponent("\(AtomicFile.temporaryPrefix)\(roll.id.uuidString)")
        do throws(RollError) {
            try makeFolder(staging.appendingPathComponent(Self.shotsName))
            try makeFolder(staging.appendingPathComponent(Self.developedName))
            try storing { () throws(FileSystemFailure) in
                try writeRecord(data, in: staging)
                try AtomicFile.move(staging, to: rollFolder)
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Writes a roll's record, then its backup copy: a record damaged later can be rebuilt from
    /// the copy, which is never more than one save behind.
    func writeRecord(_ data: Data, in rollFolder: URL) throws(FileSystemFailure) {
        try AtomicFile.write(data, to: rollFolder.appendingPathComponent(Self.recordName))
        try AtomicFile.write(data, to: rollFolder.appendingPathComponent(Self.backupName))
    }

    /// Writes the shot's bytes, then its record, which is what makes the shot exist.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if a file cannot be written, moved or synced; the shot is
    ///   then not visible.
    public func addShot(_ shot: Shot, data: Data, to roll: Roll) throws(RollError) {
        try checkWritable()
        let shots = rollFolder(roll).appendingPathComponent(Self.shotsName)
        let image = shots.appendingPathComponent(Self.frameName(shot.frame, shot.fileExtension))
        let record: Data
        do {
            record = try Self.encoder.encode(shot)
        } catch {
            throw .storageFailed(path: image.path, reason: .unencodable("\(error)"))
        }
        do throws(RollError) {
            try storing { () throws(FileSystemFailure) in
                try AtomicFile.write(data, to: image)
                try AtomicFile.write(record, to: shots.appendingPathComponent(Self.frameName(shot.frame, "json")))
            }
        } catch {
            unlink(image.path)
            throw error
        }
    }

    /// The latent bytes, checked against the recorded size.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the file cannot be read,
    ///   ``RollError/corruptFile(path:reason:)`` if its size is not the recorded one.
    public func latentData(of shot: Shot, in roll: Roll) throws(RollError) -> Data {
        let url = rollFolder(roll).appendingPathComponent(Self.shotsName)
            .appendingPathComponent(Self.frameName(shot.frame, shot.fileExtension))
        let data = try read(url)
        guard data.count == shot.byteCount else {
            throw .corruptFile(path: url.path, reason: .sizeMismatch(actual: data.count, expected: shot.byteCount))
        }
        return data
    }

    /// Writes a developed frame atomically.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if a file cannot be written, moved or synced.
    public func writeDevelopedFrame(_ data: Data, for photo: DevelopedPhoto, in roll: Roll) throws(RollError) {
        try checkWritable()
        try storing { () throws(FileSystemFailure) in try AtomicFile.write(data, to: developedURL(photo, in: roll)) }
    }

    /// The developed bytes.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the file cannot be read.
    public func developedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data {
        try read(developedURL(photo, in: roll))
    }

    /// The developed frame's path.
    public func location(of photo: DevelopedPhoto, in roll: Roll) -> String {
        developedURL(photo, in: roll).path
    }

    /// Removes every file in the roll's `developed` folder.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if a file cannot be listed or removed.
    public func discardDevelopedFrames(of roll: Roll) throws(RollError) {
        try checkWritable()
        let developed = rollFolder(roll).appendingPathComponent(Self.developedName)
        for file in try contents(of: developed) {
            try remove(file)
        }
        try storing { () throws(FileSystemFailure) in try AtomicFile.syncFolder(developed) }
    }

    /// Renames the roll's folder out of sight, then removes it.
    ///
    /// - Throws: ``RollError/storageFailed(path:reason:)`` if the folder cannot be moved or removed.
    public func delete(_ roll: Roll) throws(RollError) {
        try checkWritable()
        let doomed = folder.appendingPathComponent("\(AtomicFile.temporaryPrefix)deleted-\(roll.id.uuidString)")
        try storing { () throws(FileSystemFailure) in try AtomicFile.move(rollFolder(roll), to: doomed) }
        try remove(doomed)
    }

    // MARK: - Files

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()

    static let decoder = JSONDecoder()

    /// `0007.jpg`: four digits keep a listing in frame order.
    static func frameName(_ frame: Int, _ fileExtension: String) -> String {
        let digits = String(frame)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + fileExtension
    }

    func rollFolder(_ roll: Roll) -> URL {
        folder.appendingPathComponent(roll.id.uuidString)
    }

    func developedURL(_ photo: DevelopedPhoto, in roll: Roll) -> URL {
        rollFolder(roll).appendingPathComponent(Self.developedName)
            .appendingPathComponent(Self.frameName(photo.frame, photo.fileExtension))
    }

    func read(_ url: URL) throws(RollError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .storageFailed(path: url.path, reason: .system(error.localizedDescription))
        }
    }

    func contents(of url: URL) throws(RollError) -> [URL] {
        do {
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        } catch {
            throw .storageFailed(path: url.path, reason: .system(error.localizedDescription))
        }
    }

    func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    func makeFolder(_ url: URL) throws(RollError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: url.path, reason: .system(error.localizedDescription))
        }
    }

    func remove(_ url: URL) throws(RollError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .storageFailed(path: url.path, reason: .system(error.localizedDescription))
        }
    }
}

/// Where a store is with its library's lock.
private enum LibraryLock: Equatable {
    /// Held on this open lock file.
    case held(Int32)
    /// Not taken: a read-only store of a library without a lock file it may open.
    case none
    /// Given back by ``FileRollStore/close()``.
    case closed
}

/// Closes a file descriptor (the store's own `close()` hides the system's inside the type).
private func closeFile(_ descriptor: Int32) {
    _ = close(descriptor)
}
