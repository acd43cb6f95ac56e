import FileSafety
import Foundation
import Imaging

/// What ``Camera/repair()`` did about one damaged file.
public enum RollRepair: Sendable, Hashable {
    /// A damaged roll record was rebuilt from its backup copy (written beside it at every save).
    case restoredRollRecord(rollID: UUID, name: String)
    /// A shot's record was rebuilt from its bytes (the date from their EXIF, or the file's date).
    case rebuiltShotRecord(roll: String, frame: Int)
    /// A file that could not be rebuilt was moved, unchanged, to `keptAt` (in the library's
    /// `kept-aside` folder). Nothing is ever deleted.
    case keptAside(file: String, keptAt: String, reason: RollProblem)
    /// A developed photo that was missing or corrupt was developed again from its shot.
    case redeveloped(roll: String, frame: Int)
}

extension RollRepair: CustomStringConvertible {
    /// A one-line message for people, in English (``localizedDescription(for:)`` in other languages).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String]) -> String {
            MessageTable.filmKit.text("RollRepair.\(key)", locale: locale, arguments)
        }
        switch self {
        case .restoredRollRecord(let id, let name):
            return text("restoredRollRecord", ["name": name, "id": id.uuidString])
        case .rebuiltShotRecord(let roll, let frame):
            return text("rebuiltShotRecord", ["roll": roll, "frame": String(frame)])
        case .keptAside(let file, let keptAt, let reason):
            return text(
                "keptAside",
                [
                    "file": FileSystemPath.displayed(file), "keptAt": FileSystemPath.displayed(keptAt),
                    "reason": reason.localizedDescription(for: locale),
                ])
        case .redeveloped(let roll, let frame): return text("redeveloped", ["roll": roll, "frame": String(frame)])
        }
    }
}

/// What ``Camera/check()`` found, or ``Camera/repair()`` did and left.
public struct RollCheckReport: Sendable, Hashable {
    /// The damage found (after a repair: what could not be repaired).
    public var damage: [RollDamage]
    /// What a repair did, in order; empty for a check.
    public var repairs: [RollRepair]
    /// Every file in the library's kept-aside folder, from this repair or earlier ones.
    public var keptAside: [String]
    /// How many developed photos were read and checked against their checksums.
    public var checkedPhotos: Int

    /// Creates a report.
    /// - Parameters:
    ///   - damage: the damage found or left.
    ///   - repairs: what a repair did.
    ///   - keptAside: the files kept aside.
    ///   - checkedPhotos: how many developed photos were checked.
    public init(damage: [RollDamage] = [], repairs: [RollRepair] = [], keptAside: [String] = [], checkedPhotos: Int = 0)
    {
        self.damage = damage
        self.repairs = repairs
        self.keptAside = keptAside
        self.checkedPhotos = checkedPhotos
    }

    /// Whether no damage was found (or, after a repair, is left).
    public var isHealthy: Bool { damage.isEmpty }
}
