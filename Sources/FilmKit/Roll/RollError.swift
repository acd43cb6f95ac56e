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
    /// Applying the stock or encoding a frame failed; the roll is back to full.
    case developmentFailed(name: String, frame: Int, reason: String)
    /// The roll is being developed; wait for the development to end.
    case busy(name: String)
    /// The export destination refused a photo; `reason` is its error.
    case exportFailed(name: String, frame: Int, reason: String)
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
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .duplicateName(let requested, let existing):
            return requested == existing
                ? "a roll named '\(existing)' already exists"
                : "a roll named '\(existing)' already exists ('\(requested)' differs only in case or accents)"
        case .invalidName(let name):
            return "'\(name)' is not a valid roll name (it must have 1…200 characters, not only spaces)"
        case .unknownStock(let error):
            return "unknown film stock: \(error)"
        case .rollNotFound(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "" : "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
            return "no roll named '\(name)'\(hint)"
        case .rollFull(let name, let exposures):
            return "roll '\(name)' is full (all \(exposures) exposures taken)"
        case .wrongState(let name, let state, let expected):
            return "roll '\(name)' is \(state.rawValue), not \(expected.rawValue)"
        case .nothingShot(let name):
            return "roll '\(name)' has no shots to develop"
        case .notReady(let name, let readyDate):
            return "roll '\(name)' is still at the lab until \(readyDate.formatted(.iso8601))"
        case .frameNotFound(let name, let frame, let frameCount):
            return "roll '\(name)' has no frame \(frame) (it has \(frameCount))"
        case .invalidImage(let reason):
            return "cannot shoot: \(reason)"
        case .invalidLocation(let location):
            return "invalid GPS position \(location.latitude), \(location.longitude)"
        case .invalidExposure(let value):
            return "exposure compensation \(value) EV is outside −5…+5 EV"
        case .invalidNote(let reason):
            return "invalid note: \(reason)"
        case .invalidOwner(let owner):
            return "\(owner.debugDescription) is not a valid owner (it must have 1…256 bytes, no control characters)"
        case .developmentFailed(let name, let frame, let reason):
            return "developing frame \(frame) of roll '\(name)' failed: \(reason)"
        case .busy(let name):
            return "roll '\(name)' is being developed"
        case .exportFailed(let name, let frame, let reason):
            return "cannot export frame \(frame) of roll '\(name)': \(reason)"
        case .libraryInUse(let path):
            return "the roll library \(path) is in use by another program"
        case .storageFailed(let path, let reason):
            return "cannot store \(FileSystemPath.displayed(path)): \(reason)"
        case .corruptFile(let path, let reason):
            return "corrupt roll file \(path): \(reason)"
        case .damaged(let name, let file, let reason):
            return "roll '\(name)' is damaged (\(FileSystemPath.displayed(file)): \(reason)); repair it first"
        case .corruptPhoto(let name, let frame, let reason):
            return "frame \(frame) of roll '\(name)' is damaged (\(reason)); a repair develops it again"
        }
    }
}
