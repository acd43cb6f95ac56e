import FileSafety
import Foundation
import Imaging

// Repairing damage: rebuild a record from what is left (the roll record's backup copy, a shot's
// own bytes), or move what cannot be rebuilt, unchanged, to `<library>/kept-aside/<roll id>/`.
// Nothing is deleted.
extension FileRollStore {
    /// Repairs one damaged record; see ``RollStore/repair(_:)``.
    /// - Parameter damage: a damage report from ``loadRolls()``.
    /// - Returns: what was done.
    /// - Throws: ``RollError/storageFailed(path:reason:)`` when a file cannot be written or moved.
    public func repair(_ damage: RollDamage) throws(RollError) -> [RollRepair] {
        try checkWritable()
        let rollFolder = folder.appendingPathComponent(damage.rollID.uuidString)
        let file = URL(fileURLWithPath: damage.file)
        let rollName = damage.rollName ?? damage.rollID.uuidString
        switch damage.kind {
        case .unreadableRollRecord:
            guard let backup = restorableBackup(in: rollFolder, id: damage.rollID) else {
                return [try keepAside(rollFolder, of: damage.rollID, reason: .noReadableBackup(damage.reason))]
            }
            var repairs: [RollRepair] = []
            if FileSystemPath.exists(file) {
                repairs.append(try keepAside(file, of: damage.rollID, reason: damage.reason))
            }
            try storing { () throws(FileSystemFailure) in
                try AtomicFile.write(backup.data, to: rollFolder.appendingPathComponent(Self.recordName))
            }
            repairs.append(.restoredRollRecord(rollID: damage.rollID, name: backup.roll.name))
            return repairs
        case .unreadableShotRecord(let frame):
            let images = try frameFiles(frame, in: file.deletingLastPathComponent()).filter {
                $0.pathExtension != "json"
            }
            if images.count == 1, let shot = Self.rebuiltShot(frame: frame, from: images[0], metadata: nil) {
                let kept = try keepAside(file, of: damage.rollID, reason: damage.reason)
                try writeShotRecord(shot, to: file)
                return [kept, .rebuiltShotRecord(roll: rollName, frame: frame)]
            }
            return try ([file] + images).map { url throws(RollError) in
                try keepAside(url, of: damage.rollID, reason: .noShotToRebuildFrom(damage.reason))
            }
        case .shotDoesNotMatchRecord(let frame):
            let record = file.deletingLastPathComponent().appendingPathComponent(Self.frameName(frame, "json"))
            let recorded = try? Self.decoder.decode(Shot.self, from: Data(contentsOf: record))
            if let recorded, let shot = Self.rebuiltShot(frame: frame, from: file, metadata: recorded.metadata) {
                let kept = try keepAside(record, of: damage.rollID, reason: damage.reason)
                try writeShotRecord(shot, to: record)
                return [kept, .rebuiltShotRecord(roll: rollName, frame: frame)]
            }
            return try [file, record].map { url throws(RollError) in
                try keepAside(url, of: damage.rollID, reason: .shotDoesNotDecode(damage.reason))
            }
        case .missingShot:
            let record = file.deletingLastPathComponent().appendingPathComponent(
                Self.frameName(Self.frameNumber(of: file) ?? 0, "json"))
            return [try keepAside(record, of: damage.rollID, reason: damage.reason)]
        case .missingDevelopedPhoto, .corruptDevelopedPhoto:
            return []
        }
    }

    /// Every file under `<library>/kept-aside/`.
    public func keptAsideFiles() -> [String] {
        let keptAside = folder.appendingPathComponent(Self.keptAsideName)
        let entries = FileManager.default.enumerator(at: keptAside, includingPropertiesForKeys: nil)?.allObjects ?? []
        return entries.compactMap { ($0 as? URL).flatMap { isFolder($0) ? nil : $0.path } }.sorted()
    }

    /// The roll record's backup, if it decodes and is this roll's.
    private func restorableBackup(in rollFolder: URL, id: UUID) -> (roll: Roll, data: Data)? {
        guard let data = try? Data(contentsOf: rollFolder.appendingPathComponent(Self.backupName)),
            let roll = try? Self.decoder.decode(Roll.self, from: data), roll.id == id
        else { return nil }
        return (roll, data)
    }

    /// The files of one frame in a folder (`0007.jpg`, `0007.json`, …).
    private func frameFiles(_ frame: Int, in folder: URL) throws(RollError) -> [URL] {
        try contents(of: folder).filter { Self.frameNumber(of: $0) == frame }.sorted { $0.path < $1.path }
    }

    /// A shot record made from the shot's own bytes, if they decode whole: the metadata given,
    /// or else the capture date and position from their EXIF (the file's date without one).
    private static func rebuiltShot(frame: Int, from image: URL, metadata: ShotMetadata?) -> Shot? {
        guard let data = try? Data(contentsOf: image),
            let decoded = try? Image(data: data, options: .init(autorotate: false)),
            (try? decoded.mean()) != nil
        else { return nil }
        var rebuilt = metadata
        if rebuilt == nil {
            let modified = (try? FileManager.default.attributesOfItem(atPath: image.path))?[.modificationDate] as? Date
            let exif = decoded.exifData.map { ExifReader.metadata(from: $0, fallbackDate: modified ?? Date()) }
            rebuilt = ShotMetadata(
                captureDate: exif?.captureDate ?? modified ?? Date(),
                location: exif?.gps.map {
                    GeoLocation(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude)
                },
                timeZone: exif?.timeZone)
        }
        guard let rebuilt else { return nil }
        return Shot(
            frame: frame, metadata: rebuilt, fileExtension: image.pathExtension.isEmpty ? "img" : image.pathExtension,
            byteCount: data.count)
    }

    private func writeShotRecord(_ shot: Shot, to url: URL) throws(RollError) {
        let data: Data
        do {
            data = try Self.encoder.encode(shot)
        } catch {
            throw .storageFailed(path: url.path, reason: .unencodable("\(error)"))
        }
        try storing { () throws(FileSystemFailure) in try AtomicFile.write(data, to: url) }
    }

    /// Moves a file or folder of a roll, unchanged, to the same place under
    /// `<library>/kept-aside/<roll id>/` (numbered when the name is taken).
    private func keepAside(_ url: URL, of rollID: UUID, reason: RollProblem) throws(RollError) -> RollRepair {
        let rollFolder = folder.appendingPathComponent(rollID.uuidString)
        let keptRoot = folder.appendingPathComponent(Self.keptAsideName)
        let relative =
            url.path.hasPrefix(rollFolder.path + "/") ? String(url.path.dropFirst(rollFolder.path.count + 1)) : ""
        let wanted = keptRoot.appendingPathComponent(rollID.uuidString).appendingPathComponent(relative)
        var target = wanted
        var attempt = 1
        while FileSystemPath.exists(target) {
            attempt += 1
            let base = wanted.deletingPathExtension().lastPathComponent + " \(attempt)"
            target = wanted.deletingLastPathComponent().appendingPathComponent(
                wanted.pathExtension.isEmpty ? base : "\(base).\(wanted.pathExtension)")
        }
        try storing { () throws(FileSystemFailure) in
            try FileSystemPath.makeDirectory(target.deletingLastPathComponent())
            try AtomicFile.move(url, to: target)
            try AtomicFile.syncFolder(url.deletingLastPathComponent())
        }
        return .keptAside(file: url.path, keptAt: target.path, reason: reason)
    }
}
