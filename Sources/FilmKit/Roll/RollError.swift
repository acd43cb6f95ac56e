import FileSafety
import Foundation
import Imaging

/// What went wrong with a roll. Every case leaves the roll and its files as they were.
public enum RollError: Error, Sendable, Hashable {
    /// A roll with this name exists already (names are compared ignoring case and accents).
    case duplicateName(requested: String, existing: String)
    /// The name is empty, only spaces, or longer than 200 characters.
    case invalidName(String)
    /// The stock is not a registered filter; carries the registry's error with its suggestions.
    case unknownStock(FilterError)
    /// No roll has this name; `suggestions` are names close to it.
    case rollNotFound(name: String, suggestions: [String])
    /// The roll has no exposure left.
    case rollFull(name: String, exposures: Int)
    /// The operation needs a roll in another state, such as shooting a developed roll.
    case wrongState(name: String, state: RollState, expected: RollState)
    /// Finishing a roll early needs at least one shot.
    case nothingShot(name: String)
    /// The photos are at the lab until `readyDate` (the camera's development delay).
    case notReady(name: String, readyDate: Date)
    /// The roll has no such frame.
    case frameNotFound(name: String, frame: Int, frameCount: Int)
    /// The shot is not a readable image; nothing was stored.
    case invalidImage(ImagingError)
    /// The GPS position is out of range.
    case invalidLocation(GeoLocation)
    /// The exposure compensation is not a finite number within
    /// ``ShotMetadata/exposureCompensationRange``.
    case invalidExposure(Double)
    /// A note is too long or holds a control character (see ``Roll/normalizedNote(_:)``).
    case invalidNote(RollProblem)
    /// An owner identifier is empty, over 256 bytes or holds a control character (see ``RollOwner``).
    case invalidOwner(String)
    /// Decoding a shot, applying the stock or encoding a frame failed; the roll is back to full.
    case developmentFailed(name: String, frame: Int, reason: RollProblem)
    /// The roll is being developed; wait for the development to end.
    case busy(name: String)
    /// The export destination refused a photo; `reason` holds its error.
    case exportFailed(name: String, frame: Int, reason: RollProblem)
    /// Another store (in this program or another one) has the library open.
    case libraryInUse(path: String)
    /// Reading or writing the library failed.
    case storageFailed(path: String, reason: RollProblem)
    /// A stored file does not hold what it should (changed outside the library).
    case corruptFile(path: String, reason: RollProblem)
    /// The roll's files are damaged (see ``RollDamage``): it cannot be used until
    /// ``Camera/repair()`` has rebuilt or kept aside what is damaged.
    case damaged(name: String, file: String, reason: RollProblem)
    /// A developed photo's bytes are missing or do not match the checksum recorded when it was
    /// developed; ``Camera/repair()`` develops it again.
    case corruptPhoto(name: String, frame: Int, reason: RollProblem)
}

extension RollError {
    /// A failed file operation of the store or an export.
    init(_ failure: FileSystemFailure) {
        self = .storageFailed(path: failure.path, reason: .system(failure.reason))
    }
}

/// Runs a file operation of the lowest layer's ``AtomicFile``, turning its failure into
/// ``RollError/storageFailed(path:reason:)``.
func storing<T>(_ operation: () throws(FileSystemFailure) -> T) throws(RollError) -> T {
    do {
        return try operation()
    } catch {
        throw RollError(error)
    }
}

extension RollError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
