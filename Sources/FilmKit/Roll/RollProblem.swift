import FileSafety
import Foundation
import Imaging

/// Why a roll's file cannot be stored or trusted, or a note is refused: the reason inside
/// ``RollError``, ``RollDamage`` and ``RollRepair``, in words FilmKit translates (English, Slovak,
/// Czech). What the system or a decoder said is kept as it was, as a detail.
public indirect enum RollProblem: Sendable, Hashable {
    /// What the system said (a file operation's error); shown as a technical detail.
    case system(String)
    /// The library's path is not valid UTF-8, so the store could not name files under it.
    case pathNotUTF8
    /// The library was opened read-only (``FileRollStore/init(readingFolder:)``).
    case readOnly
    /// The store was closed (``FileRollStore/close()``).
    case closed
    /// Every file name an export could choose is taken.
    case noFreeFileName
    /// A record could not be encoded; the encoder's words.
    case unencodable(String)
    /// A record does not decode; the decoder's words.
    case undecodable(String)
    /// A roll's record names another roll.
    case recordOfAnotherRoll(UUID)
    /// A shot's record names another frame.
    case recordOfAnotherFrame(Int)
    /// A file has `actual` bytes where its record says `expected`.
    case sizeMismatch(actual: Int, expected: Int)
    /// The file is missing.
    case missing
    /// A shot's bytes are missing beside its record (named here).
    case missingBeside(record: String)
    /// A developed photo's bytes (`bytes` of them) do not match the checksum recorded when it was developed.
    case checksumMismatch(bytes: Int)
    /// The file cannot be read; the system's words.
    case unreadable(String)
    /// Kept aside: the roll record is damaged and has no readable backup.
    case noReadableBackup(RollProblem)
    /// Kept aside: a shot's record is damaged and there is no shot to rebuild it from.
    case noShotToRebuildFrom(RollProblem)
    /// Kept aside: a shot's record is damaged and the shot does not decode.
    case shotDoesNotDecode(RollProblem)
    /// A note has a control character (its code point).
    case controlCharacter(UInt32)
    /// A note has `count` Unicode scalars, over `limit`.
    case tooLong(count: Int, limit: Int)
    /// A frame could not be decoded, filtered or encoded: the image library's error.
    case imaging(ImagingError)
    /// The stock's filter refused its parameters.
    case filter(FilterError)
    /// An export destination's own roll error (a folder that cannot be written, say).
    case roll(RollError)
    /// Another kit's error, or a filter's or export destination's of the app, with its message in
    /// each language.
    case failure(TranslatedMessage)
    /// An error that has no translation, in its own words; shown as a technical detail.
    case reported(String)
}

extension RollProblem {
    /// Why a frame's development or export failed: `error` kept typed when FilmKit knows its
    /// type, translated when it is a ``LocalizableError``, else in its own words.
    init(causedBy error: any Error) {
        switch error {
        case let error as ImagingError: self = .imaging(error)
        case let error as FilterError: self = .filter(error)
        case let error as RollError: self = .roll(error)
        case let error as any LocalizableError: self = .failure(TranslatedMessage(error))
        default: self = .reported("\(error)")
        }
    }
}

extension RollProblem: LocalizedReason {
    /// FilmKit's table.
    public static var messageTable: MessageTable { .filmKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); the
    /// system's or a decoder's words follow as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .system(let detail): return text("system", locale: locale, ["detail": detail])
        case .pathNotUTF8: return text("pathNotUTF8", locale: locale)
        case .readOnly: return text("readOnly", locale: locale)
        case .closed: return text("closed", locale: locale)
        case .noFreeFileName: return text("noFreeFileName", locale: locale)
        case .unencodable(let detail): return text("unencodable", locale: locale, detail: detail)
        case .undecodable(let detail): return text("undecodable", locale: locale, detail: detail)
        case .recordOfAnotherRoll(let id): return text("recordOfAnotherRoll", locale: locale, ["roll": id.uuidString])
        case .recordOfAnotherFrame(let frame):
            return text("recordOfAnotherFrame", locale: locale, ["frame": String(frame)])
        case .sizeMismatch(let actual, let expected):
            return text("sizeMismatch", locale: locale, ["actual": String(actual), "expected": String(expected)])
        case .missing: return text("missing", locale: locale)
        case .missingBeside(let record): return text("missingBeside", locale: locale, ["record": record])
        case .checksumMismatch(let bytes): return text("checksumMismatch", locale: locale, ["bytes": String(bytes)])
        case .unreadable(let detail): return text("unreadable", locale: locale, detail: detail)
        case .noReadableBackup(let problem):
            return text("noReadableBackup", locale: locale, ["problem": problem.localizedDescription(for: locale)])
        case .noShotToRebuildFrom(let problem):
            return text("noShotToRebuildFrom", locale: locale, ["problem": problem.localizedDescription(for: locale)])
        case .shotDoesNotDecode(let problem):
            return text("shotDoesNotDecode", locale: locale, ["problem": problem.localizedDescription(for: locale)])
        case .controlCharacter(let value):
            return text(
                "controlCharacter", locale: locale, ["character": "U+" + String(value, radix: 16, uppercase: true)])
        case .tooLong(let count, let limit):
            return text("tooLong", locale: locale, ["count": String(count), "limit": String(limit)])
        case .imaging(let error): return error.localizedDescription(for: locale)
        case .filter(let error): return error.localizedDescription(for: locale)
        case .roll(let error): return error.localizedDescription(for: locale)
        case .failure(let message): return message.text(for: locale)
        case .reported(let detail): return text("reported", locale: locale, ["detail": detail])
        }
    }
}
