import Foundation

/// What is wrong with a film stock file or value.
public enum FilmStockError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The JSON does not describe a stock: a syntax error, a missing field or a value of the wrong type.
    case malformed(source: String, reason: String)
    /// A number is outside what the stock model accepts.
    case valueOutOfRange(stock: String, field: String, value: Double, range: ClosedRange<Double>)
    /// The values contradict each other.
    case invalid(stock: String, reason: String)
}

extension FilmStockError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read film stock \(path): \(reason)"
        case .malformed(let source, let reason): "\(source) is not a valid film stock: \(reason)"
        case .valueOutOfRange(let stock, let field, let value, let range):
            "film stock \(stock): \(field) = \(value) is outside \(range.lowerBound)…\(range.upperBound)"
        case .invalid(let stock, let reason): "film stock \(stock): \(reason)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context): return "\(path(context)) should be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, expected \(type)"
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else { return "\(path(context)): \(context.debugDescription)" }
            // Foundation's parser names the line and column in its underlying error.
            return "not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        @unknown default: return "\(error)"
        }
    }
}
