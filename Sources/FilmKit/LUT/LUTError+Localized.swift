import FileSafety
import Foundation
import Imaging

extension LUTError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            MessageTable.filmKit.text("LUTError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .unreadable(let path, let reason):
            return text(
                "unreadable",
                ["path": FileSystemPath.displayed(path), "reason": reason.localizedDescription(for: locale)])
        case .malformedLine(let line, let content, let reason):
            return text(
                "malformedLine",
                ["line": String(line), "text": content, "reason": reason.localizedDescription(for: locale)])
        case .missingSize: return text("missingSize")
        case .sizeOutOfRange(let size, let allowed):
            return text(
                "sizeOutOfRange",
                ["size": String(size), "lower": String(allowed.lowerBound), "upper": String(allowed.upperBound)])
        case .wrongEntryCount(let expected, let found):
            return text("wrongEntryCount", ["expected": String(expected), "found": String(found)])
        case .tooManyEntries(let expected, let line):
            return text("tooManyEntries", ["expected": String(expected), "line": String(line)])
        case .invalidEntry(let index, let reason):
            return text(
                "invalidEntry", ["index": String(index + 1), "reason": reason.localizedDescription(for: locale)])
        case .invalidDomain: return text("invalidDomain")
        case .tooLarge(let byteCount, let limit):
            return text("tooLarge", ["bytes": String(byteCount), "limit": String(limit)])
        case .notAHaldCLUT(let width, let height):
            return text("notAHaldCLUT", ["width": String(width), "height": String(height)])
        }
    }
}
