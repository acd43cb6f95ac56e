import Foundation
import Imaging

/// Why a lookup table's file cannot be read, a line of it is refused, or an entry is not usable:
/// the reason inside ``LUTError``, in words FilmKit translates (English, Slovak, Czech). What the
/// system said is kept as it was, as a detail.
public enum LUTProblem: Sendable, Hashable {
    /// What the system said when opening or reading the file; shown as a technical detail.
    case system(String)
    /// The line is longer than ``ColorLookupTable/maximumCubeLineLength`` (`limit`) bytes.
    case lineTooLong(limit: Int)
    /// A field that should be a number is not a finite one (quoted as it stands).
    case notANumber(String)
    /// A number is finite only in double precision: outside ±3.4e38 (quoted as it stands).
    case outsideSinglePrecision(String)
    /// A line or an entry has `found` numbers where `expected` are needed.
    case wrongNumberCount(expected: Int, found: Int)
    /// `LUT_1D_SIZE` or `LUT_3D_SIZE` appears a second time.
    case sizeGivenTwice
    /// A size line does not hold one whole number.
    case sizeNotAWholeNumber
    /// The line starts with a keyword the format does not know.
    case unknownKeyword(String)
    /// An entry comes before the line that declares the size.
    case entryBeforeSize
    /// An entry's numbers are not all finite in single precision.
    case notFinite([Double])
}

extension LUTProblem: LocalizedReason {
    /// FilmKit's table.
    public static var messageTable: MessageTable { .filmKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); the
    /// system's words follow as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .system(let detail): return text("system", locale: locale, ["detail": detail])
        case .lineTooLong(let limit): return text("lineTooLong", locale: locale, ["limit": String(limit)])
        case .notANumber(let field): return text("notANumber", locale: locale, ["text": field])
        case .outsideSinglePrecision(let field): return text("outsideSinglePrecision", locale: locale, ["text": field])
        case .wrongNumberCount(let expected, let found):
            return plural("wrongNumberCount", count: expected, locale: locale, ["found": String(found)])
        case .sizeGivenTwice: return text("sizeGivenTwice", locale: locale)
        case .sizeNotAWholeNumber: return text("sizeNotAWholeNumber", locale: locale)
        case .unknownKeyword(let keyword): return text("unknownKeyword", locale: locale, ["keyword": keyword])
        case .entryBeforeSize: return text("entryBeforeSize", locale: locale)
        case .notFinite(let values): return text("notFinite", locale: locale, ["entry": "\(values)"])
        }
    }
}
