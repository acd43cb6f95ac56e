import FileSafety
import Foundation

// Opening a library: crash leftovers (files this store writes only as a step of a write that did
// not finish) are removed; damaged files (a record that does not decode, bytes that do not match
// their record) are reported and left exactly as they are; files the store did not write are
// left alone. A read-only store (`init(readingFolder:)`) reads the same way and leaves the
// leftovers where they are: they are never listed.
extension FileRollStore {
    /// Every roll in the library and the damage found, after removing leftovers of interrupted
    /// writes; see ``RollStore/loadRolls()``.
    /// - Returns: the readable rolls and the damage found.
    /// - Throws: ``RollError/storageFailed(path:reason:)`` when the library cannot be listed or
    ///   cleaned.
    public func loadRolls() throws(RollError) -> RollStoreContents {
        var contents = RollStoreContents(rolls: [])
        for entry in try folderContents(folder) {
            let name = entry.lastPathComponent
            if AtomicFile.isTemporary(name) {
                try removeLeftover(entry)
            } else if let id = UUID(uuidString: name), isFolder(entry) {
                let (roll, damage) = try loadRoll(at: entry, id: id)
                contents.damage += damage
                if let roll, !damage.contains(where: \.makesRollUnusable) {
                    contents.rolls.append(roll)
                }
            }
        }
        contents.rolls.sort { $0.loadedDate < $1.loadedDate }
        return contents
    }

    /// Reads one roll folder, cleaning crash leftovers on the way; the roll is `nil` when its
    /// record is damaged (then nothing in the folder is touched).
    private func loadRoll(at url: URL, id: UUID) throws(RollError) -> (Roll?, [RollDamage]) {
        let recordURL = url.appendingPathComponent(Self.recordName)
        var roll: Roll
        // The backup names a roll whose record is damaged, so that its name stays taken.
        func damaged(_ reason: RollProblem) -> (Roll?, [RollDamage]) {
            let backup = try? Self.decoder.decode(
                Roll.self, from: Data(contentsOf: url.appendingPathComponent(Self.backupName)))
            let name = backup.flatMap { $0.id == id ? $0.name : nil }
            return (
                nil,
                [
                    RollDamage(
                        kind: .unreadableRollRecord, rollID: id, rollName: name, file: recordURL.path, reason: reason)
                ]
            )
        }
        do {
            roll = try Self.decoder.decode(Roll.self, from: Data(contentsOf: recordURL))
        } catch {
            return damaged(Self.reason(error))
        }
        guard roll.id == id else { return damaged(.recordOfAnotherRoll(roll.id)) }
        try removeTemporaries(in: url)
        let (shots, shotDamage) = try loadShots(in: url.appendingPathComponent(Self.shotsName), of: roll)
        roll.replaceShots(with: shots)
        let developedDamage = try loadDeveloped(in: url.appendingPathComponent(Self.developedName), of: roll)
        return (roll, shotDamage + developedDamage)
    }

    /// The shots whose record and bytes are both whole, and the damaged ones. A frame's bytes
    /// without any record are a shot that never returned (the record is written last), and are
    /// removed; a record that does not decode keeps its frame's files as they are.
    private func loadShots(in shots: URL, of roll: Roll) throws(RollError) -> ([Shot], [RollDamage]) {
        try removeTemporaries(in: shots)
        let files = try folderContents(shots)
        var found: [Shot] = []
        var damage: [RollDamage] = []
        var recordedFrames = Set<Int>()
        func damaged(_ kind: RollDamage.Kind, _ file: URL, _ reason: RollProblem) {
            damage.append(RollDamage(kind: kind, rollID: roll.id, rollName: roll.name, file: file.path, reason: reason))
        }
        for file in files where file.pathExtension == "json" {
            guard let frame = Self.frameNumber(of: file) else { continue }
            recordedFrames.insert(frame)
            let shot: Shot
            do {
                shot = try Self.decoder.decode(Shot.self, from: Data(contentsOf: file))
            } catch {
                damaged(.unreadableShotRecord(frame: frame), file, Self.reason(error))
                continue
            }
            guard shot.frame == frame else {
                damaged(.unreadableShotRecord(frame: frame), file, .recordOfAnotherFrame(shot.frame))
                continue
            }
            let image = shots.appendingPathComponent(Self.frameName(frame, shot.fileExtension))
            let size = FileSystemPath.status(image).map { Int($0.st_size) }
            if let size, size == shot.byteCount {
                found.append(shot)
            } else if let size {
                damaged(
                    .shotDoesNotMatchRecord(frame: frame), image, .sizeMismatch(actual: size, expected: shot.byteCount))
            } else {
                damaged(.missingShot(frame: frame), image, .missingBeside(record: file.lastPathComponent))
            }
        }
        for file in files where file.pathExtension != "json" {
            guard let frame = Self.frameNumber(of: file), !recordedFrames.contains(frame) else { continue }
            try removeLeftover(file)
        }
        return (found.sorted { $0.frame < $1.frame }, damage)
    }

    /// Removes developed frames no roll lists (a development that did not finish), and reports
    /// listed photos whose file is missing.
    private func loadDeveloped(in developed: URL, of roll: Roll) throws(RollError) -> [RollDamage] {
        let listed = Set(roll.photos.map { Self.frameName($0.frame, $0.fileExtension) })
        let files = try folderContents(developed)
        for file in files where Self.frameNumber(of: file) != nil && !listed.contains(file.lastPathComponent) {
            try removeLeftover(file)
        }
        let present = Set(files.map(\.lastPathComponent))
        return roll.photos.filter { !present.contains(Self.frameName($0.frame, $0.fileExtension)) }.map { photo in
            RollDamage(
                kind: .missingDevelopedPhoto(frame: photo.frame), rollID: roll.id, rollName: roll.name,
                file: developedURL(photo, in: roll).path, reason: .missing)
        }
    }

    func removeTemporaries(in url: URL) throws(RollError) {
        for entry in try folderContents(url) where AtomicFile.isTemporary(entry.lastPathComponent) {
            try removeLeftover(entry)
        }
    }

    /// Removes a leftover of an interrupted write; a read-only store leaves it.
    private func removeLeftover(_ url: URL) throws(RollError) {
        guard !isReadOnly else { return }
        try remove(url)
    }

    /// The entries of one of the library's folders, made when missing; a read-only store reads a
    /// missing folder as empty.
    private func folderContents(_ url: URL) throws(RollError) -> [URL] {
        if isReadOnly {
            guard isFolder(url) else { return [] }
        } else {
            try makeFolder(url)
        }
        return try contents(of: url)
    }

    /// The frame number of a file this store names (`0007.jpg`, `0007.json`); `nil` for others.
    static func frameNumber(of file: URL) -> Int? {
        let stem = file.deletingPathExtension().lastPathComponent
        guard stem.count >= 4, stem.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(stem)
    }

    /// Why a record could not be read, in one line.
    static func reason(_ error: any Error) -> RollProblem {
        if let error = error as? DecodingError { return .undecodable(FilmStockProblem(error).description) }
        return .unreadable(error.localizedDescription)
    }
}
