import Foundation

/// What is wrong with a film stock file or value.
public enum FilmStockError: Error, Sendable, Hashable {
    /// The file or folder could not be read.
    case unreadable(path: String, reason: FilmStockProblem)
    /// The JSON does not describe a stock: not JSON, too large, a missing field or a value of the wrong type.
    case malformed(source: String, reason: FilmStockProblem)
    /// A number is outside what the stock model accepts.
    case valueOutOfRange(stock: String, field: String, value: Double, range: ClosedRange<Double>)
    /// The values contradict each other or name nothing.
    case invalid(stock: String, reason: FilmStockProblem)
}

extension FilmStockError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
