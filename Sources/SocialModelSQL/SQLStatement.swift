import Foundation
import SocialModel

/// A value bound to a statement, whatever the driver: each store binds these its own way.
package enum SQLValue: Sendable, Equatable {
    case null
    case text(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case blob(Data)
    /// A list of strings: JSON text in SQLite, `text[]` in PostgreSQL (as ``SQLColumns/strings()`` reads it).
    case strings([String])
    /// Ids read as a table of one column, `id`: where a statement writes ``SQLStatement/Interpolation/appendInterpolation(table:)``,
    /// SQLite reads them from one JSON argument, PostgreSQL unnests one `text[]`, so the text stays
    /// the same, cached statement whatever their number.
    case table([String])
}

/// A type a statement can bind: the store code interpolates these straight into SQL text.
package protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable { package var sqlValue: SQLValue { .text(self) } }
extension Int: SQLBindable { package var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { package var sqlValue: SQLValue { .real(self) } }
extension Bool: SQLBindable { package var sqlValue: SQLValue { .boolean(self) } }
extension Data: SQLBindable { package var sqlValue: SQLValue { .blob(self) } }
extension Array: SQLBindable where Element == String { package var sqlValue: SQLValue { .strings(self) } }
/// Dates are stored as seconds since 2001-01-01 UTC (see ``SQLColumns``).
extension Date: SQLBindable { package var sqlValue: SQLValue { .real(timeIntervalSinceReferenceDate) } }
extension Identifier: SQLBindable { package var sqlValue: SQLValue { .text(rawValue) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One SQL statement written once for both stores: its text with a neutral placeholder where
/// each value goes, and the values. A store renders the placeholders its own way (`?` for SQLite,
/// `$1`, `$2`… for PostgreSQL) and binds the values; no value is ever spliced into the text.
///
/// Written by interpolation: `"SELECT … WHERE id = \(id)"` binds `id`; `\(raw: text)` inserts SQL
/// text (column lists, another statement's clause) and `\(statement)` inserts another statement
/// with its values.
package struct SQLStatement: Sendable, ExpressibleByStringInterpolation {
    /// The text between the values: one more piece than ``bindings``.
    package private(set) var pieces: [String]
    package private(set) var bindings: [SQLValue]

    package init(stringLiteral value: String) {
        pieces = [value]
        bindings = []
    }

    package init(stringInterpolation: Interpolation) {
        self = stringInterpolation.statement
    }

    /// The text with each value's placeholder made by `placeholder` from its 1-based position
    /// and its value.
    package func text(placeholder: (Int, SQLValue) -> String) -> String {
        var text = pieces[0]
        for index in bindings.indices {
            text += placeholder(index + 1, bindings[index])
            text += pieces[index + 1]
        }
        return text
    }

    /// Appends SQL text.
    package mutating func append(raw text: String) {
        pieces[pieces.count - 1] += text
    }

    /// Appends a value's placeholder and binds it.
    package mutating func append(value: SQLValue) {
        bindings.append(value)
        pieces.append("")
    }

    /// Appends another statement, text and values.
    package mutating func append(_ other: SQLStatement) {
        append(raw: other.pieces[0])
        for (value, piece) in zip(other.bindings, other.pieces.dropFirst()) {
            append(value: value)
            append(raw: piece)
        }
    }

    package struct Interpolation: StringInterpolationProtocol {
        var statement = SQLStatement(stringLiteral: "")

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { statement.append(raw: literal) }
        package mutating func appendInterpolation(_ value: some SQLBindable) { statement.append(value: value.sqlValue) }
        package mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            statement.append(value: value.sqlValue)
        }
        package mutating func appendInterpolation(raw text: String) { statement.append(raw: text) }
        /// A table of one column, `id`, holding `ids` (see ``SQLValue/table(_:)``).
        package mutating func appendInterpolation(table ids: [String]) { statement.append(value: .table(ids)) }
        package mutating func appendInterpolation(_ other: SQLStatement) { statement.append(other) }
    }
}

extension SQLStatement {
    /// SQL text that names one value several times (`make` gets the value's placeholder), with
    /// the value bound at each place: for shared predicates written as text (``SafetySQL``).
    /// - Parameters:
    ///   - value: the value each placeholder stands for.
    ///   - make: the text, given the placeholder to write.
    package init(binding value: SQLValue, in make: (String) -> String) {
        let marker = "\u{1}"
        self = ""
        for (index, piece) in make(marker).components(separatedBy: marker).enumerated() {
            if index > 0 { append(value: value) }
            append(raw: piece)
        }
    }
}
