import Foundation
import Imaging
import Synchronization

/// Keeps rolls on disk, one folder per roll, every write atomic.
///
/// ```
/// <library>/<roll id>/roll.json          the roll's record
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
/// One store uses a library at a time: the store holds an exclusive lock on `<library>/.lock`
/// (`flock`) for its whole life, so a second program (or a second store in the same program)
/// gets ``RollError/libraryInUse(path:)`` instead of writing over the first one's shots. The
/// system drops the lock when the store is released or its process dies, even by SIGKILL.
public final class FileRollStore: RollStore {
    /// The library folder.
    public let folder: URL
    private let skipped = Mutex<[String]>([])
    private let lockDescriptor: Int32

    private static let lockName = ".lock"
    private static let recordName = "roll.json"
    private static let shotsName = "shots"
    private static let developedName = "developed"

    /// Opens (and creates, when missing) a library folder and locks it.
    /// - Throws: ``RollError/libraryInUse(path:)`` while another store has it open.
    public init(folder: URL) throws(RollError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: folder.path, reason: error.localizedDescription)
        }
        let lockURL = folder.appendingPathComponent(Self.lockName)
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RollError(.posix(lockURL, "open")) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure =
                errno == EWOULDBLOCK
                ? RollError.libraryInUse(path: folder.path) : RollError(.posix(lockURL, "flock"))
            close(descriptor)
            throw failure
        }
        lockDescriptor = descriptor
    }

    deinit {
        close(lockDescriptor)
    }

    /// Folders in the library that hold no readable roll record, left untouched by
    /// ``loadRolls()`` (they were not written by this store, or were changed by hand).
    public var skippedFolders: [String] {
        skipped.withLock { $0 }
    }

    /// Every roll in the library, after removing leftovers of interrupted writes.
    public func loadRolls() throws(RollError) -> [Roll] {
        var rolls: [Roll] = []
        var unreadable: [String] = []
        for entry in try contents(of: folder) {
            let name = entry.lastPathComponent
            if AtomicFile.isTemporary(name) {
                try remove(entry)
            } else if UUID(uuidString: name) != nil, isFolder(entry) {
                if let roll = try loadRoll(at: entry) {
                    rolls.append(roll)
                } else {
                    unreadable.append(entry.path)
                }
            }
        }
        skipped.withLock { $0 = unreadable }
        return rolls.sorted { $0.loadedDate < $1.loadedDate }
    }

    /// Writes the roll's record; a new roll's folder is assembled under a temporary name first.
    public func save(_ roll: Roll) throws(RollError) {
        var record = roll
        record.shots = []
        let data: Data
        do {
            data = try Self.encoder.encode(record)
        } catch {
            throw .storageFailed(path: folder.path, reason: "cannot encode roll: \(error)")
        }
        let rollFolder = self.rollFolder(roll)
        if FileManager.default.fileExists(atPath: rollFolder.path) {
            try storing { () throws(FileSystemFailure) in
                try AtomicFile.write(data, to: rollFolder.appendingPathComponent(Self.recordName))
            }
            return
        }
        let staging = folder.appendingPathComponent("\(AtomicFile.temporaryPrefix)\(roll.id.uuidString)")
        do throws(RollError) {
            try makeFolder(staging.appendingPathComponent(Self.shotsName))
            try makeFolder(staging.appendingPathComponent(Self.developedName))
            try storing { () throws(FileSystemFailure) in
                try AtomicFile.write(data, to: staging.appendingPathComponent(Self.recordName))
                try AtomicFile.move(staging, to: rollFolder)
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Writes the shot's bytes, then its record, which is what makes the shot exist.
    public func addShot(_ shot: Shot, data: Data, to roll: Roll) throws(RollError) {
        let shots = rollFolder(roll).appendingPathComponent(Self.shotsName)
        let image = shots.appendingPathComponent(Self.frameName(shot.frame, shot.fileExtension))
        let record: Data
        do {
            record = try Self.encoder.encode(shot)
        } catch {
            throw .storageFailed(path: image.path, reason: "cannot encode shot: \(error)")
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
    public func latentData(of shot: Shot, in roll: Roll) throws(RollError) -> Data {
        let url = rollFolder(roll).appendingPathComponent(Self.shotsName)
            .appendingPathComponent(Self.frameName(shot.frame, shot.fileExtension))
        let data = try read(url)
        guard data.count == shot.byteCount else {
            throw .corruptFile(path: url.path, reason: "\(data.count) bytes, expected \(shot.byteCount)")
        }
        return data
    }

    /// Writes a developed frame atomically.
    public func writeDevelopedFrame(_ data: Data, for photo: DevelopedPhoto, in roll: Roll) throws(RollError) {
        try storing { () throws(FileSystemFailure) in try AtomicFile.write(data, to: developedURL(photo, in: roll)) }
    }

    /// The developed bytes.
    public func developedData(of photo: DevelopedPhoto, in roll: Roll) throws(RollError) -> Data {
        try read(developedURL(photo, in: roll))
    }

    /// Removes every file in the roll's `developed` folder.
    public func discardDevelopedFrames(of roll: Roll) throws(RollError) {
        let developed = rollFolder(roll).appendingPathComponent(Self.developedName)
        for file in try contents(of: developed) {
            try remove(file)
        }
        try storing { () throws(FileSystemFailure) in try AtomicFile.syncFolder(developed) }
    }

    /// Renames the roll's folder out of sight, then removes it.
    public func delete(_ roll: Roll) throws(RollError) {
        let doomed = folder.appendingPathComponent("\(AtomicFile.temporaryPrefix)deleted-\(roll.id.uuidString)")
        try storing { () throws(FileSystemFailure) in try AtomicFile.move(rollFolder(roll), to: doomed) }
        try remove(doomed)
    }

    // MARK: - Loading

    /// Reads one roll folder, cleaning it on the way; `nil` when its record is unreadable.
    private func loadRoll(at url: URL) throws(RollError) -> Roll? {
        guard let data = try? Data(contentsOf: url.appendingPathComponent(Self.recordName)),
            var roll = try? Self.decoder.decode(Roll.self, from: data), roll.id.uuidString == url.lastPathComponent
        else { return nil }
        try removeTemporaries(in: url)
        roll.replaceShots(with: try loadShots(in: url.appendingPathComponent(Self.shotsName)))
        let developed = url.appendingPathComponent(Self.developedName)
        try makeFolder(developed)
        let listed = Set(roll.photos.map { Self.frameName($0.frame, $0.fileExtension) })
        for file in try contents(of: developed) where !listed.contains(file.lastPathComponent) {
            try remove(file)
        }
        return roll
    }

    /// The shots whose record and bytes are both present; anything else is a shot that never
    /// returned successfully, and is removed.
    private func loadShots(in shots: URL) throws(RollError) -> [Shot] {
        try makeFolder(shots)
        try removeTemporaries(in: shots)
        var found: [Shot] = []
        var kept = Set<String>()
        let files = try contents(of: shots)
        for file in files where file.pathExtension == "json" {
            let shot = (try? Data(contentsOf: file)).flatMap { try? Self.decoder.decode(Shot.self, from: $0) }
            let imageName = shot.map { Self.frameName($0.frame, $0.fileExtension) }
            let imageURL = imageName.map { shots.appendingPathComponent($0) }
            let size = imageURL.flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }
            if let shot, let imageName, size == shot.byteCount,
                file.lastPathComponent == Self.frameName(shot.frame, "json")
            {
                found.append(shot)
                kept.formUnion([file.lastPathComponent, imageName])
            }
        }
        for file in files where !kept.contains(file.lastPathComponent) {
            try remove(file)
        }
        return found.sorted { $0.frame < $1.frame }
    }

    private func removeTemporaries(in url: URL) throws(RollError) {
        for entry in try contents(of: url) where AtomicFile.isTemporary(entry.lastPathComponent) {
            try remove(entry)
        }
    }

    // MARK: - Files

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()

    private static let decoder = JSONDecoder()

    /// `0007.jpg`: four digits keep a listing in frame order.
    static func frameName(_ frame: Int, _ fileExtension: String) -> String {
        let digits = String(frame)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + fileExtension
    }

    private func rollFolder(_ roll: Roll) -> URL {
        folder.appendingPathComponent(roll.id.uuidString)
    }

    private func developedURL(_ photo: DevelopedPhoto, in roll: Roll) -> URL {
        rollFolder(roll).appendingPathComponent(Self.developedName)
            .appendingPathComponent(Self.frameName(photo.frame, photo.fileExtension))
    }

    private func read(_ url: URL) throws(RollError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .storageFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    private func contents(of url: URL) throws(RollError) -> [URL] {
        do {
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        } catch {
            throw .storageFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    private func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func makeFolder(_ url: URL) throws(RollError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    private func remove(_ url: URL) throws(RollError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .storageFailed(path: url.path, reason: error.localizedDescription)
        }
    }
}
