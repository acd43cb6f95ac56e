import Foundation
import Imaging

/// Why a film stock file cannot be read or a stock is refused: the reason inside
/// ``FilmStockError``, in words FilmKit translates (English, Slovak, Czech). What the system or
/// the JSON parser said is kept as it was, as a detail.
public enum FilmStockProblem: Sendable, Hashable {
    /// What the system said when reading the file or folder; shown as a technical detail.
    case system(String)
    /// The JSON has `byteCount` bytes, over ``FilmStock/maximumFileSize`` (`limit`).
    case tooLarge(byteCount: Int, limit: Int)
    /// The bytes are not JSON; the parser's words (which name the line and column).
    case notJSON(String)
    /// A required field is missing from the object at `parent` (`nil` at the top level).
    case missingField(String, parent: String?)
    /// The value at `path` (`nil`: the top level) is not of the type `expected` names.
    case wrongType(path: String?, expected: String)
    /// The value at `path` (`nil`: the top level) is null where `expected` is needed.
    case nullValue(path: String?, expected: String)
    /// The value at `path` (`nil`: the top level) cannot be read; the decoder's words.
    case unreadableValue(path: String?, detail: String)
    /// The JSON does not decode for another reason; the decoder's words.
    case undecodable(String)
    /// The id or the name is empty.
    case missingIDOrName
    /// The id is not a filter name (letters, digits, `-`, `_` and `.`), so it could not be registered.
    case idNotAFilterName
    /// A black-and-white stock gives its channels different curves.
    case blackAndWhiteCurves
    /// A colour field (`color.cast`, `halation.color`) does not have 3 gains.
    case needsThreeGains(field: String)
    /// `color.mix` does not have 3 weights with a non-zero sum.
    case mixWeights
    /// A channel's curve has its black point at or above its white point.
    case blackNotBelowWhite(channel: String)
    /// The grain gives neither or both of `printGrainIndex` and `rmsGranularity`.
    case grainFigure
}

extension FilmStockProblem {
    /// What a decoding error says is wrong, naming the field by its path (`grain.printGrainIndex`).
    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context) -> String? {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? nil : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): self = .missingField(key.stringValue, parent: path(context))
        case .typeMismatch(let type, let context): self = .wrongType(path: path(context), expected: "\(type)")
        case .valueNotFound(let type, let context): self = .nullValue(path: path(context), expected: "\(type)")
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else {
                self = .unreadableValue(path: path(context), detail: context.debugDescription)
                return
            }
            // Foundation's parser names the line and column in its underlying error.
            self = .notJSON(context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        @unknown default: self = .undecodable("\(error)")
        }
    }
}

extension FilmStockProblem: LocalizedReason {
    /// FilmKit's table.
    public static var messageTable: MessageTable { .filmKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); the
    /// system's or the parser's words follow as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        func place(_ path: String?) -> String { path ?? text("topLevel", locale: locale) }
        switch self {
        case .system(let detail): return text("system", locale: locale, ["detail": detail])
        case .tooLarge(let byteCount, let limit):
            return text("tooLarge", locale: locale, ["bytes": String(byteCount), "limit": String(limit)])
        case .notJSON(let detail): return text("notJSON", locale: locale, detail: detail)
        case .missingField(let field, nil): return text("missingField", locale: locale, ["field": field])
        case .missingField(let field, let parent?):
            return text("missingFieldIn", locale: locale, ["field": field, "parent": parent])
        case .wrongType(let path, let expected):
            return text("wrongType", locale: locale, ["path": place(path), "type": expected])
        case .nullValue(let path, let expected):
            return text("nullValue", locale: locale, ["path": place(path), "type": expected])
        case .unreadableValue(let path, let detail):
            return text("unreadableValue", locale: locale, ["path": place(path)], detail: detail)
        case .undecodable(let detail): return text("undecodable", locale: locale, detail: detail)
        case .missingIDOrName: return text("missingIDOrName", locale: locale)
        case .idNotAFilterName: return text("idNotAFilterName", locale: locale)
        case .blackAndWhiteCurves: return text("blackAndWhiteCurves", locale: locale)
        case .needsThreeGains(let field): return text("needsThreeGains", locale: locale, ["field": field])
        case .mixWeights: return text("mixWeights", locale: locale)
        case .blackNotBelowWhite(let channel): return text("blackNotBelowWhite", locale: locale, ["channel": channel])
        case .grainFigure: return text("grainFigure", locale: locale)
        }
    }
}
