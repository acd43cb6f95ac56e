import Foundation
import Imaging

extension Camera {
    /// Checks the whole library: the damage found when it was opened, and every developed photo
    /// read back and compared with the checksum recorded when it was developed. Changes nothing.
    /// - Returns: the damage found, the files kept aside by earlier repairs, and how many
    ///   developed photos were read.
    public func check() -> RollCheckReport {
        promoteReadyRolls()
        var report = RollCheckReport(damage: damageFound, keptAside: store.keptAsideFiles())
        let known = Set(damageFound.compactMap { damage in damage.developedFrame.map { "\(damage.rollID)/\($0)" } })
        for roll in rollsByID.values.sorted(by: { $0.loadedDate < $1.loadedDate }) where roll.state == .developed {
            for photo in roll.photos where !known.contains("\(roll.id)/\(photo.frame)") {
                report.checkedPhotos += 1
                if let problem = problem(with: photo, in: roll) {
                    report.damage.append(
                        RollDamage(
                            kind: .corruptDevelopedPhoto(frame: photo.frame), rollID: roll.id, rollName: roll.name,
                            file: store.location(of: photo, in: roll), reason: problem))
                }
            }
        }
        return report
    }

    /// Repairs the library, rebuilding what can be rebuilt and keeping the rest aside; nothing is
    /// deleted.
    ///
    /// - A damaged roll record is rebuilt from its backup copy; without a readable one, the
    ///   roll's whole folder is kept aside.
    /// - A damaged shot record is rebuilt from the shot's bytes (the capture date and position
    ///   from their EXIF, or the file's date); a shot that does not decode is kept aside, and the
    ///   roll goes on without it.
    /// - A developed photo that is missing or fails its checksum is developed again from its
    ///   shot (the same bytes, as development is deterministic).
    ///
    /// - Returns: what was done, and the damage left (a photo whose shot or stock is gone).
    /// - Throws: ``RollError/busy(name:)`` while a roll is being developed; the store's errors.
    public func repair() async throws -> RollCheckReport {
        if let roll = busy.first.flatMap({ rollsByID[$0] }) { throw RollError.busy(name: roll.name) }
        var repairs: [RollRepair] = []
        // A restored roll record can reveal damaged shots, so the store is read again until
        // nothing it can repair is left (each pass repairs every file it finds, so two suffice).
        for _ in 0..<4 {
            let found = try store.loadRolls().damage.filter(\.makesRollUnusable)
            if found.isEmpty { break }
            for damage in found {
                repairs += try store.repair(damage)
            }
        }
        (rollsByID, damageFound) = try Self.opened(store, now: configuration.clock.now)
        for damage in check().damage {
            guard let frame = damage.developedFrame, var roll = rollsByID[damage.rollID],
                let shot = roll.shots.first(where: { $0.frame == frame }),
                let filter = try? registry.makeFilter(roll.stock)
            else { continue }
            let photo = try Self.developFrame(shot, of: roll, with: filter, store: store)
            roll.photos = roll.photos.map { $0.frame == frame ? photo : $0 }
            try store.save(roll)
            rollsByID[roll.id] = roll
            repairs.append(.redeveloped(roll: roll.name, frame: frame))
        }
        (rollsByID, damageFound) = try Self.opened(store, now: configuration.clock.now)
        var report = check()
        report.repairs = repairs
        return report
    }
}
