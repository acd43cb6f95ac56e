import FileSafety
import Foundation
import Imaging

/// A file of a roll library that exists but cannot be trusted: a record that does not decode, a
/// shot whose bytes do not match their record, a developed photo that fails its checksum.
///
/// Every write of a ``RollStore`` is atomic, so a crash never causes damage; damage comes from
/// outside (a failing disk, a file edited or truncated by hand). Opening a library never deletes
/// or changes a damaged file: the damage is listed (``Camera/damage()``, ``Camera/check()``) and
/// ``Camera/repair()`` rebuilds what can be rebuilt and keeps the rest aside.
public struct RollDamage: Sendable, Hashable {
    /// What is damaged.
    public enum Kind: Sendable, Hashable {
        /// The roll's record (`roll.json`) does not decode, or names another roll. The roll is
        /// listed only as damaged until it is repaired.
        case unreadableRollRecord
        /// A shot's record does not decode. The roll is listed only as damaged until repaired.
        case unreadableShotRecord(frame: Int)
        /// A shot's bytes are not the size its record gives.
        case shotDoesNotMatchRecord(frame: Int)
        /// A shot's record has no bytes beside it.
        case missingShot(frame: Int)
        /// A developed photo the roll lists has no file. The roll stays usable; exporting that
        /// photo fails until it is developed again by ``Camera/repair()``.
        case missingDevelopedPhoto(frame: Int)
        /// A developed photo's bytes do not match the checksum recorded when it was developed.
        /// The roll stays usable; exporting that photo fails until it is developed again.
        case corruptDevelopedPhoto(frame: Int)
    }

    /// What is damaged.
    public let kind: Kind
    /// The roll's identity (its folder's name in a ``FileRollStore``).
    public let rollID: UUID
    /// The roll's name, when its record could be read.
    public let rollName: String?
    /// The damaged file (or, for a missing file, where it should be).
    public let file: String
    /// Why it cannot be trusted.
    public let reason: RollProblem

    /// Creates a damage report.
    /// - Parameters:
    ///   - kind: what is damaged.
    ///   - rollID: the roll's identity.
    ///   - rollName: the roll's name, when its record could be read.
    ///   - file: the damaged file.
    ///   - reason: why it cannot be trusted.
    public init(kind: Kind, rollID: UUID, rollName: String?, file: String, reason: RollProblem) {
        self.kind = kind
        self.rollID = rollID
        self.rollName = rollName
        self.file = file
        self.reason = reason
    }

    /// Whether the whole roll is unusable until it is repaired (its records are in doubt), as
    /// opposed to one developed photo.
    public var makesRollUnusable: Bool {
        switch kind {
        case .unreadableRollRecord, .unreadableShotRecord, .shotDoesNotMatchRecord, .missingShot: true
        case .missingDevelopedPhoto, .corruptDevelopedPhoto: false
        }
    }

    /// The developed frame the damage is about, if any.
    var developedFrame: Int? {
        switch kind {
        case .missingDevelopedPhoto(let frame), .corruptDevelopedPhoto(let frame): frame
        default: nil
        }
    }
}

extension RollDamage: CustomStringConvertible {
    /// A one-line message for people, in English (``localizedDescription(for:)`` in other languages).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        var arguments = [
            "file": FileSystemPath.displayed(file), "reason": reason.localizedDescription(for: locale),
        ]
        arguments["name"] = rollName
        arguments["id"] = rollID.uuidString
        return MessageTable.filmKit.text(
            rollName == nil ? "RollDamage.unnamed" : "RollDamage.named", locale: locale, arguments)
    }
}
